import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { ALLERGENS, DIET_LABELS, toMask, type Allergen, type DietLabel } from "@/lib/shared/allergens";

// The diet and allergen filters of a dish (docs/architecture/allergens.md), as the bitwise tests
// on MenuItem's bitmasks that the menu's list and the search AND onto the rows their index found.

export type LabelFilter = { diet?: DietLabel[]; allergenFree?: Allergen[] };

/** Dishes (alias `alias`) with every label of `diet`, and with none of the `allergenFree` allergens; null when not asked for. */
export function labelConditions(filter: LabelFilter, alias: "m" | "d") {
  const a = Prisma.raw(alias);
  const diet = filter.diet ? toMask(DIET_LABELS, filter.diet) : 0;
  const free = filter.allergenFree ? toMask(ALLERGENS, filter.allergenFree) : 0;
  return {
    diet: diet ? Prisma.sql`(${a}."dietLabels" & ${diet}) = ${diet}` : null,
    allergenFree: free ? Prisma.sql`(${a}."allergens" & ${free}) = 0` : null,
  };
}
