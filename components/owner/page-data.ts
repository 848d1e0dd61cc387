import "server-only";
import { notFound, redirect } from "next/navigation";
import { cache } from "react";
import { ApiError } from "@/lib/server/errors";
import { getOwnedRestaurant } from "@/lib/server/manage";
import { getOwnedMenuItem } from "@/lib/server/owner-menu";
import { requirePageUser, type SessionUser } from "@/lib/server/session";

// The records behind the owner pages. Anonymous visitors go to /login; someone else's
// restaurant or dish is the page's 404, exactly as the API answers it.

function routeId(raw: string): number {
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : 0;
  if (id < 1 || id > 2_147_483_647) notFound();
  return id;
}

async function orNotFound<T>(load: Promise<T>): Promise<T> {
  try {
    return await load;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) notFound();
    throw error;
  }
}

/** A full account: guests are sent to sign up first (they cannot own restaurants). */
export async function requireOwnerPageUser(): Promise<SessionUser> {
  const user = await requirePageUser();
  if (user.guestAccount) redirect("/signup");
  return user;
}

/** Cached per request: the segment layout checks ownership before any loading UI streams. */
export const ownedRestaurantFor = cache(async (raw: string) => {
  const user = await requireOwnerPageUser();
  return { user, restaurant: await orNotFound(getOwnedRestaurant(user, routeId(raw))) };
});

export async function ownedMenuItemFor(raw: string) {
  const user = await requireOwnerPageUser();
  return { user, item: await orNotFound(getOwnedMenuItem(user, routeId(raw))) };
}
