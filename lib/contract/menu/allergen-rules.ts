import { z } from "zod";
import { ALLERGENS, DIET_CODES, MAY_CONTAIN_NOTE_MAX, toMask } from "@/lib/shared/menu/allergens";
import { freeText } from "../common/field-rules";
import { said } from "@/lib/shared/words/said";

// A dish's allergens and diet labels in the owner's POST /api/menu-items and PUT
// /api/menu-items/{id}, and the allergens a customer avoids (PUT /api/users/{id}); the
// names are lib/shared/menu/allergens.ts's, stored as bitmasks (docs/architecture/allergens.md).

const listMessage = (field: string, values: readonly string[]) => said("rules.common.list", { field, list: values.join(", ") });

/** A JSON list of names from `values`, as its bitmask; an unknown or repeated name is refused. */
export const nameList = <T extends string>(field: string, values: readonly T[]) =>
  z
    .array(z.string({ error: listMessage(field, values) }), { error: listMessage(field, values) })
    .refine((names) => names.every((name) => (values as readonly string[]).includes(name)) && new Set(names).size === names.length, listMessage(field, values))
    .transform((names) => toMask(values, names as T[]));

/** A query string's comma-separated names (`diet=vegan,halal`), each from `values`. */
export const nameListParam = <T extends string>(field: string, values: readonly T[]) => {
  const message = said("rules.common.listSeparated", { field, list: values.join(", ") });
  return z
    .string()
    .transform((text) => text.split(",").map((value) => value.trim()))
    .refine((items) => items.length <= values.length && items.every((item) => (values as readonly string[]).includes(item)), message)
    .transform((items) => [...new Set(items)] as T[]);
};

/** The dish's fields (columns of MenuItem); each may be left out (create: none, update: unchanged). */
export const dishAllergenFields = {
  allergens: nameList("allergens", ALLERGENS).optional(),
  mayContain: nameList("mayContain", ALLERGENS).optional(),
  mayContainNote: freeText("mayContainNote")
    .max(MAY_CONTAIN_NOTE_MAX, said("rules.common.atMost", { field: "mayContainNote", count: MAY_CONTAIN_NOTE_MAX }))
    .optional(),
  dietLabels: nameList("dietLabels", DIET_CODES).optional(),
};
