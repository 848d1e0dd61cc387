import "server-only";
import type { GeocoderSettings } from "@/lib/edge/geocoder-settings";
import { config } from "../../platform/config";
import type { Geocoder } from "./geocoder";
import { nominatimGeocoder } from "./nominatim/provider";
import { offlineGeocoder } from "./offline/provider";

// The geocoder in use (docs/architecture/places.md "The geocoder"): a Nominatim server when
// GEOCODER=nominatim (its GEOCODER_URL checked at start-up, lib/edge/geocoder-settings.ts), else
// the built-in offline one (the default, no configuration). One adapter a process: its cache and
// its spacing of requests are the process's.

const holder = globalThis as { __noshGeocoderProvider?: Geocoder };

export function geocoder(): Geocoder {
  return (holder.__noshGeocoderProvider ??= geocoderFor(config().geocoder));
}

/** The geocoder the settings select (a new adapter, with its own cache, for a real one). */
export function geocoderFor(settings: GeocoderSettings): Geocoder {
  return settings.provider === "nominatim" ? nominatimGeocoder(settings) : offlineGeocoder;
}
