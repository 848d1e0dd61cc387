import "server-only";
import { ALLERGENS, DIET_CODES, fromMask } from "@/lib/shared/menu/allergens";
import { csvLine } from "@/lib/shared/money/csv";
import { formatOptions, LIST_SEPARATOR, MENU_FILE_COLUMNS, type MenuFileRow } from "@/lib/shared/menu/menu-file";
import { TRANSLATED_FILE_COLUMNS } from "@/lib/shared/menu/menu-file-languages";
import { MENU_LANGUAGES, readTranslations, type MenuLanguage } from "@/lib/shared/menu/menu-translations";
import { db } from "../platform/db";
import { getOwnedRestaurant, type Actor } from "../team/owned";

// A restaurant's menu as a file (docs/architecture/menu-file.md): one row per dish in menu
// order (the sections in order with their dishes in order, then the dishes in no section by food
// type), as CSV or JSON with the same keys. What the import reads back gives the same menu.

/** The owner's menu as rows of text cells, in menu order (someone else's restaurant: 404). */
export async function menuFileRows(actor: Actor, restaurantId: number): Promise<MenuFileRow[]> {
  await getOwnedRestaurant(actor, restaurantId);
  const dishes = await db.menuItem.findMany({
    where: { restaurantId },
    include: {
      section: { select: { name: true, position: true, translations: true } },
      optionGroups: { orderBy: { position: "asc" }, include: { options: { orderBy: { position: "asc" } } } },
    },
    orderBy: [{ sectionPosition: "asc" }, { id: "asc" }],
  });
  const sectioned = dishes.filter((dish) => dish.section).sort((a, b) => a.section!.position - b.section!.position || a.sectionId! - b.sectionId!);
  const rest = dishes.filter((dish) => !dish.section).sort((a, b) => a.foodType.localeCompare(b.foodType) || a.id - b.id);
  const places = new Map<number, number>();
  // The languages any of the menu's words are given in: their columns follow the original ones.
  const words = (text: string | undefined) => readTranslations(text);
  const used = MENU_LANGUAGES.filter((language) =>
    dishes.some(
      (dish) =>
        words(dish.translations)[language] ||
        words(dish.section?.translations)[language] ||
        dish.optionGroups.some((group) => words(group.translations)[language] || group.options.some((option) => words(option.translations)[language])),
    ),
  );
  const translated = (dish: (typeof dishes)[number], language: MenuLanguage) => ({
    [`name:${language}`]: words(dish.translations)[language]?.name ?? "",
    [`description:${language}`]: words(dish.translations)[language]?.description ?? "",
    [`section:${language}`]: words(dish.section?.translations)[language]?.name ?? "",
    // The options in the compact form with this language's names (the original's where none is given).
    [`options:${language}`]: formatOptions(
      dish.optionGroups.map((group) => ({
        name: words(group.translations)[language]?.name ?? group.name,
        minChoices: group.minChoices,
        maxChoices: group.maxChoices,
        options: group.options.map((option) => ({ name: words(option.translations)[language]?.name ?? option.name, priceDelta: option.priceDeltaCents / 100 })),
      })),
    ),
  });
  return [...sectioned, ...rest].map((dish) => {
    const place = dish.sectionId === null ? null : (places.get(dish.sectionId) ?? 0) + 1;
    if (dish.sectionId !== null) places.set(dish.sectionId, place!);
    return {
      section: dish.section?.name ?? "",
      position: place === null ? "" : String(place),
      featured: dish.featuredPosition === null ? "" : String(dish.featuredPosition + 1),
      name: dish.name,
      description: dish.description,
      price: (dish.priceCents / 100).toFixed(2),
      food_type: dish.foodType,
      allergens: fromMask(ALLERGENS, dish.allergens).join(LIST_SEPARATOR),
      may_contain: fromMask(ALLERGENS, dish.mayContain).join(LIST_SEPARATOR),
      may_contain_note: dish.mayContainNote,
      diet_labels: fromMask(DIET_CODES, dish.dietLabels).join(LIST_SEPARATOR),
      allows_instructions: dish.allowsInstructions ? "yes" : "no",
      options: optionsCell(dish.optionGroups),
      photo_url: dish.foodImage,
      ...Object.assign({}, ...used.map((language) => translated(dish, language))),
    };
  });
}

/** The file's columns: the original ones, then the translated ones its rows carry (`name:es`, ...). */
export const fileColumns = (rows: MenuFileRow[]): string[] => [...MENU_FILE_COLUMNS, ...TRANSLATED_FILE_COLUMNS.filter((column) => rows.some((row) => column in row))];

/** The CSV: a header of the column names, then one record per dish (formula-like cells defused, lib/shared/money/csv.ts). */
export async function* menuCsv(rows: MenuFileRow[]): AsyncGenerator<string> {
  const columns = fileColumns(rows);
  yield csvLine(columns);
  for (const row of rows) yield csvLine(columns.map((column) => (row as Record<string, string>)[column] ?? ""));
}

/** A dish's option groups as the file's `options` cell (formatOptions), their price deltas from cents. */
export function optionsCell(groups: readonly { name: string; minChoices: number; maxChoices: number; options: { name: string; priceDeltaCents: number }[] }[]): string {
  return formatOptions(groups.map((group) => ({ ...group, options: group.options.map((option) => ({ name: option.name, priceDelta: option.priceDeltaCents / 100 })) })));
}
