import "server-only";
import type { Address } from "@/lib/generated/prisma/client";
import { distanceKm, type Point } from "@/lib/shared/delivery";
import { GUEST_ADDRESS } from "@/lib/shared/messages";
import { ADDRESS_BOOK_MESSAGES, MAX_ADDRESSES, PIN_MAX_KM, type AddressCreate, type AddressUpdate } from "@/lib/validation/address-book";
import { pointOfZip } from "../geo/place";
import { db, type Tx } from "../platform/db";
import { ApiError, fieldError, forbidden, notFound } from "../platform/errors";
import type { SessionUser } from "../platform/session-user";

// The address book (docs/architecture/places.md "Address book"): a customer's
// saved addresses, exactly one the default while there are any. The profile's address columns
// (the spec's one address, User.address ... deliveryInstructions, with lat/lng) mirror the
// default entry, so the spec's API, the top bar, the restaurant page's reach and everything
// reading the profile keep working; PUT /api/users/{id} writes through to it (followProfile).
// Only the owner reads or changes an entry: anyone else's answers like a missing one (404), a
// guest's call on an entry too (guests have none); a guest's list or new entry is the spec's 403.

export type AddressJson = {
  id: number;
  label: string;
  address: string;
  unit: string | null;
  city: string;
  state: string;
  zip: string;
  instructions: string | null;
  lat: number;
  lng: number;
  pinned: boolean;
  isDefault: boolean;
};

export function addressToJson(row: Address): AddressJson {
  const { id, label, address, unit, city, state, zip, instructions, lat, lng, pinned, isDefault } = row;
  return { id, label, address, unit, city, state, zip, instructions, lat, lng, pinned, isDefault };
}

type Member = Pick<SessionUser, "id" | "guestAccount">;
const LINE = ["address", "city", "state", "zip"] as const;
const ORDER = [{ isDefault: "desc" as const }, { id: "asc" as const }];

function assertMember(user: Member): void {
  if (user.guestAccount) throw forbidden(GUEST_ADDRESS);
}

/** GET /api/addresses: the caller's addresses, the default first. */
export async function listAddresses(user: Member): Promise<AddressJson[]> {
  assertMember(user);
  return (await db.address.findMany({ where: { userId: user.id }, orderBy: ORDER })).map(addressToJson);
}

/** What a change answers: the entry changed (when there is one) and the whole book after it. */
export type BookChange = { address?: AddressJson; addresses: AddressJson[] };

/** POST /api/addresses: a new entry; the first one (or one sent with isDefault) becomes the default. */
export async function addAddress(user: Member, input: AddressCreate, now = new Date()): Promise<BookChange> {
  assertMember(user);
  const point = pointFor(input.zip, input.lat ?? null, input.lng ?? null);
  return db.$transaction(async (tx) => {
    const count = await openBook(tx, user.id, now);
    if (count >= MAX_ADDRESSES) throw new ApiError("conflict", ADDRESS_BOOK_MESSAGES.full(MAX_ADDRESSES));
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

/** PUT /api/addresses/{id}: the fields sent. A new ZIP without a pin puts the point back at its centre. */
export async function updateAddress(user: Member, id: number, input: AddressUpdate, now = new Date()): Promise<BookChange> {
  return db.$transaction(async (tx) => {
    await openBook(tx, user.id, now);
    const entry = await owned(tx, user.id, id);
    const zip = input.zip ?? entry.zip;
    // A pin sent, or a new street, city, state or ZIP (the old pin was for the old place): placed again.
    const moved = input.lat !== undefined || LINE.some((part) => input[part] !== undefined && input[part] !== entry[part]);
    const point = moved ? pointFor(zip, input.lat === undefined ? null : input.lat, input.lng === undefined ? null : input.lng) : {};
    const { isDefault, lat: _lat, lng: _lng, ...fields } = input;
    await tx.address.update({ where: { id }, data: { ...fields, ...point, updatedAt: now } });
    if (isDefault) await setDefault(tx, user.id, id, now);
    else if (entry.isDefault) await mirrorDefault(tx, user.id, now);
    return answer(tx, user.id, id);
  });
}

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
  return db.$transaction(async (tx) => {
    await openBook(tx, user.id, now);
    const entry = await owned(tx, user.id, id);
    await tx.address.delete({ where: { id } });
    if (entry.isDefault) {
      const next = await tx.address.findFirst({ where: { userId: user.id }, orderBy: { id: "asc" }, select: { id: true } });
      if (next) await setDefault(tx, user.id, next.id, now);
      else
        await tx.user.update({ where: { id: user.id }, data: { address: null, city: null, state: null, zip: null, lat: null, lng: null, deliveryInstructions: null } });
    }
    return answer(tx, user.id);
  });
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
        ...(changed.line && whole ? { ...whole, pinned: false } : {}),
        ...(changed.instructions ? { instructions: user.deliveryInstructions } : {}),
        updatedAt: now,
      },
    });
  });
}

/**
 * The point an entry is kept at: the pin when one is sent (within PIN_MAX_KM of the ZIP's centre,
 * else a 400 naming `lat`), else the ZIP's centre. An unknown ZIP is a 400 naming `zip`.
 */
function pointFor(zip: string, lat: number | null, lng: number | null): Point & { pinned: boolean } {
  const centre = pointOfZip(zip);
  if (lat === null || lng === null) return { ...centre, pinned: false };
  const pin = { lat, lng };
  if (distanceKm(pin, centre) > PIN_MAX_KM) throw fieldError("lat", ADDRESS_BOOK_MESSAGES.pinFar(PIN_MAX_KM));
  return { ...pin, pinned: true };
}

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
  if (!entry) throw notFound("Address");
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
