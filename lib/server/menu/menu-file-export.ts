import "server-only";
import { ALLERGENS, DIET_LABELS, fromMask } from "@/lib/shared/allergens";
import { csvLine } from "@/lib/shared/csv";
import { formatOptions, LIST_SEPARATOR, MENU_FILE_COLUMNS, type MenuFileRow } from "@/lib/shared/menu-file";
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
      section: { select: { name: true, position: true } },
      optionGroups: { orderBy: { position: "asc" }, include: { options: { orderBy: { position: "asc" } } } },
    },
    orderBy: [{ sectionPosition: "asc" }, { id: "asc" }],
  });
  const sectioned = dishes.filter((dish) => dish.section).sort((a, b) => a.section!.position - b.section!.position || a.sectionId! - b.sectionId!);
  const rest = dishes.filter((dish) => !dish.section).sort((a, b) => a.foodType.localeCompare(b.foodType) || a.id - b.id);
  const places = new Map<number, number>();
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
      diet_labels: fromMask(DIET_LABELS, dish.dietLabels).join(LIST_SEPARATOR),
      allows_instructions: dish.allowsInstructions ? "yes" : "no",
      options: formatOptions(
        dish.optionGroups.map((group) => ({
          name: group.name,
          minChoices: group.minChoices,
          maxChoices: group.maxChoices,
          options: group.options.map((option) => ({ name: option.name, priceDelta: option.priceDeltaCents / 100 })),
        })),
      ),
      photo_url: dish.foodImage,
    };
  });
}

/** The CSV: a header of the column names, then one record per dish (formula-like cells defused, lib/shared/csv.ts). */
export async function* menuCsv(rows: MenuFileRow[]): AsyncGenerator<string> {
  yield csvLine(MENU_FILE_COLUMNS);
  for (const row of rows) yield csvLine(MENU_FILE_COLUMNS.map((column) => row[column]));
}
