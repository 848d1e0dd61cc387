import "server-only";
import type { Restaurant } from "@/lib/generated/prisma/client";
import { db, type Tx } from "../platform/db";
import { notFound } from "../platform/errors";
import type { SessionUser } from "../platform/session-user";
import { ownsRestaurant } from "./queries";
import { said } from "@/lib/shared/words/said";

// Who is acting on a restaurant, and the check every owner's call starts with. On its own so
// that the order steps (orders/) and the restaurant's own changes (manage.ts, which rejects
// open orders when a restaurant closes) both build on it without importing each other.

// A member of a restaurant's team (team/roles.ts) reaches it through the grant handle() or the
// page gave their actor after checking their role: that restaurant only, nothing else of its owner's.

export type Actor = Pick<SessionUser, "id" | "guestAccount"> & { restaurantGrant?: { restaurantId: number } };

/** Which restaurants the actor acts on: the one a member was admitted to, else the ones they own. */
export const restaurantScope = (actor: Actor): { id: number } | { ownerId: number } =>
  actor.restaurantGrant ? { id: actor.restaurantGrant.restaurantId } : { ownerId: actor.id };

/** The restaurants whose orders the actor follows: restaurantScope's, and without a grant those they work at too (the manage page's counts, their live events). */
export const workplaceScope = (actor: Actor) =>
  actor.restaurantGrant ? restaurantScope(actor) : { OR: [{ ownerId: actor.id }, { members: { some: { userId: actor.id } } }] };

/** The actor as the owner they may be, without a member's grant (what only an owner may do: the team itself). */
export const asOwnerOnly = (actor: Actor): Actor => ({ id: actor.id, guestAccount: actor.guestAccount });

/** The actor's restaurant by id, active or not; anyone else's is a 404. */
export async function getOwnedRestaurant(actor: Actor, id: number, client: Tx = db): Promise<Restaurant> {
  const restaurant = await client.restaurant.findFirst({ where: { AND: [{ id }, restaurantScope(actor)] } });
  if (!restaurant) throw notFound(said("messages.restaurantNotFound"));
  return restaurant;
}

/**
 * getOwnedRestaurant's check alone, in one plain statement (the owner's order lists, which need
 * nothing of the restaurant's row: lib/server/orders/incoming.ts): anyone else's is a 404.
 */
export async function assertOwnsRestaurant(actor: Actor, id: number): Promise<void> {
  const owned = actor.restaurantGrant ? actor.restaurantGrant.restaurantId === id : await ownsRestaurant(id, actor.id);
  if (!owned) throw notFound(said("messages.restaurantNotFound"));
}
