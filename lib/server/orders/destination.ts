import "server-only";
import { distanceKm, type Point } from "@/lib/shared/delivery/delivery";
import { ADDRESS_BOOK_SAID, PIN_MAX_KM } from "@/lib/contract/addresses/rules";
import type { SubmitOrderInput } from "@/lib/contract/orders/checkout-rules";
import { parseAddressLine } from "@/lib/contract/zod-free/profile-rules";
import { bookDestination, UNKNOWN_ADDRESS, type DeliveryCopy } from "../addresses/order-copy";
import { geocodeZip } from "../geo/geocoder";
import { locateAddress, pointOfZip } from "../geo/place";
import { ApiError, badRequest } from "../platform/errors";
import type { Sql } from "../platform/sql";
import { saveGuestAddressRow } from "./queries/placement";
import type { SessionUser } from "../platform/session-user";
import { said } from "@/lib/shared/words/said";

/** What the destination reads of the customer: their saved address and its place. */
export type Customer = Pick<SessionUser, "id" | "guestAccount" | "address" | "city" | "state" | "zip" | "lat" | "lng"> & { deliveryInstructions?: string | null };

/** The profile's limits on each part of an address (lib/contract/accounts/profile-rules.ts). */
const PART_LIMITS = { address: 120, city: 60, state: 30, zip: 10 } as const;

/**
 * Where a guest's delivery goes (docs/architecture/cart-checkout-reviews.md "Delivery address"): a guest's
 * order is placed for delivery only with an address a courier can be sent to, so no order paid
 * for waits at "Ready" with no delivery job. A guest has no saved address (the spec's "Must
 * login to add address" stays on the profile): the page sends the one searched on the landing
 * page as `deliveryAddress`, which becomes the guest account's address in the placement's
 * transaction (a refused placement leaves it unsaved), so the board, the delivery job and the
 * guest's next order read it like anyone's. Refusals: a 422 naming `address` (none, or one whose
 * ZIP is unknown), a 400 naming `deliveryAddress` (malformed, an unknown ZIP, or sent by an
 * account with a profile, whose address is the saved one). Pickup needs none. A full account's
 * address is asked for before its first Add (the spec's cart rule) and at checkout; the API
 * still takes an order of one without it (the API suites' customers have none), and the
 * orders.cancel-undispatched job refunds any such order that reaches "ready" (undispatched.ts).
 * Returns the customer as the radius check must see them (with their place). `save: false` (the
 * card's quote before its authorization, place.ts quotePlacement) checks a guest's address without saving it.
 */
export async function deliveryDestination<C extends Customer>(
  sql: Sql,
  customer: C,
  input: SubmitOrderInput,
  fields: string,
  now: Date,
  { save }: { save: boolean },
): Promise<C & { delivery: DeliveryCopy | null }> {
  if (input.deliveryOption === "pickup") return { ...customer, delivery: null };
  if (input.deliveryAddress !== undefined) return withCopy(await saveGuestAddress(sql, customer, input, fields, now, save), null);
  if (!customer.guestAccount) return bookCustomer(sql, customer, input, fields);
  if (!customer.address?.trim())
    throw new ApiError("unprocessable", said("messages.guestDeliveryAddressNeeded"), { address: said("messages.guestDeliveryAddressNeeded") });
  if (!placeOf(customer)) throw new ApiError("unprocessable", said("messages.deliveryAddressUnplaced"), { address: said("messages.deliveryAddressUnplaced") });
  return withCopy(customer, null);
}

/**
 * An account's delivery goes to the address book's entry it chose (`addressId`), else its default
 * (docs/architecture/places.md "Address book"): the entry's point (a dragged pin, or its ZIP's
 * centre) is what the radius, the distance and the courier's drop-off use. Without a book, the
 * profile's address as before. A guest sending `addressId` has none: the same 400 as an unknown one.
 */
async function bookCustomer<C extends Customer>(sql: Sql, customer: C, input: SubmitOrderInput, fields: string): Promise<C & { delivery: DeliveryCopy | null }> {
  if (customer.guestAccount && input.addressId !== undefined) throw badRequest(UNKNOWN_ADDRESS, { [`${fields}addressId`]: UNKNOWN_ADDRESS });
  // A book always has a default, which the profile's address mirrors: no profile address, no book to read.
  const hasBook = !customer.guestAccount && (input.addressId !== undefined || Boolean(customer.address));
  const entry = hasBook ? await bookDestination(sql, customer.id, input.addressId, `${fields}addressId`) : null;
  if (!entry) return withCopy(customer, null);
  const { address, city, state, zip, lat, lng } = entry;
  return { ...customer, address, city, state, zip, lat, lng, delivery: entry };
}

