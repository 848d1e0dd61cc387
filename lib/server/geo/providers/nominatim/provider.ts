import "server-only";
import { boundedCache } from "../../../platform/bounded-cache";
import { appLog } from "../../../platform/log";
import type { Geocoder, GeocodeQuery, Placement, Precision } from "../geocoder";

// A Nominatim server's geocoder (docs/architecture/places.md "The geocoder"): GEOCODER=nominatim
// with GEOCODER_URL, a self-hosted Nominatim (or one whose usage policy allows the traffic). Its
// search API (nominatim.org/release-docs/latest/api/Search/) is asked with a structured query:
// GET <url>/search?street=<number and street>&city=&state=&postalcode=&countrycodes=us
// &format=jsonv2&addressdetails=1&limit=1, with a User-Agent naming the application (the policy
// of nominatim.openstreetmap.org asks for one, and for at most one request a second). The first
// result's lat and lon (strings) are its point; its place_rank says how precise it is: 30 (a
// house or a building, TIGER's interpolated house numbers too) or a house_number in its address
// is `rooftop`, 26-29 (the street) `street`; coarser (a postcode area, a suburb, the city) is no
// better than the ZIP's centre: no answer.
//
// Every answer is kept (bounded, the least recently used going first; a miss too, so a typo is
// not asked again and again) for `cacheTtlMs`. Requests are spaced at least `minIntervalMs` apart
// in each process; one that would wait longer than `maxWaitMs` for its turn, a timeout, an HTTP
// error or an unreadable answer is no answer (not kept): the address falls back to its ZIP's
// centre and the customer places the pin, so a slow or absent geocoder never blocks a save.

export const NOMINATIM_GEOCODER = "nominatim";

export type NominatimOptions = {
  /** The server's base URL (GEOCODER_URL), e.g. https://nominatim.example.org or http://10.0.0.5:8080. */
  url: string;
  /** The User-Agent sent (GEOCODER_USER_AGENT): the application and a contact. */
  userAgent: string;
  /** GEOCODER_EMAIL: sent as `email` (the policy's contact for heavy users), or null. */
  email: string | null;
  /** The least time between two requests (GEOCODER_MIN_INTERVAL_MS, default 1000: the public server's one a second). */
  minIntervalMs: number;
  /** A request waits at most this long for its turn (default 3000), else it is not made. */
  maxWaitMs?: number;
  /** A request's timeout (default 5000). */
  timeoutMs?: number;
  /** How long an answer is kept (default 24 hours) and how many are kept (default 2000). */
  cacheTtlMs?: number;
  cacheEntries?: number;
};

/** Nominatim's jsonv2 search result, the parts read. */
type NominatimResult = { lat?: unknown; lon?: unknown; place_rank?: unknown; address?: { house_number?: unknown } };

/** The query's search parameters, in Nominatim's names (a structured query: no `q`). */
export function searchParams(query: GeocodeQuery, email: string | null): URLSearchParams {
  const params = new URLSearchParams({
    street: query.address.trim(),
    city: query.city.trim(),
    state: query.state.trim(),
    postalcode: query.zip.trim().slice(0, 5),
    countrycodes: "us",
    format: "jsonv2",
    addressdetails: "1",
    limit: "1",
  });
  if (email) params.set("email", email);
  return params;
}

/** The first result's point and precision, or null (none, too coarse, or unreadable). */
export function placementOf(body: unknown): Placement | null {
  const first = Array.isArray(body) ? (body[0] as NominatimResult | undefined) : undefined;
  if (!first || typeof first !== "object") return null;
  const lat = Number(first.lat);
  const lng = Number(first.lon);
  if (typeof first.lat !== "string" || typeof first.lon !== "string" || !Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  const rank = Number(first.place_rank);
  const house = first.address?.house_number !== undefined && first.address.house_number !== null && first.address.house_number !== "";
  const precision: Precision | null = rank >= 30 || house ? "rooftop" : rank >= 26 ? "street" : null;
  return precision ? { lat: Math.round(lat * 1e6) / 1e6, lng: Math.round(lng * 1e6) / 1e6, precision } : null;
}

type Kept = { placement: Placement | null; at: number };

export function nominatimGeocoder(options: NominatimOptions): Geocoder & { readonly stats: { requests: number; cacheHits: number; skipped: number } } {
  const { userAgent, email, minIntervalMs, maxWaitMs = 3_000, timeoutMs = 5_000, cacheTtlMs = 24 * 3_600_000, cacheEntries = 2_000 } = options;
  const base = options.url.replace(/\/+$/, "");
  const cache = boundedCache<Kept>({ maxEntries: cacheEntries, maxBytes: cacheEntries * 400 });
  const stats = { requests: 0, cacheHits: 0, skipped: 0 };
  let nextSlot = 0;
  const now = () => Date.now();

  /** The time this request may be sent, or null when its turn is more than maxWaitMs away (the slot is then not taken). */
  const takeSlot = (): number | null => {
    const at = Math.max(now(), nextSlot);
    if (at - now() > maxWaitMs) return null;
    nextSlot = at + minIntervalMs;
    return at;
  };

  async function ask(params: URLSearchParams): Promise<{ placement: Placement | null } | null> {
    const slot = takeSlot();
    if (slot === null) {
      stats.skipped++;
      appLog.warn("geocoder busy: placed at the ZIP's centre", { geocoder: NOMINATIM_GEOCODER });
      return null;
    }
    const wait = slot - now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    stats.requests++;
    try {
      const response = await fetch(`${base}/search?${params}`, {
        headers: { "User-Agent": userAgent, Accept: "application/json", "Accept-Language": "en" },
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) {
        appLog.warn("geocoder answered an error", { geocoder: NOMINATIM_GEOCODER, status: response.status });
        return null;
      }
      return { placement: placementOf(await response.json()) };
    } catch (error) {
      appLog.warn("geocoder unreachable", { geocoder: NOMINATIM_GEOCODER, err: error });
      return null;
    }
  }

  return {
    name: NOMINATIM_GEOCODER,
    stats,
    async geocode(query: GeocodeQuery): Promise<Placement | null> {
      const params = searchParams(query, email);
      const key = params.toString().toLowerCase();
      const kept = cache.get(key);
      if (kept && now() - kept.at < cacheTtlMs) {
        stats.cacheHits++;
        return kept.placement;
      }
      const answer = await ask(params);
      if (!answer) return null;
      cache.set(key, { placement: answer.placement, at: now() });
      return answer.placement;
    },
  };
}
