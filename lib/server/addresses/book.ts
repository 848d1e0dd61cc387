import "server-only";
import type { Address } from "@/lib/generated/prisma/client";
import { distanceKm, type Point } from "@/lib/shared/delivery/delivery";
import { ADDRESS_BOOK_SAID, MAX_ADDRESSES, PIN_MAX_KM, type AddressCreate, type AddressUpdate } from "@/lib/contract/addresses/rules";
import { locateAddress, pointOfZip } from "../geo/place";
import type { GeocodeQuery, Placement, Precision } from "../geo/providers/geocoder";
import { db, type Tx } from "../platform/db";
import { ApiError, fieldError, forbidden, notFound } from "../platform/errors";
import { removePrivatePicture } from "../platform/pictures";
import { DOOR_PHOTO_MATCH_M } from "@/lib/shared/delivery/door-photo";
import type { SessionUser } from "../platform/session-user";
import { said } from "@/lib/shared/words/said";
import { addressToJson, type AddressJson } from "./address-json";

// The address book (docs/architecture/places.md "Address book"): a customer's
// saved addresses, exactly one the default while there are any. The profile's address columns
// (the spec's one address, User.address ... deliveryInstructions, with lat/lng) mirror the
// default entry, so the spec's API, the top bar, the restaurant page's reach and everything
// reading the profile keep working; PUT /api/users/{id} writes through to it (followProfile).
// Only the owner reads or changes an entry: anyone else's answers like a missing one (404), a
// guest's call on an entry too (guests have none); a guest's list or new entry is the spec's 403.

type Member = Pick<SessionUser, "id" | "guestAccount">;
const LINE = ["address", "city", "state", "zip"] as const;
const ORDER = [{ isDefault: "desc" as const }, { id: "asc" as const }];

function assertMember(user: Member): void {
  if (user.guestAccount) throw forbidden(said("messages.guestAddress"));
}

/** GET /api/addresses: the caller's addresses, the default first. */
export async function listAddresses(user: Member): Promise<AddressJson[]> {
  assertMember(user);
  return (await db.address.findMany({ where: { userId: user.id }, orderBy: ORDER })).map(addressToJson);
}

/** What a change answers: the entry changed (when there is one) and the whole book after it. */
export type BookChange = { address?: AddressJson; addresses: AddressJson[] };

/**
 * POST /api/addresses: a new entry; the first one (or one sent with isDefault) becomes the default.
 * Placed by the geocoder, or by its pin: one the geocoder finds only at its ZIP's centre is a 422
 * naming `lat` until it is sent with its pin (placeFor).
 */
export async function addAddress(user: Member, input: AddressCreate, now = new Date()): Promise<BookChange> {
  assertMember(user);
  const point = await placeFor(input, input.lat ?? null, input.lng ?? null);
  return db.$transaction(async (tx) => {
    const count = await openBook(tx, user.id, now);
    if (count >= MAX_ADDRESSES) throw new ApiError("conflict", ADDRESS_BOOK_SAID.full(MAX_ADDRESSES));
    const created = await tx.address.create({
      data: {
        userId: user.id,
        label: input.label,
        address: input.address,
        unit: input.unit ?? null,
        city: input.city,
        state: input.state,
        zip: input.zip,
        instructions: input.instructions ?? null,
        ...point,
        isDefault: false,
        createdAt: now,
        updatedAt: now,
      },
    });
    if (count === 0 || input.isDefault) await setDefault(tx, user.id, created.id, now);
    return answer(tx, user.id, created.id);
  });
}

/**
 * PUT /api/addresses/{id}: the fields sent. A pin sent, or a new street, city, state or ZIP (the
 * old pin was for the old place), places it again (placeFor): where the geocoder puts it, and a
 * 422 naming `lat` when that is only the ZIP's centre and no pin is sent.
 */
