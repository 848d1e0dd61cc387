import { z } from "zod";
import { OPTION_LIMITS } from "@/lib/shared/menu/options";
import { dollarsInput, freeText, numberInput, requiredText } from "../common/field-rules";
import { idNumber } from "../common/id-rules";
import { nameList } from "./allergen-rules";
import { ALLERGENS, DIET_CODES } from "@/lib/shared/menu/allergens";
import { optionTranslationsSchema } from "./translation-rules";
import { said, word } from "@/lib/shared/words/said";

// A dish's option groups as its owner sends them (POST /api/menu-items, PUT /api/menu-items/{id})
// and a customer's choices on an order line. The list replaces the dish's groups: array order is
// display order; an `id` keeps that row, a group or option without one is new, one left out is
// deleted. Stored as minChoices/maxChoices: `required` is derived (minChoices >= 1); a body may
// send it, and then it must agree.

export const OPTION_SAID = {
  groupsMax: said("rules.options.groups", { max: OPTION_LIMITS.groups }),
  groupsList: said("rules.options.groupsList"),
  groupNameRequired: said("messages.required", { label: word("groupName") }),
  groupNameLong: said("rules.options.groupName", { max: OPTION_LIMITS.nameLength }),
  optionNameRequired: said("messages.required", { label: word("optionName") }),
  optionNameLong: said("rules.options.optionName", { max: OPTION_LIMITS.nameLength }),
  optionsList: said("rules.options.optionsList"),
  optionsMin: said("rules.options.groupMin"),
  optionsMax: said("rules.options.groupMax", { max: OPTION_LIMITS.optionsPerGroup }),
  priceDeltaRequired: said("rules.options.deltaRequired"),
  priceDeltaNumber: said("rules.common.number", { field: word("priceChange") }),
  priceDeltaRange: said("rules.options.deltaRange", { max: OPTION_LIMITS.maxDeltaCents / 100 }),
  priceDeltaDecimals: said("rules.options.deltaDecimals"),
  available: said("rules.common.trueOrFalse", { field: "available" }),
  minChoices: said("rules.options.minimum", { max: OPTION_LIMITS.optionsPerGroup }),
  maxChoices: said("rules.options.maximum", { max: OPTION_LIMITS.optionsPerGroup }),
  minOverMax: said("rules.options.minAboveMax"),
  maxOverOptions: (count: number) => said("rules.options.maxAboveCount", { count }),
  required: said("rules.common.trueOrFalse", { field: "required" }),
  requiredMismatch: said("rules.options.requiredMin"),
  tooFewAvailable: (name: string, min: number) =>
    min === 1
      ? said("rules.options.availableOne", { group: name || word("requiredGroup") })
      : said("rules.options.availableMany", { group: name || word("requiredGroup"), min }),
  allowsInstructions: said("rules.common.trueOrFalse", { field: "allowsInstructions" }),
  duplicateId: said("rules.options.twice"),
  instructionsLong: said("rules.options.instructions", { max: OPTION_LIMITS.instructionsLength }),
  choices: said("rules.options.optionIds"),
  noPrice: said("rules.options.noPrice"),
} as const;
const M = OPTION_SAID;

const count = (message: string, min: number) => z.number({ error: message }).int(message).min(min, message).max(OPTION_LIMITS.optionsPerGroup, message);

export const optionInputSchema = z.object({
  id: idNumber("id").optional(),
  name: requiredText(word("optionName"), M.optionNameRequired).max(OPTION_LIMITS.nameLength, M.optionNameLong),
  priceDelta: dollarsInput(
    numberInput(M.priceDeltaRequired, M.priceDeltaNumber)
      .min(0, M.priceDeltaRange)
      .max(OPTION_LIMITS.maxDeltaCents / 100, M.priceDeltaRange),
    M.priceDeltaDecimals,
  ),
  available: z.boolean({ error: M.available }).optional().default(true),
  // What choosing it adds to the dish (lib/shared/menu/allergens.ts lineLabels). Left out: a new option
  // adds nothing, a kept one (its id sent) keeps what it had, so a client or a menu file that
  // knows nothing of them never wipes them.
  allergens: nameList("allergens", ALLERGENS).optional(),
  removesLabels: nameList("removesLabels", DIET_CODES).optional(),
  // Its name in other languages: left out, a kept option keeps its own (docs/architecture/languages.md).
  translations: optionTranslationsSchema.optional(),
});

