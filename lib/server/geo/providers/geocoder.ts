import "server-only";
import type { Point } from "@/lib/shared/delivery/delivery";

// The geocoder behind one interface (docs/architecture/places.md "The geocoder"), as payments
// keep their provider: one module a provider (offline/provider.ts, the built-in one and the
// default; nominatim/provider.ts, a Nominatim server named by GEOCODER_URL), chosen by
// select.ts from the configuration. Every answer says how precisely it placed the address.

/**
 * How precisely an address was placed: `rooftop` (its building), `street` (on its street, the
 * house number interpolated or missing), `zip` (only its ZIP code's centre: a courier could be
 * kilometres off, so the customer places the pin before the address is kept for delivery).
 */
export type Precision = "rooftop" | "street" | "zip";

/** An address as the forms and the address book keep it: the street line (a unit after it is allowed), city, state, ZIP. */
export type GeocodeQuery = { address: string; city: string; state: string; zip: string };

/** Where a provider placed an address. */
export type Placement = Point & { precision: Precision };

export interface Geocoder {
  readonly name: string;
  /** The address's point and its precision, or null when the provider found nothing at least street-precise. Never throws for an address it does not know. */
  geocode(query: GeocodeQuery): Promise<Placement | null>;
}
