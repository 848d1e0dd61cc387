import "server-only";
import type { OwnerMenuQuery } from "@/lib/contract/restaurants/manage-rules";
import type { MenuItemCreate, MenuItemUpdate } from "@/lib/contract/menu/rules";
import { db, type Tx } from "../platform/db";
import { notFound } from "../platform/errors";
import { sqlOf } from "../platform/sql";
import { enqueueWebhooks, menuItemChanged } from "../webhooks/enqueue";
import { page, type Page } from "../platform/paging";
import { getOwnedRestaurant, restaurantScope, type Actor } from "../team/owned";
import { menuItemInclude } from "./menu-items";
import { replaceOptionGroups } from "./options";
import { removePhotoIfUnused, replacePhoto, type PhotoUpload } from "../platform/pictures";
import { mergeTranslations, readTranslations, writeTranslations } from "@/lib/shared/menu/menu-translations";
import { said } from "@/lib/shared/words/said";

// Menu management for a restaurant's owner. As with restaurants, an item of someone else's
// restaurant answers exactly like a missing one (404).

type MenuRow = Awaited<ReturnType<typeof readMenu>>[number];

const readMenu = (restaurantId: number, offset: number, take: number | undefined) =>
  db.menuItem.findMany({ where: { restaurantId }, include: menuItemInclude, orderBy: [{ createdAt: "desc" }, { id: "desc" }], skip: offset, take });

/**
 * The owner's menu for one restaurant, newest first (a new dish tops the list): every dish from
 * `offset` on when no `limit` is asked (the spec's "menu_items", the whole menu), else that page,
 * one more row read to say whether more exist (`hasMore`, `nextOffset`).
 */
export async function listOwnerMenu(actor: Actor, restaurantId: number, query: OwnerMenuQuery): Promise<Page<MenuRow>> {
  await getOwnedRestaurant(actor, restaurantId);
  if (query.limit === undefined) return { items: await readMenu(restaurantId, query.offset, undefined), hasMore: false, nextOffset: null };
  return page(await readMenu(restaurantId, query.offset, query.limit + 1), { limit: query.limit, offset: query.offset });
}

/** One item of one of the actor's restaurants. */
export async function getOwnedMenuItem(actor: Actor, id: number, client: Tx = db) {
  const item = await client.menuItem.findFirst({ where: { id, restaurant: restaurantScope(actor) }, include: menuItemInclude });
  if (!item) throw notFound(said("messages.menuItemNotFound"));
  return item;
}

/** What creating a dish needs; its options may be left out (none). */
export type NewMenuItem = Omit<MenuItemCreate, "allowsInstructions" | "optionGroups"> & Partial<Pick<MenuItemCreate, "allowsInstructions" | "optionGroups">>;

/** Creates the dish with its option groups, in one transaction. */
export async function createMenuItem(actor: Actor, input: NewMenuItem) {
  const { optionGroups = [], translations, ...columns } = input;
  return db.$transaction(async (tx) => {
    await getOwnedRestaurant(actor, input.restaurantId, tx);
    const item = await tx.menuItem.create({ data: { ...columns, translations: writeTranslations(translations ?? {}) }, select: { id: true } });
    await replaceOptionGroups(tx, item.id, optionGroups);
    await enqueueWebhooks(sqlOf(tx), [menuItemChanged(input.restaurantId, item.id, "created")], new Date());
    return tx.menuItem.findUniqueOrThrow({ where: { id: item.id }, include: menuItemInclude });
  });
}

/** Updates the fields sent; option groups sent replace the dish's (menu-options.ts), all in one transaction. */
export async function updateMenuItem(actor: Actor, id: number, input: MenuItemUpdate) {
  const { optionGroups, translations, ...rest } = input;
  const { row, previous } = await db.$transaction(async (tx) => {
    const before = await getOwnedMenuItem(actor, id, tx);
    if (optionGroups) await replaceOptionGroups(tx, id, optionGroups);
    await enqueueWebhooks(sqlOf(tx), [menuItemChanged(before.restaurantId, id, "updated")], new Date());
    // Translations sent are merged into the dish's, language by language and field by field ("" removes one).
    const columns = translations ? { ...rest, translations: writeTranslations(mergeTranslations(readTranslations(before.translations), translations)) } : rest;
    return { row: await tx.menuItem.update({ where: { id }, data: columns, include: menuItemInclude }), previous: before.foodImage };
  });
  // An uploaded photo replaced by a URL or a demo photo: its files go once the row has changed.
  if (row.foodImage !== previous) await removePhotoIfUnused(previous);
  return row;
}

/** Replaces the dish's photo with an uploaded one (pictures.ts replacePhoto: stored, row swapped, old files removed). */
export async function setMenuItemPhoto(actor: Actor, id: number, upload: PhotoUpload) {
  return replacePhoto(upload.bytes, "dish", upload.crop, (path) =>
    db.$transaction(async (tx) => {
      const before = await getOwnedMenuItem(actor, id, tx);
      return { row: await tx.menuItem.update({ where: { id }, data: { foodImage: path }, include: menuItemInclude }), previous: before.foodImage };
    }),
  );
}

/** Deletes the item and its likes; past order lines keep their name and price (menuItemId set to null). */
export async function deleteMenuItem(actor: Actor, id: number): Promise<void> {
  const item = await db.$transaction(async (tx) => {
    const item = await getOwnedMenuItem(actor, id, tx);
    await tx.menuItem.delete({ where: { id } });
    await enqueueWebhooks(sqlOf(tx), [menuItemChanged(item.restaurantId, id, "deleted")], new Date());
    return item;
  });
  await removePhotoIfUnused(item.foodImage);
}
