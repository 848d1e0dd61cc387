import "server-only";
import { db } from "../platform/db";
import { ApiError, badRequest } from "../platform/errors";
import type { Sql } from "../platform/sql";
import { defaultEntry, ownEntry } from "./queries";
import type { AddressParts } from "@/lib/shared/kitchen/kitchen-ticket";
import { said } from "@/lib/shared/words/said";

// Where a delivery goes, as placing reads it from the address book and as the order keeps it
// (docs/architecture/places.md "Address book"). The book is read in plain SQL (queries.ts): the
// one-call checkout places on SQLite's direct connection (lib/server/platform/sql.ts).

export const UNKNOWN_ADDRESS = said("messages.chooseSavedAddress");

/** An address as an order keeps it: a copy, so later edits and removals in the book change no placed order. */
export type DeliveryCopy = AddressParts & {
  label: string | null;
  lat: number | null;
  lng: number | null;
  /** The book entry it was copied from (Order.deliveryAddressId: the building's photo is kept on it); absent for a guest's or the profile's address. */
  addressId?: number | null;
};

/**
 * The book entry an order goes to: `addressId` when sent (the caller's own, else a 400 naming
 * `field` that says no more than an unknown id would), else the default entry; null when the
 * customer has no book (a guest, an account whose profile address predates it or has none).
 * An entry chosen by `addressId` that is only at its ZIP's centre (never pinned, the geocoder found
 * no street) is a 422 naming `field` until its pin is placed (docs/architecture/places.md "The
 * geocoder"). The default is the spec's profile address (signup, PUT /api/users/{id}): the
 * spec's flows order to it as they always did, and checkout asks for its pin.
 */
export async function bookDestination(sql: Sql, userId: number, addressId: number | undefined, field: string): Promise<DeliveryCopy | null> {
  const entry = addressId === undefined ? await defaultEntry(sql, userId) : await ownEntry(sql, userId, addressId);
  if (!entry && addressId !== undefined) throw badRequest(UNKNOWN_ADDRESS, { [field]: UNKNOWN_ADDRESS });
  if (!entry) return null;
  const { pinned, precision, ...copy } = entry;
  if (addressId !== undefined && !pinned && precision === "zip") {
    throw new ApiError("unprocessable", said("messages.pinFirst"), { [field]: said("messages.pinFirst") });
  }
  return copy;
}

/** The order's delivery* columns holding the copy, written with the order as it is placed (its INSERT, or its move from Active). */
export function copyColumns(copy: DeliveryCopy | null) {
  return {
    deliveryLabel: copy?.label ?? null,
    deliveryStreet: copy?.address ?? null,
    deliveryUnit: copy?.unit ?? null,
    deliveryCity: copy?.city ?? null,
    deliveryState: copy?.state ?? null,
    deliveryZip: copy?.zip ?? null,
    deliveryNote: copy?.instructions ?? null,
    deliveryLat: copy?.lat ?? null,
    deliveryLng: copy?.lng ?? null,
  };
}

/** The order page's "Deliver to": the copy the caller's own order kept (null: pickup, another's order, an order placed before the copy). */
export async function readOwnOrderCopy(userId: number, orderId: number): Promise<DeliveryCopy | null> {
  const order = await db.order.findFirst({
    where: { id: orderId, userId, pickup: false, deliveryStreet: { not: null } },
    select: {
      pickup: true,
      deliveryLabel: true,
      deliveryStreet: true,
      deliveryUnit: true,
      deliveryCity: true,
      deliveryState: true,
      deliveryZip: true,
      deliveryNote: true,
      deliveryLat: true,
      deliveryLng: true,
    },
  });
  return order ? orderCopyOf(order) : null;
}

/** The order's delivery* columns read back as its copy (copyColumns' inverse); null when it kept none (pickup, or placed before the copy). */
export function orderCopyOf(order: { pickup: boolean } & ReturnType<typeof copyColumns>): DeliveryCopy | null {
  if (order.pickup || order.deliveryStreet === null) return null;
  return {
    label: order.deliveryLabel,
    address: order.deliveryStreet,
    unit: order.deliveryUnit,
    city: order.deliveryCity,
    state: order.deliveryState,
    zip: order.deliveryZip,
    instructions: order.deliveryNote,
    lat: order.deliveryLat,
    lng: order.deliveryLng,
  };
}
