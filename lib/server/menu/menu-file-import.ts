import "server-only";
import type { MenuImportResult } from "@/lib/contract/menu/file-schemas";
import { nameKey, PLACEHOLDER_DISH_PHOTO } from "@/lib/shared/menu/menu-file";
import { marketDate } from "@/lib/shared/time/schedule";
import type { OptionGroupInput } from "@/lib/contract/menu/option-rules";
import { db, type Tx } from "../platform/db";
import { badRequest } from "../platform/errors";
import { removePhotoIfUnused } from "../platform/pictures";
import { getOwnedRestaurant, type Actor } from "../team/owned";
import { checkRows, readMenuFile, type ImportDish } from "./menu-file-rows";
import { replaceOptionGroups } from "./options";
import { listSections, lockOwnedMenu } from "./sections";
import { withOptionWords } from "./menu-file-languages";
import { mergeTranslations, readTranslations, writeTranslations, type Translations } from "@/lib/shared/menu/menu-translations";
import { said } from "@/lib/shared/words/said";

// A menu file imported (docs/architecture/menu-file.md): the preview checks every row and says
// what would change, writing nothing; the apply checks the same and writes every row without an
// error in one transaction (all of them or none), skipping and listing the rows with errors. A dish is matched by name (any case) within the restaurant: updated when
// found, created when not; dishes not in the file stay as they are. Photos are never fetched.

type Existing = Awaited<ReturnType<typeof existingDishes>>[number];

function existingDishes(client: Tx, restaurantId: number) {
  return client.menuItem.findMany({
    where: { restaurantId },
    select: {
      id: true,
      name: true,
      foodImage: true,
      sectionId: true,
      sectionPosition: true,
      featuredPosition: true,
      translations: true,
      optionGroups: { select: { id: true, name: true, translations: true, options: { select: { id: true, name: true, soldOutOn: true, translations: true } } } },
    },
    orderBy: { id: "asc" },
  });
}

const key = nameKey;

/**
 * The photo a dish gets: the file's when it is the dish's own or a demo photo here; otherwise its
 * current one, or the placeholder. Only a row that names a photo not on the site yet is listed
 * to upload (`needsPhoto`): a row without a photo keeps what the dish has.
 */
function photoOf(dish: ImportDish, existing: Existing | undefined): { foodImage: string; needsPhoto: boolean } {
  if (dish.photo && (dish.photo === existing?.foodImage || dish.photo.startsWith("/images/"))) return { foodImage: dish.photo, needsPhoto: false };
  return { foodImage: existing ? existing.foodImage : PLACEHOLDER_DISH_PHOTO, needsPhoto: dish.photo !== null };
}

/** What the file would do: every row's errors, or the dishes created and updated, the sections created, the photos to upload. */
async function plan(client: Tx, restaurantId: number, text: string) {
  const { dishes, errors } = checkRows(readMenuFile(text));
  const [existing, sections] = await Promise.all([existingDishes(client, restaurantId), listSections(restaurantId, client)]);
  const byName = new Map(existing.map((dish) => [key(dish.name), dish]));
  // Each name once: the menu's first section of that name, else one new section for all its spellings in the file.
  const sectionIds = new Map<string, number>();
  for (const section of sections) if (!sectionIds.has(key(section.name))) sectionIds.set(key(section.name), section.id);
  const named = new Map<string, string>();
  for (const { section } of dishes) if (section && !sectionIds.has(key(section)) && !named.has(key(section))) named.set(key(section), section.replace(/\s+/g, " "));
  const newSections = [...named.values()];
  const rows = dishes.map((dish) => ({ dish, existing: byName.get(key(dish.name)), ...photoOf(dish, byName.get(key(dish.name))) }));
  const result: MenuImportResult = {
    rows: dishes.length + new Set(errors.map((error) => error.row)).size,
    errors,
    created: rows.filter((row) => !row.existing).map(({ dish }) => ({ row: dish.row, name: dish.name })),
    updated: rows.filter((row) => row.existing).map(({ dish }) => ({ row: dish.row, name: dish.name })),
    sectionsCreated: newSections,
    needsPhoto: rows.filter((row) => row.needsPhoto).map(({ dish }) => ({ row: dish.row, name: dish.name })),
  };
  return { result, rows, existing, sections, newSections, sectionIds };
}

/** The dry run: what applying would do, and every row's errors; nothing is written. */
export async function previewMenuImport(actor: Actor, restaurantId: number, text: string): Promise<MenuImportResult> {
  await getOwnedRestaurant(actor, restaurantId);
  return (await plan(db, restaurantId, text)).result;
}

