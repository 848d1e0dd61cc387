import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { MenuSectionJson } from "@/lib/contract/menu/section-schemas";
import type { SectionCreate, SectionUpdate } from "@/lib/contract/menu/section-rules";
import { catalogCached, scopes } from "../platform/catalog-cache";
import { db, type Tx } from "../platform/db";
import { conflict, notFound } from "../platform/errors";
import type { Actor } from "../team/owned";
import { lockRestaurantRow } from "./queries";
import { DEFAULT_LOCALE, type Locale } from "@/lib/i18n/locale";
import { inLanguage, mergeTranslations, readTranslations, writeTranslations } from "@/lib/shared/menu/menu-translations";
import { said } from "@/lib/shared/words/said";

// A restaurant's menu sections (docs/architecture/menu-sections.md): owner-named, ordered by
// `position` from 0, each with an optional time window. Every write takes the menu's lock first
// (lockOwnedMenu), so concurrent reorders and moves run one after another and leave one
// consistent order. Someone else's restaurant or section answers like a missing one (404).

const sectionSelect = {
  id: true,
  restaurantId: true,
  name: true,
  position: true,
  availableFrom: true,
  availableUntil: true,
  translations: true,
  menuItems: { select: { id: true }, orderBy: [{ sectionPosition: "asc" }, { id: "asc" }] },
} satisfies Prisma.MenuSectionSelect;
type SectionRow = {
  id: number;
  restaurantId: number;
  name: string;
  position: number;
  availableFrom: string | null;
  availableUntil: string | null;
  translations: string;
  menuItems: { id: number }[];
};

/** The contract's section JSON; its name in `locale` where the owner gave one (lib/shared/menu/menu-translations.ts). */
export function sectionToJson({ menuItems, translations, ...section }: SectionRow, locale: Locale = DEFAULT_LOCALE): MenuSectionJson {
  return { ...section, name: inLanguage({ translations }, locale, "name", section.name), menuItemIds: menuItems.map((item) => item.id) };
}

/** A section body's columns: its translations merged into the section's (`current`, JSON text) when sent. */
function sectionColumns<T extends SectionCreate | SectionUpdate>({ translations, ...input }: T, current = "{}"): Omit<T, "translations"> & { translations?: string } {
  return translations ? { ...input, translations: writeTranslations(mergeTranslations(readTranslations(current), translations)) } : input;
}

/** The restaurant's sections in menu order, each with its dishes' ids in order. */
export function listSections(restaurantId: number, client: Tx = db): Promise<SectionRow[]> {
  return client.menuSection.findMany({ where: { restaurantId }, select: sectionSelect, orderBy: [{ position: "asc" }, { id: "asc" }] });
}

/** The restaurant page's sections (cached with the catalog: a section's write moves its menu's scope). */
export function listMenuSections(restaurantId: number): Promise<SectionRow[]> {
  return catalogCached(`menu-sections:${restaurantId}`, () => listSections(restaurantId), { under: [scopes.menu(restaurantId)] });
}

/**
 * The actor's restaurant, its menu locked for this transaction: on PostgreSQL its row FOR NO KEY
 * UPDATE (dishes may still be added meanwhile), on SQLite the write transaction itself (BEGIN
 * IMMEDIATE). Anyone else's restaurant is a 404.
 */
export async function lockOwnedMenu(tx: Tx, actor: Actor, restaurantId: number): Promise<void> {
  // A manager's grant names the one restaurant handle() admitted them to (team/owned.ts); an owner owns it.
  const grant = actor.restaurantGrant;
  if (grant && grant.restaurantId !== restaurantId) throw notFound(said("messages.restaurantNotFound"));
  if (!(await lockRestaurantRow(tx, restaurantId, grant ? null : actor.id))) throw notFound(said("messages.restaurantNotFound"));
}

async function ownedSection(tx: Tx, restaurantId: number, sectionId: number) {
  const section = await tx.menuSection.findFirst({ where: { id: sectionId, restaurantId }, select: { id: true, translations: true } });
  if (!section) throw notFound(said("messages.sectionNotFound"));
  return section;
}

/** A new section, last on the menu. */
export function createSection(actor: Actor, restaurantId: number, input: SectionCreate): Promise<SectionRow> {
  return db.$transaction(async (tx) => {
    await lockOwnedMenu(tx, actor, restaurantId);
    const position = await tx.menuSection.count({ where: { restaurantId } });
    return tx.menuSection.create({ data: { restaurantId, position, ...sectionColumns(input) }, select: sectionSelect });
  });
}

/** Renamed, or a new window; the fields sent change. */
export function updateSection(actor: Actor, restaurantId: number, sectionId: number, input: SectionUpdate): Promise<SectionRow> {
  return db.$transaction(async (tx) => {
    await lockOwnedMenu(tx, actor, restaurantId);
    const current = await ownedSection(tx, restaurantId, sectionId);
    return tx.menuSection.update({ where: { id: sectionId }, data: sectionColumns(input, current.translations), select: sectionSelect });
  });
}

/** Deleted; its dishes go back to unsectioned, the sections after it move up. */
export function deleteSection(actor: Actor, restaurantId: number, sectionId: number): Promise<void> {
  return db.$transaction(async (tx) => {
    await lockOwnedMenu(tx, actor, restaurantId);
    await ownedSection(tx, restaurantId, sectionId);
    await tx.menuItem.updateMany({ where: { sectionId }, data: { sectionId: null, sectionPosition: 0 } });
    await tx.menuSection.delete({ where: { id: sectionId } });
    await renumber(
      tx,
      (await listSections(restaurantId, tx)).map((section) => section.id),
    );
  });
}

/**
 * The sections in a new order: `sectionIds` must be every section of the restaurant (a list made
 * before another tab added or deleted one is a 409: nothing changes).
 */
export function reorderSections(actor: Actor, restaurantId: number, sectionIds: number[]): Promise<void> {
  return db.$transaction(async (tx) => {
    await lockOwnedMenu(tx, actor, restaurantId);
    const current = (await listSections(restaurantId, tx)).map((section) => section.id);
    if (current.length !== sectionIds.length || current.some((id) => !sectionIds.includes(id))) {
      const message = said("messages.sectionsChanged");
      throw conflict(message, { sectionIds: message });
    }
    await renumber(tx, sectionIds);
  });
}

/** Positions 0, 1, 2... in the order given, written in id order (one lock order on PostgreSQL); rows already in place are left alone. */
async function renumber(tx: Tx, orderedIds: number[]): Promise<void> {
  const rows = await tx.menuSection.findMany({ where: { id: { in: orderedIds } }, select: { id: true, position: true }, orderBy: { id: "asc" } });
  for (const row of rows) {
    const position = orderedIds.indexOf(row.id);
    if (row.position !== position) await tx.menuSection.update({ where: { id: row.id }, data: { position } });
  }
}
