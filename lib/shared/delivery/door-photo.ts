import { distanceKm, type Point } from "./delivery";

// The building's photo (docs/architecture/stops-and-messages.md "The building's photo"): the
// newest drop-off photo of an earlier delivery to the same place, kept on the customer's
// address-book entry and shown only to the courier holding a job there. Which entry a drop-off
// matches, and which entry a new photo is kept on, is this one rule.

/** How far apart two pins may be and still be the same door: a GPS fix's spread, less than the next house. */
export const DOOR_PHOTO_MATCH_M = 25;

/** A drop-off as the order keeps it: the entry its copy came from (null: none, a guest's or the profile's) and its point. */
export type DoorDropoff = Point & { addressId: number | null };

/** One of the customer's own entries as the rule reads it. */
export type DoorEntry = Point & { id: number; doorPhoto: string | null; doorPhotoAt: Date | null; doorPhotoOff: boolean };

/** The customer's entries that are this drop-off's place: the entry it was copied from, or any whose pin is within DOOR_PHOTO_MATCH_M. */
export function samePlace<E extends DoorEntry>(dropoff: DoorDropoff, entries: readonly E[]): E[] {
  return entries.filter((entry) => entry.id === dropoff.addressId || distanceKm(entry, dropoff) * 1000 <= DOOR_PHOTO_MATCH_M);
}

/**
 * The entry whose photo the courier sees for this drop-off: of the entries of the same place, the
 * newest photo. None when the customer turned the photo off on any of them (their choice holds for
 * the place, whichever entry they made it on).
 */
export function doorPhotoFor<E extends DoorEntry>(dropoff: DoorDropoff, entries: readonly E[]): E | null {
  const place = samePlace(dropoff, entries);
  if (place.some((entry) => entry.doorPhotoOff)) return null;
  const photos = place.filter((entry) => entry.doorPhoto !== null && entry.doorPhotoAt !== null);
  photos.sort((a, b) => b.doorPhotoAt!.getTime() - a.doorPhotoAt!.getTime());
  return photos[0] ?? null;
}

/**
 * The entry a delivery's photo is kept on: the entry the order was copied from, else the nearest
 * entry of the same place; none without one (a guest, an address not in the book) or when the
 * customer turned the photo off there.
 */
export function doorPhotoHome<E extends DoorEntry>(dropoff: DoorDropoff, entries: readonly E[]): E | null {
  const place = samePlace(dropoff, entries);
  if (!place.length || place.some((entry) => entry.doorPhotoOff)) return null;
  const own = place.find((entry) => entry.id === dropoff.addressId);
  if (own) return own;
  return [...place].sort((a, b) => distanceKm(a, dropoff) - distanceKm(b, dropoff))[0]!;
}
