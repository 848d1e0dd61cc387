import "server-only";
import type { Restaurant } from "@/lib/generated/prisma/client";
import type { RestaurantCreate, RestaurantUpdate } from "@/lib/contract/restaurants/rules";
import { db } from "../platform/db";
import { conflict, forbidden } from "../platform/errors";
import { removePhotoIfUnused, replacePhoto, type PhotoUpload } from "../platform/pictures";
import { rejectAllOpenOrders } from "../orders/reject";
import { assertOwnsRestaurant, getOwnedRestaurant, type Actor } from "../team/owned";
import { geocodeZip } from "../geo/geocoder";
import { pointOfZip } from "../geo/place";
import { acceptForStep } from "../legal/documents";
import { assertMayAddRestaurant } from "./limits";
import { said } from "@/lib/shared/words/said";

// An owner's restaurants. Every function takes the acting user and checks ownership here, so
// no route can forget it. Someone else's restaurant answers exactly like a missing one (404):
// a stranger learns nothing about which ids exist. Guests may not add restaurants (403); an account
// adds them within its limits (limits.ts).

/** Creates a restaurant; its creator becomes an owner in the same transaction, never before. */
export async function createRestaurant(actor: Actor, input: RestaurantCreate): Promise<Restaurant> {
  if (actor.guestAccount) throw forbidden(said("rules.handlers.guestRestaurant"));
  // Its place, from its ZIP (docs/architecture/places.md "Places"): an unknown ZIP is a 400 naming zip.
  const place = pointOfZip(input.zip);
  return db.$transaction(async (tx) => {
    // Within the account's limits (limits.ts), which also marks it an owner.
    await assertMayAddRestaurant(tx, actor.id);
    const restaurant = await tx.restaurant.create({ data: { ...input, ...place, ownerId: actor.id } });
    // Adding a restaurant accepts the partner agreement's current version (its line on the form).
    await acceptForStep(tx, actor.id, "restaurant");
    return restaurant;
  });
}

/**
 * An owner's changes. Every save places the restaurant again from its ZIP: a sent ZIP must be a
 * known one (400 naming zip); a row saved before places gets its place from the ZIP it has, when known.
 */
export async function updateRestaurant(actor: Actor, id: number, input: RestaurantUpdate): Promise<Restaurant> {
  const { row, previous } = await db.$transaction(async (tx) => {
    const before = await getOwnedRestaurant(actor, id, tx);
    const place = input.zip === undefined ? (geocodeZip(before.zip) ?? {}) : pointOfZip(input.zip);
    return { row: await tx.restaurant.update({ where: { id }, data: { ...input, ...place } }), previous: before.storeImage };
  });
  // An uploaded banner replaced by a URL or a demo photo: its files go once the row has changed.
  if (row.storeImage !== previous) await removePhotoIfUnused(previous);
  return row;
}

/**
 * Replaces the banner with an uploaded photo (pictures.ts replacePhoto: stored, row swapped, old
 * files removed). The upload is read (`read`) once the actor is found to own the restaurant:
 * anyone else's is a 404 before a byte of it.
 */
export async function setRestaurantPhoto(actor: Actor, id: number, read: () => Promise<PhotoUpload>): Promise<Restaurant> {
  await assertOwnsRestaurant(actor, id);
  const upload = await read();
  return replacePhoto(upload.bytes, "banner", upload.crop, (path) =>
    db.$transaction(async (tx) => {
      const before = await getOwnedRestaurant(actor, id, tx);
      return { row: await tx.restaurant.update({ where: { id }, data: { storeImage: path } }), previous: before.storeImage };
    }),
  );
}

/** Soft delete: the restaurant stays with its menu and reviews but takes no new orders. */
/** What the owner is told while their restaurant is suspended. */
export const suspendedMessage = (reason: string | null) => said("messages.restaurantSuspended", { reason: reason ?? said("messages.noReasonGiven") });

export function deactivateRestaurant(actor: Actor, id: number): Promise<Restaurant> {
  return setServicing(actor, id, false);
}

export function reactivateRestaurant(actor: Actor, id: number): Promise<Restaurant> {
  return setServicing(actor, id, true);
}

async function setServicing(actor: Actor, id: number, servicing: boolean): Promise<Restaurant> {
  return db.$transaction(async (tx) => {
    const restaurant = await getOwnedRestaurant(actor, id, tx);
    // While an operator has it suspended, opening or closing is Nosh's (docs/architecture/operator.md).
    if (restaurant.suspendedAt) throw conflict(suspendedMessage(restaurant.suspensionReason));
    return tx.restaurant.update({ where: { id }, data: { servicing } });
  });
}

/**
 * Hard delete. The menu, its likes and the reviews go with the restaurant (cascades); orders
 * stay, keeping their lines, totals and the restaurant's name (their restaurantId is set to
 * null). Orders still open there can never be fulfilled, so they are rejected first and
 * wallet payments refunded, all in the one transaction.
 */
export async function deleteRestaurant(actor: Actor, id: number): Promise<void> {
  const photos = await db.$transaction(async (tx) => {
    const restaurant = await getOwnedRestaurant(actor, id, tx);
    const dishes = await tx.menuItem.findMany({ where: { restaurantId: id }, select: { foodImage: true } });
    await rejectAllOpenOrders(tx, id, { key: "restaurantClosed" });
    await tx.restaurant.delete({ where: { id } });
    return [restaurant.storeImage, ...dishes.map((dish) => dish.foodImage)];
  });
  for (const photo of new Set(photos)) await removePhotoIfUnused(photo);
}
