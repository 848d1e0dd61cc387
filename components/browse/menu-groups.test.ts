import { describe, expect, it } from "vitest";
import type { MenuItemJson } from "@/lib/contract/menu/schemas";
import type { MenuSectionJson } from "@/lib/contract/menu/section-schemas";
import { ENGLISH, SOURCES } from "@/lib/i18n/catalogues";
import { menuGroups } from "./menu-groups";

const en = ENGLISH.restaurant.groups;

// The restaurant page's groups: a food type named as one of the owner's sections ("Desserts" and
// a "desserts " section) is one group, not two headings of the same name.

const dish = (id: number, food_type: string) => ({ id, name: `Dish ${id}`, food_type, featuredPosition: null }) as unknown as MenuItemJson;
const section = (id: number, name: string, menuItemIds: number[], window: [string, string] | null = null): MenuSectionJson => ({
  id,
  restaurantId: 1,
  name,
  position: id,
  availableFrom: window?.[0] ?? null,
  availableUntil: window?.[1] ?? null,
  menuItemIds,
});

describe("the restaurant page's menu groups", () => {
  it("puts the dishes of a food type named as an all-day section after that section's own", () => {
    const items = [dish(1, "dessert"), dish(2, "dessert"), dish(3, "entree")];
    const groups = menuGroups(items, [section(10, " desserts ", [1])], en);
    expect(groups.map((group) => [group.label, group.items.map((item) => item.id)])).toEqual([
      [" desserts ", [1, 2]],
      ["Entrees", [3]],
    ]);
  });

  it("keeps a windowed section's dishes apart: its hours would hide the others", () => {
    const groups = menuGroups([dish(1, "dessert"), dish(2, "dessert")], [section(10, "Desserts", [1], ["11:00", "14:00"])], en);
    expect(groups.map((group) => group.label)).toEqual(["Desserts", "Desserts"]);
  });

  it("names the food types in the reader's words, and matches a section by them", () => {
    const es = (SOURCES.es as typeof ENGLISH).restaurant.groups;
    const groups = menuGroups([dish(1, "dessert"), dish(2, "dessert"), dish(3, "entree")], [section(10, es.dessert, [1])], es);
    expect(groups.map((group) => [group.label, group.items.map((item) => item.id)])).toEqual([
      [es.dessert, [1, 2]],
      [es.entree, [3]],
    ]);
    expect(es.entree).not.toBe(en.entree);
  });
});
