// A dish's allergens and diet labels (docs/architecture/allergens.md). The
// names are the API's, the import's and the export's; the database keeps each set as a bitmask
// whose bit i is the name at index i of its list, so the lists' order is fixed: new names go at
// the end, never in between.

/** The EU's 14 allergens (Regulation 1169/2011, Annex II), which include the US's 9 major. */
export const ALLERGENS = [
  "celery",
  "gluten",
  "crustaceans",
  "eggs",
  "fish",
  "lupin",
  "milk",
  "molluscs",
  "mustard",
  "tree-nuts",
  "peanuts",
  "sesame",
  "soybeans",
  "sulphites",
] as const;
export type Allergen = (typeof ALLERGENS)[number];

export const DIET_CODES = ["vegetarian", "vegan", "gluten-free", "halal", "kosher", "spicy"] as const;
export type DietLabel = (typeof DIET_CODES)[number];

/** The "may contain" note's longest text. */
export const MAY_CONTAIN_NOTE_MAX = 200;

/** The names as a bitmask (bit i: list[i]). */
export function toMask<T extends string>(list: readonly T[], names: readonly T[]): number {
  return names.reduce((mask, name) => {
    const bit = list.indexOf(name);
    return bit < 0 ? mask : mask | (1 << bit);
  }, 0);
}

/** A bitmask's names, in the list's order. */
export function fromMask<T extends string>(list: readonly T[], mask: number): T[] {
  return list.filter((_, bit) => (mask & (1 << bit)) !== 0);
}

/** What one chosen option adds to a dish: its allergens, and the diet labels it takes away. */
export type OptionContents = { allergens?: readonly Allergen[]; removesLabels?: readonly DietLabel[] };

/** The labels an allergen added by an option takes away, besides those the option names. */
const LABELS_AN_ALLERGEN_TAKES: Partial<Record<Allergen, readonly DietLabel[]>> = {
  gluten: ["gluten-free"],
  milk: ["vegan"],
  eggs: ["vegan"],
  fish: ["vegetarian", "vegan"],
  crustaceans: ["vegetarian", "vegan"],
  molluscs: ["vegetarian", "vegan"],
};

/**
 * A line's allergens and diet labels: the dish's, with what its chosen options add (extra cheese:
 * milk, so not vegan; pepperoni: not vegetarian, vegan or halal; croutons: gluten, so not
 * gluten-free). The cart line and the order show these, not the plain dish's.
 */
export function lineLabels(
  dish: { allergens: readonly Allergen[]; dietLabels: readonly DietLabel[] },
  chosen: readonly OptionContents[],
): { allergens: Allergen[]; dietLabels: DietLabel[] } {
  const added = new Set(chosen.flatMap((option) => option.allergens ?? []));
  const taken = new Set(
    chosen.flatMap((option) => [...(option.removesLabels ?? []), ...[...(option.allergens ?? [])].flatMap((a) => LABELS_AN_ALLERGEN_TAKES[a] ?? [])]),
  );
  return {
    allergens: ALLERGENS.filter((name) => dish.allergens.includes(name) || added.has(name)),
    dietLabels: dish.dietLabels.filter((label) => !taken.has(label)),
  };
}