/** The copy an order keeps of the profile's address (a guest's, an account without a book). */
function withCopy<C extends Customer>(customer: C, label: string | null): C & { delivery: DeliveryCopy | null } {
  if (!customer.address?.trim()) return { ...customer, delivery: null };
  const point = placeOf(customer);
  const { address, city, state, zip } = customer;
  return {
    ...customer,
    delivery: { label, address, unit: null, city, state, zip, instructions: customer.deliveryInstructions ?? null, lat: point?.lat ?? null, lng: point?.lng ?? null },
  };
}

/** Where the quote's radius check looks (it writes nothing): the chosen or default book entry, else the profile's place. */
export async function quotedPlace(sql: Sql, customer: Customer, input: SubmitOrderInput, fields: string): Promise<{ lat: number | null; lng: number | null }> {
  if (input.deliveryOption === "pickup" || input.deliveryAddress !== undefined) return customer;
  return bookCustomer(sql, customer, input, fields);
}

/**
 * A guest's `deliveryAddress` sent without its point, placed by the geocoder in use as the address
 * book's saves are (docs/architecture/places.md "A guest's address"): before any transaction (a
 * geocoder may wait its turn), its point sent on with it when street-precise; only its ZIP's
 * centre found (or a line the placement refuses), the input as it was.
 */
export async function locateGuestAddress(customer: Pick<Customer, "guestAccount">, input: SubmitOrderInput): Promise<SubmitOrderInput> {
  if (!customer.guestAccount || input.deliveryOption === "pickup" || input.deliveryAddress === undefined || input.deliveryLat !== undefined) return input;
  const parsed = parseAddressLine(input.deliveryAddress);
  if ("error" in parsed) return input;
  const placed = await locateAddress(parsed.parts).catch(() => null);
  return placed && placed.precision !== "zip" ? { ...input, deliveryLat: placed.lat, deliveryLng: placed.lng } : input;
}

/** The customer's place as dispatch reads it (dispatch/create.ts): the saved point, else their ZIP's (a row saved before places). */
export function placeOf(customer: Pick<Customer, "lat" | "lng" | "zip">): Point | null {
  if (customer.lat != null && customer.lng != null) return { lat: customer.lat, lng: customer.lng };
  return geocodeZip(customer.zip);
}

/**
 * A guest's `deliveryAddress`, read and placed: at the point sent with it (its pin, or where the
 * checkout's geocoder found it: web/checkout.ts), which must lie within PIN_MAX_KM of its ZIP's
 * centre (else a 400 naming `deliveryLat`), else at that centre.
 */
async function saveGuestAddress<C extends Customer>(sql: Sql, customer: C, input: SubmitOrderInput, fields: string, now: Date, save: boolean): Promise<C> {
  const field = `${fields}deliveryAddress`;
  if (!customer.guestAccount) throw badRequest(said("messages.deliveryAddressGuestsOnly"), { [field]: said("messages.deliveryAddressGuestsOnly") });
  const parsed = parseAddressLine(input.deliveryAddress ?? "");
  if ("error" in parsed) throw badRequest(parsed.error, { [field]: parsed.error });
  for (const [part, limit] of Object.entries(PART_LIMITS) as [keyof typeof PART_LIMITS, number][]) {
    if (parsed.parts[part].length > limit) {
      const message = said("rules.common.atMost", { field: `The address's ${part}`, count: limit });
      throw badRequest(message, { [field]: message });
    }
  }
  const { address, city, state, zip } = parsed.parts;
  const centre = pointOfZip(zip, field);
  const sent = input.deliveryLat !== undefined && input.deliveryLng !== undefined ? { lat: input.deliveryLat, lng: input.deliveryLng } : null;
  if (sent && distanceKm(sent, centre) > PIN_MAX_KM)
    throw badRequest(ADDRESS_BOOK_SAID.pinFar(PIN_MAX_KM), { [`${fields}deliveryLat`]: ADDRESS_BOOK_SAID.pinFar(PIN_MAX_KM) });
  const point = sent ?? centre;
  if (save) await saveGuestAddressRow(sql, customer.id, { address, city, state, zip, lat: point.lat, lng: point.lng }, now);
  return { ...customer, address, city, state, zip, lat: point.lat, lng: point.lng };
}
