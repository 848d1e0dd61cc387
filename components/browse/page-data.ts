import "server-only";
import { notFound } from "next/navigation";
import { cache } from "react";
import { ApiError } from "@/lib/server/errors";
import { getMenuItem } from "@/lib/server/menu-items";
import { getRestaurant } from "@/lib/server/restaurants";

// The records behind the detail pages, read once per request (layout, metadata and page share
// them). A junk or unknown id is the page's 404.

const MAX_ID = 2_147_483_647;

export function routeId(raw: string): number {
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : 0;
  if (id < 1 || id > MAX_ID) notFound();
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

export const findRestaurant = cache((raw: string) => orNotFound(getRestaurant(routeId(raw))));

export const findMenuItem = cache((raw: string) => orNotFound(getMenuItem(routeId(raw))));