export async function updateAddress(user: Member, id: number, input: AddressUpdate, now = new Date()): Promise<BookChange> {
  // The geocoder is asked before the transaction (it may wait for its turn): from the entry as it is now.
  const before = await db.address.findFirst({ where: { id, userId: user.id } });
  const moves = (entry: Address) => input.lat !== undefined || LINE.some((part) => input[part] !== undefined && input[part] !== entry[part]);
  const line = (entry: Address): GeocodeQuery => ({
    address: input.address ?? entry.address,
    city: input.city ?? entry.city,
    state: input.state ?? entry.state,
    zip: input.zip ?? entry.zip,
  });
  const placed = before && moves(before) ? await placeFor(line(before), input.lat ?? null, input.lng ?? null) : null;
  let removed: string | null = null;
  const change = await db.$transaction(async (tx) => {
    await openBook(tx, user.id, now);
    const entry = await owned(tx, user.id, id);
    const moved = moves(entry);
    // Changed since it was placed (another request's save between): placed again, from what it is now.
    const point = !moved ? {} : placed && before && sameLine(line(before), line(entry)) ? placed : await placeFor(line(entry), input.lat ?? null, input.lng ?? null);
    const { isDefault, lat: _lat, lng: _lng, doorPhoto, ...fields } = input;
    // The building's photo goes when the customer removes it, or when the pin moves off its door (another place now).
    const leaves = doorPhoto === false || (moved && !sameDoor(entry, point as Point));
    if (leaves) removed = entry.doorPhoto;
    const door = { ...(leaves ? { doorPhoto: null, doorPhotoAt: null } : {}), ...(doorPhoto === undefined ? {} : { doorPhotoOff: !doorPhoto }) };
    await tx.address.update({ where: { id }, data: { ...fields, ...point, ...door, updatedAt: now } });
    if (isDefault) await setDefault(tx, user.id, id, now);
    else if (entry.isDefault) await mirrorDefault(tx, user.id, now);
    return answer(tx, user.id, id);
  });
  await removePrivatePicture(removed);
  return change;
}

/** Whether a moved pin still marks the same door (lib/shared/delivery/door-photo.ts's distance): its building's photo stays. */
const sameDoor = (a: Point, b: Point) => distanceKm(a, b) * 1000 <= DOOR_PHOTO_MATCH_M;

/** POST /api/addresses/{id}/default: the entry becomes the default (the profile's address). */
export async function makeDefault(user: Member, id: number, now = new Date()): Promise<BookChange> {
  return db.$transaction(async (tx) => {
    await openBook(tx, user.id, now);
    await owned(tx, user.id, id);
    await setDefault(tx, user.id, id, now);
    return answer(tx, user.id, id);
  });
}

/**
 * DELETE /api/addresses/{id}. Removing the default makes the oldest remaining entry the default;
 * removing the last one clears the profile's address. Placed orders keep their own copy.
 */
export async function removeAddress(user: Member, id: number, now = new Date()): Promise<BookChange> {
  let photo: string | null = null;
  const change = await db.$transaction(async (tx) => {
    await openBook(tx, user.id, now);
    const entry = await owned(tx, user.id, id);
    photo = entry.doorPhoto;
    await tx.address.delete({ where: { id } });
    if (entry.isDefault) {
      const next = await tx.address.findFirst({ where: { userId: user.id }, orderBy: { id: "asc" }, select: { id: true } });
      if (next) await setDefault(tx, user.id, next.id, now);
      else
        await tx.user.update({ where: { id: user.id }, data: { address: null, city: null, state: null, zip: null, lat: null, lng: null, deliveryInstructions: null } });
    }
    return answer(tx, user.id);
  });
  // Its building's photo goes with it.
  await removePrivatePicture(photo);
  return change;
}

/**
 * After the profile's address or instructions changed (PUT /api/users/{id}, signup): the default
 * entry follows them, created as "Home" when there is none; a changed street, city, state or ZIP
 * puts its point back on the profile's (the ZIP's centre). A cleared address removes the default
 * entry (the oldest remaining one becomes the default). Guests keep no book.
 */
export async function followProfile(userId: number, changed: { line: boolean; instructions: boolean }, now = new Date()): Promise<void> {
  if (!changed.line && !changed.instructions) return;
  await db.$transaction(async (tx) => {
    const user = await tx.user.findUnique({ where: { id: userId } });
    if (!user || user.guestAccount) return;
    const entry = await tx.address.findFirst({ where: { userId, isDefault: true } });
    const { address, city, state, zip, lat, lng } = user;
    const whole = address && city && state && zip && lat != null && lng != null ? { address, city, state, zip, lat, lng } : null;
    if (!entry) {
      if (whole)
        await tx.address.create({ data: { userId, label: "Home", ...whole, instructions: user.deliveryInstructions, isDefault: true, createdAt: now, updatedAt: now } });
      return;
    }
    if (changed.line && !whole) {
      await tx.address.delete({ where: { id: entry.id } });
      const next = await tx.address.findFirst({ where: { userId }, orderBy: { id: "asc" }, select: { id: true } });
      if (next) await setDefault(tx, userId, next.id, now);
      return;
    }
    await tx.address.update({
      where: { id: entry.id },
      data: {
        ...(changed.line && whole ? { ...whole, pinned: false, precision: "zip" } : {}),
        ...(changed.instructions ? { instructions: user.deliveryInstructions } : {}),
        updatedAt: now,
      },
    });
  });
}

