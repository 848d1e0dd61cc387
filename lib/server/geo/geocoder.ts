import "server-only";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { distanceKm, type Point } from "@/lib/shared/delivery/delivery";

// The offline geocoder (docs/architecture/places.md "Places"): a US ZIP code's centroid, from
// the `zipcodes` package's data (about 42,000 US ZIP codes with coordinates, BSD, maintained
// and installed from the registry: nothing is fetched at run time). Its module would keep
// 42,000 objects (9 MB) in every worker's heap, so the data file is read on first use and packed
// into typed arrays; the parsed objects are then garbage.
// A saved address is placed at its ZIP's centroid: close enough for "within 8 km" and for a
// courier's first guess, and the courier app's map shows the address text beside it.

/** Each ZIP's centroid, by ZIP (sorted): all geocodeZip needs (about 0.5 MB). */
type Zips = { zips: Int32Array; lats: Float32Array; lngs: Float32Array };

/** The ZIPs' places, by the same index: only for a "City, ST" without a ZIP and the nearest ZIP (about 3.5 MB more). */
type Places = {
  cities: Map<string, number>;
  /** Each ZIP's place, an index into `places` ("San Francisco|CA"): for nearestZip's answer. */
  placeOf: Int32Array;
  places: string[];
  /** By place: the armed forces' overseas post (states AA, AE, AP), placed abroad; no ZIP to match a position to. */
  overseas: boolean[];
};

// One copy a process: the bundler puts this module in more than one server chunk, and each copy
// kept its own (two copies, some 60,000 strings, in a long-running worker's heap). The places
// are read apart, on their first use: an order's path places ZIPs only, and the worker kept them
// (4 MB of its heap) for nothing (docs/log/2026-11-30.md).
const holder = globalThis as { __noshGeocoder?: Zips; __noshGeocoderPlaces?: Places };

type Row = { zip: string; latitude: number; longitude: number; city: string; state: string };

/** The data file's ZIPs with coordinates, by ZIP: parsed anew at each call (the objects are garbage after). */
function rows(): Row[] {
  const require = createRequire(path.join(/*turbopackIgnore: true*/ process.cwd(), "package.json"));
  const text = readFileSync(require.resolve("zipcodes/lib/codes.js"), "utf8");
  const start = text.indexOf("{");
  const end = text.indexOf(";\nexports.stateMap");
  const codes = JSON.parse(text.slice(start, end === -1 ? text.lastIndexOf("}") + 1 : end)) as Record<string, Row>;
  return Object.values(codes)
    .filter((row) => /^\d{5}$/.test(row.zip) && Number.isFinite(row.latitude) && Number.isFinite(row.longitude))
    .sort((a, b) => Number(a.zip) - Number(b.zip));
}

function load(): Zips {
  if (holder.__noshGeocoder) return holder.__noshGeocoder;
  const all = rows();
  const zips = Int32Array.from(all, (row) => Number(row.zip));
  const lats = Float32Array.from(all, (row) => row.latitude);
  const lngs = Float32Array.from(all, (row) => row.longitude);
  return (holder.__noshGeocoder = { zips, lats, lngs });
}

function loadPlaces(): Places {
  if (holder.__noshGeocoderPlaces) return holder.__noshGeocoderPlaces;
  const all = rows();
  const cities = new Map<string, number>();
  const placeOf = new Int32Array(all.length);
  const places: string[] = [];
  const placeIds = new Map<string, number>();
  all.forEach((row, i) => {
    const key = cityKey(row.city, row.state);
    if (!cities.has(key)) cities.set(key, i);
    const place = `${row.city.trim()}|${row.state.trim().toUpperCase()}`;
    let id = placeIds.get(place);
    if (id === undefined) placeIds.set(place, (id = places.push(place) - 1));
    placeOf[i] = id;
  });
  const overseas = places.map((place) => /\|A[AEP]$/.test(place));
  return (holder.__noshGeocoderPlaces = { cities, placeOf, places, overseas });
}

const cityKey = (city: string, state: string) => `${city.trim().toLowerCase().replace(/\s+/g, " ")}|${state.trim().toLowerCase()}`;

function indexOfZip(zip: number): number {
  const { zips } = load();
  let lo = 0;
  let hi = zips.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (zips[mid] === zip) return mid;
    if (zips[mid]! < zip) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

const pointAt = (i: number): Point => {
  const { lats, lngs } = load();
  return { lat: Math.round(lats[i]! * 10_000) / 10_000, lng: Math.round(lngs[i]! * 10_000) / 10_000 };
};

/** A five-digit US ZIP code's centroid, or null when it is not a known ZIP. */
export function geocodeZip(zip: string | null | undefined): Point | null {
  const value = zip?.trim() ?? "";
  if (!/^\d{5}$/.test(value)) return null;
  const i = indexOfZip(Number(value));
  return i === -1 ? null : pointAt(i);
}

/**
 * A typed address ("1847 Guerrero St, San Francisco, CA 94110", "94110", "Oakland, CA"): its
 * ZIP's centroid when it names a known ZIP, else the first ZIP of a "City, ST" it ends with;
 * null when neither is found.
 */
export function geocodeText(text: string): (Point & { zip: string }) | null {
  const zip = /\b(\d{5})(?:-\d{4})?\b(?!.*\b\d{5}\b)/.exec(text)?.[1];
  if (zip) {
    const point = geocodeZip(zip);
    if (point) return { ...point, zip };
  }
  const parts = text
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  for (let i = parts.length - 1; i >= 1; i--) {
    const state = /^([a-z]{2})\b/i.exec(parts[i]!)?.[1];
    if (!state) continue;
    const at = loadPlaces().cities.get(cityKey(parts[i - 1]!, state));
    if (at !== undefined) return { ...pointAt(at), zip: String(load().zips[at]).padStart(5, "0") };
  }
  return null;
}

/** How far a position may be from the nearest ZIP's centroid and still be read as in it (rural ZIPs are wide; the sea is not). */
export const NEAREST_ZIP_MAX_KM = 40;

export type NearestZip = { zip: string; city: string; state: string; km: number };

/**
 * The known ZIP whose centroid is nearest a position (the address form's "Use my location"),
 * with its city and state, or null when none is within NEAREST_ZIP_MAX_KM (outside the US, at
 * sea). A scan of the packed arrays, a box test first: about 1 ms, nothing fetched.
 */
export function nearestZip(at: Point, maxKm = NEAREST_ZIP_MAX_KM): NearestZip | null {
  if (!Number.isFinite(at.lat) || !Number.isFinite(at.lng)) return null;
  const { zips, lats, lngs } = load();
  const { placeOf, places, overseas } = loadPlaces();
  // A degree of latitude is about 111 km; of longitude, 111 km times cos(latitude).
  const dLat = maxKm / 111;
  const dLng = maxKm / (111 * Math.max(0.05, Math.cos((at.lat * Math.PI) / 180)));
  let best = -1;
  let bestKm = Infinity;
  for (let i = 0; i < zips.length; i++) {
    if (Math.abs(lats[i]! - at.lat) > dLat || Math.abs(lngs[i]! - at.lng) > dLng || overseas[placeOf[i]!]) continue;
    const km = distanceKm(at, { lat: lats[i]!, lng: lngs[i]! });
    if (km < bestKm) [best, bestKm] = [i, km];
  }
  if (best === -1 || bestKm > maxKm) return null;
  const [city, state] = places[placeOf[best]!]!.split("|") as [string, string];
  return { zip: String(zips[best]).padStart(5, "0"), city, state, km: Math.round(bestKm * 10) / 10 };
}
