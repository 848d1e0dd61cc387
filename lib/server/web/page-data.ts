import "server-only";
import { notFound } from "next/navigation";
import { cache } from "react";
import { GROUP_TOKEN } from "@/lib/validation/group-orders";
import { db } from "../platform/db";
import { readGroup, readGroupInvite } from "../group-orders/read";
import { getOwnedRestaurant } from "../owners/owned";
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

/** The owner's pages of one restaurant; the segment layout checks ownership before any loading UI streams. */
export const ownedRestaurantFor = cache(async (raw: string) => {
  const user = await requireAccountPage();
  return { user, restaurant: await orNotFound(getOwnedRestaurant(user, pageId(raw))) };
});

/** The owner's edit and delete pages of one dish. */
export async function ownedMenuItemFor(raw: string) {
  const user = await requireAccountPage();
  return { user, item: await orNotFound(getOwnedMenuItem(user, pageId(raw))) };
}

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
