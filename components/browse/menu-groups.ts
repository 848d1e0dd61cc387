import { FOOD_TYPES, type FoodType } from "@/lib/shared/constants";
import { nameKey } from "@/lib/shared/menu/menu-file";
import type { MenuItemJson } from "@/lib/contract/menu/schemas";
import type { MenuSectionJson } from "@/lib/contract/menu/section-schemas";
import type { SectionWindow } from "@/lib/shared/time/section-window";

// The restaurant page's groups (docs/architecture/menu-sections.md): the featured dishes first,
// then the owner's sections in order with their dishes in order, then the dishes in no section by
// the spec's food type. A restaurant without sections or featured dishes: the food-type groups
// exactly as before sections existed. Empty groups are skipped. A food type named as a section
// ("Desserts" beside the owner's "desserts" section, in the reader's words) is not a second group:
// its dishes follow the section's own.

export type MenuGroup = { key: string; label: string; window: SectionWindow | null; items: MenuItemJson[] };

const windowOf = (section: MenuSectionJson): SectionWindow | null =>
  section.availableFrom === null || section.availableUntil === null ? null : { availableFrom: section.availableFrom, availableUntil: section.availableUntil };

/** `labels`: the food types' and Featured's names in the reader's language (the catalogue's restaurant.groups; the owner's section names stay theirs). */
export function menuGroups(items: MenuItemJson[], sections: MenuSectionJson[], labels: Record<FoodType | "featured", string>): MenuGroup[] {
  const byId = new Map(items.map((item) => [item.id, item]));
  const featured = items.filter((item) => item.featuredPosition !== null).sort((a, b) => a.featuredPosition! - b.featuredPosition! || a.id - b.id);
  const placed = new Set<number>();
  const owned = sections.map((section) => {
    const dishes = section.menuItemIds.flatMap((id) => byId.get(id) ?? []);
    dishes.forEach((dish) => placed.add(dish.id));
    return { key: `section-${section.id}`, label: section.name, window: windowOf(section), items: dishes };
  });
  const rest = FOOD_TYPES.flatMap((type) => {
    const dishes = items.filter((item) => item.food_type === type && !placed.has(item.id));
    // An all-day section of the same name takes them (one with a time window would hide them out of its hours).
    const same = owned.find((group) => !group.window && nameKey(group.label) === nameKey(labels[type]));
    if (same) {
      same.items = [...same.items, ...dishes];
      return [];
    }
    return [{ key: type, label: labels[type], window: null, items: dishes }];
  });
  const first = featured.length ? [{ key: "featured", label: labels.featured, window: null, items: featured }] : [];
  return [...first, ...owned, ...rest].filter((group) => group.items.length);
}

/** Each dish's section window (dishes in an all-day section or none: absent). */
export function dishWindows(sections: MenuSectionJson[] = []): Map<number, SectionWindow> {
  const windows = new Map<number, SectionWindow>();
  for (const section of sections) {
    const window = windowOf(section);
    if (window) section.menuItemIds.forEach((id) => windows.set(id, window));
  }
  return windows;
}