/** Every row without an error written in one transaction, the others skipped and listed; a file with no row to write is a 400 naming each row and column. */
export async function applyMenuImport(actor: Actor, restaurantId: number, text: string): Promise<MenuImportResult> {
  await getOwnedRestaurant(actor, restaurantId);
  const { result, replacedPhotos } = await db.$transaction(
    async (tx) => {
      await lockOwnedMenu(tx, actor, restaurantId);
      const planned = await plan(tx, restaurantId, text);
      const { result, rows, existing, sections, newSections, sectionIds } = planned;
      // The rows with errors are skipped (the answer lists them, as the preview did); a file with none to write is a 400.
      if (!rows.length && result.errors.length) {
        const first = result.errors[0]!;
        throw badRequest(
          said("rules.handlers.fileNothing", { row: first.row, column: first.column, message: first.message }),
          Object.fromEntries(result.errors.map((error) => [`rows.${error.row}.${error.column}`, error.message])),
        );
      }
      // A section's name in other languages: the first row naming it in that language's column.
      const sectionWords = new Map<string, Translations>();
      for (const { dish } of rows)
        if (dish.section) sectionWords.set(key(dish.section), mergeTranslations(dish.words.section, sectionWords.get(key(dish.section)) ?? {}));
      for (const [index, name] of newSections.entries()) {
        const translations = writeTranslations(sectionWords.get(key(name)) ?? {});
        const section = await tx.menuSection.create({ data: { restaurantId, name, position: sections.length + index, translations }, select: { id: true } });
        sectionIds.set(key(name), section.id);
      }
      for (const section of sections) {
        const words = sectionWords.get(key(section.name));
        if (!words || sectionIds.get(key(section.name)) !== section.id) continue;
        const translations = writeTranslations(mergeTranslations(readTranslations(section.translations), words));
        if (translations !== writeTranslations(readTranslations(section.translations)))
          await tx.menuSection.update({ where: { id: section.id }, data: { translations } });
      }
      const ids = new Map<ImportDish, number>();
      const replaced: string[] = [];
      for (const { dish, existing: before, foodImage } of rows) {
        const columns = {
          name: dish.name,
          description: dish.description,
          priceCents: dish.priceCents,
          foodType: dish.foodType,
          foodImage,
          allergens: dish.allergens,
          mayContain: dish.mayContain,
          mayContainNote: dish.mayContainNote,
          dietLabels: dish.dietLabels,
          allowsInstructions: dish.allowsInstructions,
          translations: writeTranslations(mergeTranslations(readTranslations(before?.translations), dish.words.dish)),
        };
        const id = before ? before.id : (await tx.menuItem.create({ data: { ...columns, restaurantId }, select: { id: true } })).id;
        if (before) {
          await tx.menuItem.update({ where: { id }, data: columns });
          if (before.foodImage !== foodImage) replaced.push(before.foodImage);
        }
        const groups = before ? keepOptionIds(dish.optionGroups, before) : dish.optionGroups;
        await replaceOptionGroups(tx, id, withOptionWords(groups, dish.words.options, before?.optionGroups ?? []));
        ids.set(dish, id);
      }
      await place(tx, rows, existing, ids, sectionIds);
      return { result, replacedPhotos: replaced };
    },
    { timeout: 60_000, maxWait: 10_000 },
  );
  for (const path of replacedPhotos) await removePhotoIfUnused(path);
  return result;
}

/** Groups and options named as the dish's current ones keep their rows (past order lines stay linked) and today's sold-out mark. */
function keepOptionIds(groups: OptionGroupInput[], dish: Existing): OptionGroupInput[] {
  const today = marketDate(new Date());
  const usedGroups = new Set<number>();
  return groups.map((group) => {
    const current = dish.optionGroups.find((candidate) => key(candidate.name) === key(group.name) && !usedGroups.has(candidate.id));
    if (!current) return group;
    usedGroups.add(current.id);
    const usedOptions = new Set<number>();
    return {
      ...group,
      id: current.id,
      options: group.options.map((option) => {
        const match = current.options.find((candidate) => key(candidate.name) === key(option.name) && !usedOptions.has(candidate.id));
        if (!match) return option;
        usedOptions.add(match.id);
        return { ...option, id: match.id, available: match.soldOutOn !== today };
      }),
    };
  });
}

/**
 * Sections and featured places: in each section the file names, its file dishes by `position`
 * (then row), then its other dishes as they were; a file dish without a section leaves every
 * section. The featured row: the file's featured dishes by `featured` (then row), then the
 * dishes not in the file that were featured, as they were.
 */
async function place(tx: Tx, rows: { dish: ImportDish }[], existing: Existing[], ids: Map<ImportDish, number>, sectionIds: Map<string, number>) {
  const inFile = new Set(ids.values());
  const order = (a: ImportDish, b: ImportDish, field: "position" | "featured") => (a[field] ?? Infinity) - (b[field] ?? Infinity) || a.row - b.row;
  const updates = new Map<number, { sectionId: number | null; sectionPosition: number; featuredPosition: number | null }>();
  const dishes = rows.map((row) => row.dish);
  for (const dish of dishes) updates.set(ids.get(dish)!, { sectionId: null, sectionPosition: 0, featuredPosition: null });
  for (const sectionId of new Set(dishes.flatMap((dish) => (dish.section ? [sectionIds.get(key(dish.section))!] : [])))) {
    const named = dishes.filter((dish) => dish.section && sectionIds.get(key(dish.section)) === sectionId).sort((a, b) => order(a, b, "position"));
    const others = existing.filter((dish) => dish.sectionId === sectionId && !inFile.has(dish.id)).sort((a, b) => a.sectionPosition - b.sectionPosition || a.id - b.id);
    named.forEach((dish, index) => Object.assign(updates.get(ids.get(dish)!)!, { sectionId, sectionPosition: index }));
    for (const [index, dish] of others.entries()) await tx.menuItem.update({ where: { id: dish.id }, data: { sectionPosition: named.length + index } });
  }
  const featured = dishes.filter((dish) => dish.featured !== null).sort((a, b) => order(a, b, "featured"));
  featured.forEach((dish, index) => (updates.get(ids.get(dish)!)!.featuredPosition = index));
  const stillFeatured = existing
    .filter((dish) => dish.featuredPosition !== null && !inFile.has(dish.id))
    .sort((a, b) => a.featuredPosition! - b.featuredPosition! || a.id - b.id);
  for (const [index, dish] of stillFeatured.entries()) await tx.menuItem.update({ where: { id: dish.id }, data: { featuredPosition: featured.length + index } });
  for (const [id, data] of [...updates].sort(([a], [b]) => a - b)) await tx.menuItem.update({ where: { id }, data });
}
