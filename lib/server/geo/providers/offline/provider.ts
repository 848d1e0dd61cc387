import "server-only";
import type { Geocoder, GeocodeQuery, Placement } from "../geocoder";
import { knownStreetAddress } from "./streets";

// The offline geocoder (docs/architecture/places.md "The geocoder"), the default: nothing is
// fetched. The demo city's known street addresses (streets.ts) at their buildings; anything else
// it does not place (select.ts then falls back to the ZIP's centre, the `zip` precision).

export const OFFLINE_GEOCODER = "offline";

export const offlineGeocoder: Geocoder = {
  name: OFFLINE_GEOCODER,
  async geocode(query: GeocodeQuery): Promise<Placement | null> {
    const known = knownStreetAddress(query.address, query.zip);
    return known ? { ...known, precision: "rooftop" } : null;
  },
};
