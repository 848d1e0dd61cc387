import "server-only";
import type { Restaurant } from "@/lib/generated/prisma/client";
import { db, type Tx } from "../platform/db";
import { notFound } from "../platform/errors";
import { readSql } from "../platform/sql";
import type { SessionUser } from "../accounts/session-user";

// Who is acting on a restaurant, and the check every owner's call starts with. On its own so
// that the order steps (orders/) and the restaurant's own changes (manage.ts, which rejects
// open orders when a restaurant closes) both build on it without importing each other.

export type Actor = Pick<SessionUser, "id" | "guestAccount">;

/** The actor's restaurant by id, active or not; anyone else's is a 404. */
export async function getOwnedRestaurant(actor: Actor, id: number, client: Tx = db): Promise<Restaurant> {
  const restaurant = await client.restaurant.findFirst({ where: { id, ownerId: actor.id } });
  if (!restaurant) throw notFound("Restaurant");
  return restaurant;
}

/**
 * getOwnedRestaurant's check alone, in one plain statement (the owner's order lists, which need
 * nothing of the restaurant's row: lib/server/orders/incoming.ts): anyone else's is a 404.
 */
export async function assertOwnsRestaurant(actor: Actor, id: number): Promise<void> {
  const sql = await readSql();
  const [owned] = await sql.all(`SELECT "id" FROM "Restaurant" WHERE "id" = ? AND "ownerId" = ?`, [id, actor.id]);
  if (!owned) throw notFound("Restaurant");
}
