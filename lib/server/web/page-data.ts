import "server-only";
import { notFound } from "next/navigation";
import { cache } from "react";
import { GROUP_TOKEN } from "@/lib/validation/group-orders";
import { db } from "../platform/db";
import { readGroup, readGroupInvite } from "../group-orders/read";
import { getOwnedRestaurant } from "../owners/owned";
import { actingRole, admitToRestaurant } from "../owners/roles";
import { ApiError } from "../platform/errors";
import type { RestaurantRole } from "@/lib/shared/team";
import { getMenuItem } from "../menu/menu-items";
import { findOwnOrderDetail, type OrderDetail } from "../orders/read";
import { getOwnedMenuItem } from "../menu/owner-menu";
import { orNotFound, pageId, requireAccountPage } from "./page";
import { getRestaurant } from "../restaurants/restaurants";
import { getCurrentUser, requirePageUser } from "./session";

// The records behind the detail pages, each read once per request (layout, metadata and page
// share one read through React's cache). A junk or unknown id, and someone else's record, is
// the page's 404, exactly as the API answers it (./page.ts).

/** /restaurants/{id} and its reviews: any visitor. */
export const findRestaurant = cache((raw: string) => orNotFound(getRestaurant(pageId(raw))));

/** /menu-items/{id}: any visitor. */
export const findMenuItem = cache((raw: string) => orNotFound(getMenuItem(pageId(raw))));

/**
 * A restaurant's management page for someone on its team in at least `need` (owners/roles.ts,
 * docs/architecture/staff.md): the owner, or a member with their grant; anyone else, and a member
 * whose role is below the page's, gets the 404 page. The segment layout checks it before any loading UI streams.
 */
export const teamRestaurantFor = cache(async (raw: string, need: RestaurantRole) => {
  const signedIn = await requireAccountPage();
  const id = pageId(raw);
  const user = await orNotFound(admitToRestaurant(signedIn, id, need).catch(asNotFound));
  return { user, role: actingRole(user), restaurant: await orNotFound(getOwnedRestaurant(user, id)) };
});

/** The owner's own pages of one restaurant (settings, payouts, insights, the team). */
export const ownedRestaurantFor = (raw: string) => teamRestaurantFor(raw, "owner");

/** The edit and delete pages of one dish: its restaurant's owner or a manager. */
export async function ownedMenuItemFor(raw: string) {
  const signedIn = await requireAccountPage();
  const id = pageId(raw);
  const found = await db.menuItem.findUnique({ where: { id }, select: { restaurantId: true } });
  if (!found) notFound();
  const user = await orNotFound(admitToRestaurant(signedIn, found.restaurantId, "manager").catch(asNotFound));
  return { user, item: await orNotFound(getOwnedMenuItem(user, id)) };
}

/** A member's refusal (403: their role is below the page's) shown as the 404 page, like a stranger's. */
const asNotFound = (error: unknown): never => {
  if (error instanceof ApiError && error.status === 403) notFound();
  throw error;
};

/** The signed-in user's order behind /orders/{id}: anonymous visitors go to /login. */
export const findOrderDetail = cache(async (raw: string): Promise<OrderDetail> => {
  const user = await requirePageUser();
  return orNotFound(findOwnOrderDetail(user, pageId(raw)));
});

/**
 * /group/{token}: the group as the signed-in visitor may read it, or for a signed-out one only
 * the invitation (who hosts it, from where; the page offers sign-in). A malformed, unknown,
 * expired or canceled token is the 404.
 */
export const findGroupPage = cache(async (token: string) => {
  if (!GROUP_TOKEN.test(token)) notFound();
  const user = await getCurrentUser();
  if (!user) return { group: null, invite: await orNotFound(readGroupInvite(db, token)) };
  return { group: await orNotFound(readGroup(user, token, undefined)), invite: null };
});
