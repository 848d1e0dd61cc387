import "server-only";
import { notFound, redirect } from "next/navigation";
import { cache } from "react";
import { GROUP_TOKEN } from "@/lib/contract/group-orders/rules";
import { db } from "../platform/db";
import { readGroup, readGroupInvite } from "../group-orders/read";
import { getOwnedRestaurant } from "../team/owned";
import { actingRole, admitToRestaurant, roleAt } from "../team/roles";
import { ApiError } from "../platform/errors";
import { roleAllows, type RestaurantRole } from "@/lib/shared/people/team";
import { getMenuItem } from "../menu/menu-items";
import { findOwnOrderDetail, type OrderDetail } from "../orders/read";
import { getOwnedMenuItem } from "../menu/owner-menu";
import { orNotFound, pageId, requireAccountPage } from "./page";
import { getRestaurant } from "../restaurants/restaurants";
import { getCurrentUser, requirePageUser } from "./session";
import { cookies } from "next/headers";
import { requestLocale } from "@/lib/i18n/translate";
import { admitKitchenDevice, deviceTokenOf } from "../kitchen-devices/caller";

// The records behind the detail pages, each read once per request (layout, metadata and page
// share one read through React's cache). A junk or unknown id, and someone else's record, is
// the page's 404, exactly as the API answers it (./page.ts).

/** /restaurants/{id} and its reviews: any visitor. */
export const findRestaurant = cache((raw: string) => orNotFound(getRestaurant(pageId(raw))));

/** /menu-items/{id}: any visitor. */
export const findMenuItem = cache((raw: string) => orNotFound(getMenuItem(pageId(raw))));

/**
 * A restaurant's management page for someone on its team in at least `need` (team/roles.ts,
 * docs/architecture/team.md): the owner, or a member with their grant; anyone else gets the 404
 * page (as the API answers a stranger). The segment layout checks it before any loading UI streams.
 * Pages that ask more than staff use teamPageFor, which tells a member below the page's role why.
 */
export const teamRestaurantFor = cache(async (raw: string, need: RestaurantRole) => {
  const signedIn = await requireAccountPage();
  const id = pageId(raw);
  const user = await orNotFound(admitToRestaurant(signedIn, id, need).catch(asNotFound));
  return { user, role: actingRole(user), restaurant: await orNotFound(getOwnedRestaurant(user, id)) };
});

/** A member refused a page above their role: the role it needs, theirs, and the restaurant they work at (components/team/role-refused.tsx). */
export type RoleRefusal = { refused: { need: RestaurantRole; role: RestaurantRole; restaurantName: string } };

/**
 * The refusal of a member whose role at the restaurant is below `need`, or null: they know the
 * restaurant, so the page says which role it needs and whom to ask. A stranger (and a guest)
 * gets null here and the 404 from the page's own check: nothing is revealed to them.
 */
async function refusalAt(userId: number, guest: boolean, restaurantId: number, need: RestaurantRole): Promise<RoleRefusal | null> {
  const role = guest ? null : await roleAt(userId, restaurantId);
  if (!role || roleAllows(role, need)) return null;
  const restaurant = await db.restaurant.findUnique({ where: { id: restaurantId }, select: { name: true } });
  return restaurant ? { refused: { need, role, restaurantName: restaurant.name } } : null;
}

/**
 * The board's pages (/restaurants/{id}/orders, its tickets): a kitchen tablet paired to the
 * restaurant (its own cookie, no session: docs/architecture/kitchen.md "A board that lives on a
 * tablet"), acting as a staff member; else as teamRestaurantFor(raw, "staff"). `device` says which.
 */
export const boardRestaurantFor = cache(async (raw: string) => {
  const token = deviceTokenOf(await cookies());
  const paired = token ? await admitKitchenDevice(token) : null;
  const id = pageId(raw);
  if (paired && paired.kitchenDevice.restaurantId === id) {
    const member = await orNotFound(admitToRestaurant(paired.user, id, "staff").catch(asNotFound));
    const user = { ...member, restaurantGrant: { restaurantId: id, role: "staff" as const } };
    return { user, role: "staff" as const, restaurant: await orNotFound(getOwnedRestaurant(user, id)), device: paired.kitchenDevice };
  }
  // A removed tablet (its cookie names nothing) with nobody signed in: back to pairing, not to the sign-in page.
  if (token && !paired && !(await getCurrentUser())) redirect("/kitchen");
  return { ...(await teamRestaurantFor(raw, "staff")), device: null };
});

/** A restaurant's page that asks more than staff (the menu, promotions, the owner's): as teamRestaurantFor, or a member's refusal. */
export const teamPageFor = cache(async (raw: string, need: RestaurantRole) => {
  const signedIn = await requireAccountPage();
  return (await refusalAt(signedIn.id, signedIn.guestAccount, pageId(raw), need)) ?? teamRestaurantFor(raw, need);
});

/** The owner's own pages of one restaurant (settings, payouts, insights, the team). */
export const ownedRestaurantFor = (raw: string) => teamPageFor(raw, "owner");

/** The edit and delete pages of one dish: its restaurant's owner or a manager (staff: told so). */
export async function ownedMenuItemFor(raw: string) {
  const signedIn = await requireAccountPage();
  const id = pageId(raw);
  const found = await db.menuItem.findUnique({ where: { id }, select: { restaurantId: true } });
  if (!found) notFound();
  const refusal = await refusalAt(signedIn.id, signedIn.guestAccount, found.restaurantId, "manager");
  if (refusal) return refusal;
  const user = await orNotFound(admitToRestaurant(signedIn, found.restaurantId, "manager").catch(asNotFound));
  return { user, item: await orNotFound(getOwnedMenuItem(user, id)) };
}

/** A refusal (403) that got past the pages' own check (the role changed in between) shown as the 404 page. */
const asNotFound = (error: unknown): never => {
  if (error instanceof ApiError && error.status === 403) notFound();
  throw error;
};

/** The signed-in user's order behind /orders/{id}: anonymous visitors go to /login. */
export const findOrderDetail = cache(async (raw: string): Promise<OrderDetail> => {
  const user = await requirePageUser();
  return orNotFound(findOwnOrderDetail(user, pageId(raw), new Date(), await requestLocale()));
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
