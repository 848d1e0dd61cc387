import "server-only";
import { distanceKm, type Point } from "@/lib/shared/delivery/delivery";
import { PIN_MAX_KM } from "@/lib/contract/addresses/rules";
import { parseAddressLine } from "@/lib/contract/zod-free/profile-rules";
import { badRequest } from "../platform/errors";
import { geocodeZip } from "./geocoder";
import type { Geocoder, GeocodeQuery, Placement } from "./providers/geocoder";
import { geocoder } from "./providers/select";
import { said } from "@/lib/shared/words/said";

// Where a saved address is (docs/architecture/places.md "Places"): a customer's address and a
// restaurant's get their ZIP's centroid whenever they are saved, so the delivery radius, the map
// and dispatch never geocode on the hot path. The address book asks the geocoder first
// (locateAddress): a street-precise point, else the ZIP's centre, which the customer then pins.

export const UNKNOWN_ZIP = said("messages.zipUnknown");

/** The ZIP's point, or a 400 naming `field` (and any `alsoFields`, where a form shows it). "94105-1234" reads as 94105. */
export function pointOfZip(zip: string, field = "zip", alsoFields: string[] = []): Point {
  const five = /^\s*(\d{5})(?:-\d{4})?\s*$/.exec(zip)?.[1];
  const point = five ? geocodeZip(five) : null;
  if (point) return point;
  throw badRequest(UNKNOWN_ZIP, Object.fromEntries([field, ...alsoFields].map((name) => [name, UNKNOWN_ZIP])));
}

/** The lat/lng columns for a saved zip: its point, or both null when the address is cleared. */
export function placeColumns(zip: string | null, field = "zip", alsoFields: string[] = []): { lat: number | null; lng: number | null } {
  if (zip === null || !zip.trim()) return { lat: null, lng: null };
  return pointOfZip(zip, field, alsoFields);
}

/**
 * Where the geocoder in use places an address, with its precision: its answer when it has one
 * within PIN_MAX_KM of the ZIP's centre (one farther found another place of that name), else the
 * ZIP's centre (`zip`). An unknown ZIP is a 400 naming `zip`, before the geocoder is asked.
 * `using`: the geocoder in use (select.ts), unless a test names one.
 */
export async function locateAddress(query: GeocodeQuery, using: Geocoder = geocoder()): Promise<Placement> {
  const centre = pointOfZip(query.zip);
  const found = await using.geocode(query);
  if (found && found.precision !== "zip" && distanceKm(found, centre) <= PIN_MAX_KM) return found;
  return { ...centre, precision: "zip" };
}

/**
 * GET /api/search/locate: an address typed as one line, placed as the address book's saves place
 * it (locateAddress), with its ZIP's centre beside it: a guest's checkout asks for the pin when
 * `precision` is `zip` (docs/architecture/places.md "A guest's address"). A line that is not an
 * address (the spec's message) or an unknown ZIP: a 400 naming `address`.
 */
export async function locateLine(line: string): Promise<GeocodeQuery & Placement & { centre: Point }> {
  const parsed = parseAddressLine(line);
  if ("error" in parsed) throw badRequest(parsed.error, { address: parsed.error });
  const centre = pointOfZip(parsed.parts.zip, "address");
  return { ...parsed.parts, ...(await locateAddress(parsed.parts)), centre };
}