/**
 * The point an entry is kept at (docs/architecture/places.md "The geocoder"): the pin when one is
 * sent (within PIN_MAX_KM of the ZIP's centre, else a 400 naming `lat`), else where the geocoder
 * places the address. One it finds only at the ZIP's centre is not kept without its pin: a 422
 * naming `lat`, its answer carrying `place` (that centre, where the form's map opens). An unknown
 * ZIP is a 400 naming `zip`.
 */
async function placeFor(query: GeocodeQuery, lat: number | null, lng: number | null): Promise<Point & { pinned: boolean; precision: Precision }> {
  const centre = pointOfZip(query.zip);
  if (lat !== null && lng !== null) {
    const pin = { lat, lng };
    if (distanceKm(pin, centre) > PIN_MAX_KM) throw fieldError("lat", ADDRESS_BOOK_SAID.pinFar(PIN_MAX_KM));
    return { ...pin, pinned: true, precision: (await locateAddress(query)).precision };
  }
  const placed: Placement = await locateAddress(query);
  if (placed.precision === "zip") {
    throw new ApiError("unprocessable", said("messages.pinNeeded"), { lat: said("messages.pinNeeded") }, undefined, { place: placed });
  }
  return { lat: placed.lat, lng: placed.lng, pinned: false, precision: placed.precision };
}

const sameLine = (a: GeocodeQuery, b: GeocodeQuery) => LINE.every((part) => a[part] === b[part]);

/**
 * Every change starts here: the account's row is written first (its lock on PostgreSQL; SQLite
 * takes the database's), so two changes of one book take turns and the count and the single
 * default hold. A profile address kept from before the book becomes its default entry. Returns
 * how many entries there are.
 */
async function openBook(tx: Tx, userId: number, now: Date): Promise<number> {
  const user = await tx.user.update({ where: { id: userId }, data: { updatedAt: now } });
  const count = await tx.address.count({ where: { userId } });
  const { address, city, state, zip, lat, lng } = user;
  if (count > 0 || user.guestAccount || !address || !city || !state || !zip || lat == null || lng == null) return count;
  await tx.address.create({
    data: { userId, label: "Home", address, city, state, zip, lat, lng, instructions: user.deliveryInstructions, isDefault: true, createdAt: now, updatedAt: now },
  });
  return 1;
}

/** The caller's entry, or the 404 of a missing one (someone else's reveals nothing). */
async function owned(tx: Tx, userId: number, id: number): Promise<Address> {
  const entry = await tx.address.findFirst({ where: { id, userId } });
  if (!entry) throw notFound(said("messages.addressNotFound"));
  return entry;
}

/** One default: this entry, and the profile's address columns mirror it. */
async function setDefault(tx: Tx, userId: number, id: number, now: Date): Promise<void> {
  await tx.address.updateMany({ where: { userId, isDefault: true, NOT: { id } }, data: { isDefault: false } });
  await tx.address.update({ where: { id }, data: { isDefault: true } });
  await mirrorDefault(tx, userId, now);
}

async function mirrorDefault(tx: Tx, userId: number, now: Date): Promise<void> {
  const entry = await tx.address.findFirst({ where: { userId, isDefault: true } });
  if (!entry) return;
  const { address, city, state, zip, lat, lng, instructions } = entry;
  await tx.user.update({ where: { id: userId }, data: { address, city, state, zip, lat, lng, deliveryInstructions: instructions, updatedAt: now } });
}

async function answer(tx: Tx, userId: number, id?: number): Promise<BookChange> {
  const addresses = (await tx.address.findMany({ where: { userId }, orderBy: ORDER })).map(addressToJson);
  const address = id === undefined ? undefined : addresses.find((entry) => entry.id === id);
  return address ? { address, addresses } : { addresses };
}
