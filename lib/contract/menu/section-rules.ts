import { z } from "zod";
import { freeText } from "../common/field-rules";
import { CLOCK_TIME } from "@/lib/shared/time/section-window";
import { sectionTranslationsSchema } from "./translation-rules";
import { said } from "@/lib/shared/words/said";

// The owner's menu sections (docs/architecture/menu-sections.md): POST /api/manage/{id}/sections,
// PUT .../sections/{sectionId}, PUT .../section-order, PUT .../sections/{sectionId}/dishes and
// PUT .../featured. A refusal names the field.

export const SECTION_NAME_MAX = 60;
/** A restaurant's sections, and the dishes one list may name: a menu is a few dozen dishes. */
export const SECTION_LIST_MAX = 200;

export const SECTION_SAID = {
  name: said("rules.menuSection.name", { max: SECTION_NAME_MAX }),
  time: (field: string) => said("rules.common.time", { field }),
  bothOrNeither: said("rules.menuSection.bothOrNeither"),
  sameTimes: said("rules.menuSection.sameTimes"),
  nothing: said("rules.menuSection.nothing"),
  ids: (field: string) => said("rules.common.distinctIds", { field, max: SECTION_LIST_MAX }),
} as const;
const M = SECTION_SAID;

/** A section's name: free text by every free-text field's character rules (fields.ts), 1-60 characters. */
export const sectionNameSchema = freeText("name", { required: M.name }).min(1, M.name).max(SECTION_NAME_MAX, M.name);
const name = sectionNameSchema;
const time = (field: string) =>
  z
    .string({ error: M.time(field) })
    .regex(CLOCK_TIME, M.time(field))
    .nullable();

type Times = { availableFrom?: string | null; availableUntil?: string | null };
/** Both times or neither, and not the same (an empty window). */
function checkTimes(input: Times, ctx: z.RefinementCtx) {
  if (input.availableFrom === undefined && input.availableUntil === undefined) return;
  if (((input.availableFrom ?? null) === null) !== ((input.availableUntil ?? null) === null)) {
    ctx.addIssue({ code: "custom", message: M.bothOrNeither, path: [input.availableFrom == null ? "availableFrom" : "availableUntil"] });
  } else if (input.availableFrom != null && input.availableFrom === input.availableUntil) {
    ctx.addIssue({ code: "custom", message: M.sameTimes, path: ["availableUntil"] });
  }
}

export const sectionCreateSchema = z
  .object({
    name,
    availableFrom: time("availableFrom").default(null),
    availableUntil: time("availableUntil").default(null),
    // Optional: its name in other languages (docs/architecture/languages.md "Menus in several languages").
    translations: sectionTranslationsSchema.optional(),
  })
  .superRefine(checkTimes);
export type SectionCreate = z.output<typeof sectionCreateSchema>;

/** A rename, or a new window (both times, or both null for all day). */
export const sectionUpdateSchema = z
  .object({
    name: name.optional(),
    availableFrom: time("availableFrom").optional(),
    availableUntil: time("availableUntil").optional(),
    translations: sectionTranslationsSchema.optional(),
  })
  .superRefine((input, ctx) => {
    if (input.name === undefined && input.availableFrom === undefined && input.availableUntil === undefined && input.translations === undefined) {
      ctx.addIssue({ code: "custom", message: M.nothing, path: ["name"] });
    } else if ((input.availableFrom === undefined) !== (input.availableUntil === undefined)) {
      ctx.addIssue({ code: "custom", message: M.bothOrNeither, path: [input.availableFrom === undefined ? "availableFrom" : "availableUntil"] });
    } else checkTimes(input, ctx);
  });
export type SectionUpdate = z.output<typeof sectionUpdateSchema>;

const idList = (field: string, min: number) =>
  z
    .array(
      z
        .number({ error: M.ids(field) })
        .int(M.ids(field))
        .positive(M.ids(field)),
      { error: M.ids(field) },
    )
    .min(min, M.ids(field))
    .max(SECTION_LIST_MAX, M.ids(field))
    .refine((ids) => new Set(ids).size === ids.length, M.ids(field));

/** Every section of the restaurant, in their new order. */
export const sectionOrderSchema = z.object({ sectionIds: idList("sectionIds", 1) });
/** The section's dishes in their order: dishes not named leave it (unsectioned), dishes named from another section move here. */
export const sectionDishesSchema = z.object({ menuItemIds: idList("menuItemIds", 0) });
/** The featured dishes, in order; none: nothing featured. */
export const featuredSchema = z.object({ menuItemIds: idList("menuItemIds", 0) });