export const optionGroupInputSchema = z
  .object({
    id: idNumber("id").optional(),
    name: requiredText(word("groupName"), M.groupNameRequired).max(OPTION_LIMITS.nameLength, M.groupNameLong),
    required: z.boolean({ error: M.required }).optional(),
    minChoices: count(M.minChoices, 0),
    maxChoices: count(M.maxChoices, 1),
    options: z.array(optionInputSchema, { error: M.optionsList }).min(1, M.optionsMin).max(OPTION_LIMITS.optionsPerGroup, M.optionsMax),
    translations: optionTranslationsSchema.optional(),
  })
  .superRefine((group, ctx) => {
    if (group.minChoices > group.maxChoices) ctx.addIssue({ code: "custom", path: ["minChoices"], message: M.minOverMax });
    if (group.options.length && group.maxChoices > group.options.length)
      ctx.addIssue({ code: "custom", path: ["maxChoices"], message: M.maxOverOptions(group.options.length) });
    if (group.required !== undefined && group.required !== group.minChoices >= 1) ctx.addIssue({ code: "custom", path: ["required"], message: M.requiredMismatch });
    const available = group.options.filter((option) => option.available).length;
    if (group.minChoices >= 1 && available < group.minChoices)
      ctx.addIssue({ code: "custom", path: ["options"], message: M.tooFewAvailable(group.name, group.minChoices) });
  })
  .transform(({ required: _required, ...group }) => group);
export type OptionGroupInput = z.output<typeof optionGroupInputSchema>;

export const optionGroupsInputSchema = z
  .array(optionGroupInputSchema, { error: M.groupsList })
  .max(OPTION_LIMITS.groups, M.groupsMax)
  .superRefine((groups, ctx) => {
    duplicateIds(groups, ctx);
    const optionIds = groups.flatMap((group, g) => group.options.map((option, o) => ({ id: option.id, path: [g, "options", o, "id"] })));
    const seen = new Set<number>();
    for (const { id, path } of optionIds) {
      if (id === undefined) continue;
      if (seen.has(id)) ctx.addIssue({ code: "custom", path, message: M.duplicateId });
      seen.add(id);
    }
  });

function duplicateIds(rows: { id?: number }[], ctx: z.RefinementCtx) {
  const seen = new Set<number>();
  rows.forEach((row, index) => {
    if (row.id === undefined) return;
    if (seen.has(row.id)) ctx.addIssue({ code: "custom", path: [index, "id"], message: M.duplicateId });
    seen.add(row.id);
  });
}

/** What the owner's create and update bodies add to a dish. */
export const dishOptionFields = {
  allowsInstructions: z.boolean({ error: M.allowsInstructions }),
  optionGroups: optionGroupsInputSchema,
};

/**
 * An order line's choices: option ids (checked against the dish on the server) and instructions.
 * A line that carries a price is refused rather than silently ignored: the client must not
 * believe its price counts.
 */
export const lineChoiceFields = {
  price: z.never({ error: M.noPrice }).optional(),
  unitPrice: z.never({ error: M.noPrice }).optional(),
  options: z
    .array(idNumber("options", M.choices), { error: M.choices })
    .max(OPTION_LIMITS.groups * OPTION_LIMITS.optionsPerGroup, M.choices)
    .optional(),
  instructions: freeText(word("instructions"), { multiline: true }).pipe(z.string().max(OPTION_LIMITS.instructionsLength, M.instructionsLong)).nullable().optional(),
};
