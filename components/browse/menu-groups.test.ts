import { describe, expect, it } from "vitest";
import type { MenuItemJson } from "@/lib/contract/menu-item-schemas";
import type { MenuSectionJson } from "@/lib/contract/menu-section-schemas";
import { menuGroups } from "./menu-groups";

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
    const groups = menuGroups(items, [section(10, " desserts ", [1])]);
    expect(groups.map((group) => [group.label, group.items.map((item) => item.id)])).toEqual([
      [" desserts ", [1, 2]],
      ["Entrees", [3]],
    ]);
  });

  it("keeps a windowed section's dishes apart: its hours would hide the others", () => {
    const groups = menuGroups([dish(1, "dessert"), dish(2, "dessert")], [section(10, "Desserts", [1], ["11:00", "14:00"])]);
    expect(groups.map((group) => group.label)).toEqual(["Desserts", "Desserts"]);
  });
});
