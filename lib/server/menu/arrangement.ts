import "server-only";
import { db, type Tx } from "../platform/db";
import { badRequest, notFound } from "../platform/errors";
import type { Actor } from "../team/owned";
import { listSections, lockOwnedMenu, sectionToJson } from "./sections";
import { said } from "@/lib/shared/words/said";

// Where a dish sits on its restaurant's menu (docs/architecture/menu-sections.md): its section
// (`sectionId`, null: unsectioned), its place in it (`sectionPosition` from 0) and its place in the
// featured row (`featuredPosition`, null: not featured). Each write replaces a whole list under the
// menu's lock (sections.ts lockOwnedMenu), rows written in id order, so concurrent moves and
// reorders leave the order of one of them, never a mix. A dish is in at most one section: the
// column holds one.

/** The ids of `menuItemIds` not on the restaurant's menu: a 400 naming the field. */
async function assertOnMenu(tx: Tx, restaurantId: number, menuItemIds: number[]): Promise<void> {
  const found = await tx.menuItem.findMany({ where: { id: { in: menuItemIds }, restaurantId }, select: { id: true } });
  const missing = menuItemIds.filter((id) => !found.some((row) => row.id === id));
  if (missing.length) {
    const message = said("rules.handlers.notOnMenu", { id: missing.join(", ") });
    throw badRequest(message, { menuItemIds: message });
  }
}

/**
 * The section's dishes, in this order: dishes named from another section (or none) move here,
 * its dishes not named go back to unsectioned.
 */
export function setSectionDishes(actor: Actor, restaurantId: number, sectionId: number, menuItemIds: number[]): Promise<void> {
  return db.$transaction(async (tx) => {
    await lockOwnedMenu(tx, actor, restaurantId);
    const section = await tx.menuSection.findFirst({ where: { id: sectionId, restaurantId }, select: { id: true } });
    if (!section) throw notFound(said("messages.sectionNotFound"));
    await assertOnMenu(tx, restaurantId, menuItemIds);
    await tx.menuItem.updateMany({ where: { sectionId, id: { notIn: menuItemIds } }, data: { sectionId: null, sectionPosition: 0 } });
    const rows = await tx.menuItem.findMany({ where: { id: { in: menuItemIds } }, select: { id: true, sectionId: true, sectionPosition: true }, orderBy: { id: "asc" } });
    for (const row of rows) {
      const sectionPosition = menuItemIds.indexOf(row.id);
      if (row.sectionId !== sectionId || row.sectionPosition !== sectionPosition)
        await tx.menuItem.update({ where: { id: row.id }, data: { sectionId, sectionPosition } });
    }
  });
}

/** The featured dishes, in this order (none: nothing featured). */
export function setFeatured(actor: Actor, restaurantId: number, menuItemIds: number[]): Promise<void> {
  return db.$transaction(async (tx) => {
    await lockOwnedMenu(tx, actor, restaurantId);
    await assertOnMenu(tx, restaurantId, menuItemIds);
    await tx.menuItem.updateMany({ where: { restaurantId, featuredPosition: { not: null }, id: { notIn: menuItemIds } }, data: { featuredPosition: null } });
    const rows = await tx.menuItem.findMany({ where: { id: { in: menuItemIds } }, select: { id: true, featuredPosition: true }, orderBy: { id: "asc" } });
    for (const row of rows) {
      const featuredPosition = menuItemIds.indexOf(row.id);
      if (row.featuredPosition !== featuredPosition) await tx.menuItem.update({ where: { id: row.id }, data: { featuredPosition } });
    }
  });
}

/** The menu's arrangement as the owner's routes answer it: the sections with their dishes, and the featured dishes, in order. */
export async function menuArrangement(restaurantId: number, client: Tx = db) {
  const [sections, featured] = await Promise.all([listSections(restaurantId, client), featuredIds(restaurantId, client)]);
  return { sections: sections.map((section) => sectionToJson(section)), featured };
}

/** The restaurant's featured dishes' ids, in order. */
export async function featuredIds(restaurantId: number, client: Tx = db): Promise<number[]> {
  const rows = await client.menuItem.findMany({
    where: { restaurantId, featuredPosition: { not: null } },
    select: { id: true },
    orderBy: [{ featuredPosition: "asc" }, { id: "asc" }],
  });
  return rows.map((row) => row.id);
}
