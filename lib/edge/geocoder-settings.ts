// The geocoder's settings (docs/architecture/places.md "The geocoder", .env.example). Plain
// module, read by load-config.ts. GEOCODER unset (or "offline") is the built-in offline geocoder:
// the ZIP's centre, and the demo city's known streets. GEOCODER=nominatim selects a Nominatim
// server and needs its GEOCODER_URL: without it the server refuses to start, so a deployment
// that asked for a real geocoder never runs on the offline one without saying so.

export type GeocoderSettings =
  | { provider: "offline" }
  | {
      provider: "nominatim";
      /** GEOCODER_URL: the Nominatim server's base URL (its /search is asked). */
      url: string;
      /** GEOCODER_USER_AGENT, default "Nosh geocoder (<PUBLIC_ORIGIN>)", or "Nosh geocoder" without one: Nominatim's usage policy asks every application to name itself. */
      userAgent: string;
      /** GEOCODER_EMAIL, or null: a contact sent with each request (the policy's `email`). */
      email: string | null;
      /** GEOCODER_MIN_INTERVAL_MS, default 1000: at least this long between two requests of a process (the public server's one a second). */
      minIntervalMs: number;
    };

export const GEOCODERS = ["offline", "nominatim"] as const;

export function geocoderSettings(env: Record<string, string | undefined>, origin: string | null): GeocoderSettings {
  const provider = env.GEOCODER?.trim().toLowerCase() || "offline";
  if (provider === "offline") return { provider };
  if (provider !== "nominatim") throw new Error(`GEOCODER must be one of ${GEOCODERS.join(", ")}, got "${env.GEOCODER}"`);
  const url = env.GEOCODER_URL?.trim();
  if (!url)
    throw new Error(
      'GEOCODER=nominatim needs GEOCODER_URL, the Nominatim server to ask (such as https://nominatim.example.org; docs/deploying.md "Geocoder"), or unset GEOCODER for the offline geocoder (ZIP centres: customers pin their door)',
    );
  let parsed: URL | null = null;
  try {
    parsed = new URL(url);
  } catch {
    parsed = null;
  }
  if (!parsed || !/^https?:$/.test(parsed.protocol) || parsed.search || parsed.hash)
    throw new Error(`GEOCODER_URL must be an http(s) URL without a query, such as https://nominatim.example.org, got "${url}"`);
  const interval = env.GEOCODER_MIN_INTERVAL_MS?.trim();
  const minIntervalMs = interval ? Number(interval) : 1_000;
  if (!Number.isInteger(minIntervalMs) || minIntervalMs < 0) throw new Error(`GEOCODER_MIN_INTERVAL_MS must be a whole number of milliseconds, got "${interval}"`);
  return {
    provider,
    url,
    userAgent: env.GEOCODER_USER_AGENT?.trim() || (origin ? `Nosh geocoder (${origin})` : "Nosh geocoder"),
    email: env.GEOCODER_EMAIL?.trim() || null,
    minIntervalMs,
  };
}
