// A dish's option groups ("Size": choose 1; "Extras": up to 3) and the rules of a customer's
// choice: which choices are missing or refused, what a line costs, and how the cart tells two
// lines apart. Pure and zod-free: the server prices and refuses order lines with these, and the
// customer's dialog shows the same messages before Add is enabled.
//
import type { Allergen, DietLabel, OptionContents } from "./allergens";
import { fill } from "../words/fill";

// Money here is integer cents (priceDeltaCents), like every computation in lib/shared (money.ts).
// The JSON carries dollars (`priceDelta`); the browser turns a menu item's groups into these
// with `optionGroupsFromJson`.

/** Limits of a dish's options (the owner's form and the API). */
export const OPTION_LIMITS = {
  groups: 10,
  optionsPerGroup: 20,
  nameLength: 50,
  maxDeltaCents: 5000,
  instructionsLength: 200,
} as const;

/** `allergens` and `removesLabels`: what choosing it adds to the dish (lib/shared/menu/allergens.ts lineLabels). */
export type Option = { id: number; name: string; priceDeltaCents: number; available: boolean } & OptionContents;
/** A group is required exactly when minChoices >= 1 (`required` is derived, never stored). */
export type OptionGroup = { id: number; name: string; required: boolean; minChoices: number; maxChoices: number; options: Option[] };

/** What a menu item's JSON says of one group (dollars). */
export type OptionGroupJson = {
  id: number;
  name: string;
  required: boolean;
  minChoices: number;
  maxChoices: number;
  options: { id: number; name: string; priceDelta: number; available: boolean; allergens?: Allergen[]; removesLabels?: DietLabel[] }[];
};

/** A menu item JSON's groups, with deltas in cents (dollars have at most two decimals). */
export function optionGroupsFromJson(groups: readonly OptionGroupJson[]): OptionGroup[] {
  return groups.map((group) => ({
    ...group,
    options: group.options.map(({ priceDelta, ...option }) => ({ ...option, priceDeltaCents: Math.round(priceDelta * 100) })),
  }));
}

/** A problem with a choice; `groupId` is null when the choice is on no group of this dish. */
export type ChoiceProblem = { groupId: number | null; message: string };

/** The rules' and problems' words: the catalogue's dish.choices.rules, handed from the server. */
export type ChoiceRuleWords = {
  exactly: string;
  upTo: string;
  range: string;
  unknownOne: string;
  unknownSome: string;
  twice: string;
  soldOut: string;
  instructions: string;
};
/**
 * How a rule is worded: a page's words, filled here; or a writer, as the server's (lib/server/orders/lines.ts
 * LINE_SAID.rule), which says the rule's key and values for the error to be written in its reader's language.
 */
export type RuleWords = ChoiceRuleWords | ((rule: keyof ChoiceRuleWords, values: Record<string, string | number>) => string);
const say = (words: RuleWords, rule: keyof ChoiceRuleWords, values: Record<string, string | number> = {}) =>
  typeof words === "function" ? words(rule, values) : fill(words[rule], values);

/** What the customer must do for this group, in words: "Choose 1 Size", "Choose up to 3 Extras", "Choose 1 to 2 Sauces". */
export function groupRule(group: Pick<OptionGroup, "name" | "minChoices" | "maxChoices">, words: RuleWords): string {
  const { name, minChoices: min, maxChoices: max } = group;
  if (min === max) return say(words, "exactly", { count: min, name });
  if (min === 0) return say(words, "upTo", { count: max, name });
  return say(words, "range", { min, max, name });
}

/**
 * Every problem with choosing these option ids on a dish with these groups, in the groups' order;
 * empty when the choice can be ordered. An id chosen twice, an id of no group here, a sold-out
 * option, and too few or too many choices in a group are each a problem a person can read.
 */
export function choiceProblems(groups: readonly OptionGroup[], chosenOptionIds: readonly number[], words: RuleWords): ChoiceProblem[] {
  const problems: ChoiceProblem[] = [];
  const groupOf = new Map<number, { group: OptionGroup; option: Option }>();
  for (const group of groups) for (const option of group.options) groupOf.set(option.id, { group, option });
  const unknown = chosenOptionIds.filter((id) => !groupOf.has(id));
  if (unknown.length) problems.push({ groupId: null, message: say(words, unknown.length === 1 ? "unknownOne" : "unknownSome") });
  for (const group of groups) {
    const chosen = chosenOptionIds.filter((id) => groupOf.get(id)?.group === group);
    const twice = chosen.find((id, index) => chosen.indexOf(id) !== index);
    if (twice !== undefined) {
      problems.push({ groupId: group.id, message: say(words, "twice", { name: groupOf.get(twice)!.option.name }) });
      continue;
    }
    const soldOut = chosen.map((id) => groupOf.get(id)!.option).find((option) => !option.available);
    if (soldOut) problems.push({ groupId: group.id, message: say(words, "soldOut", { name: soldOut.name }) });
    else if (chosen.length < group.minChoices || chosen.length > group.maxChoices) problems.push({ groupId: group.id, message: groupRule(group, words) });
  }
  return problems;
}

/** One unit of the dish with these choices, in cents: the base price plus each chosen option's delta (unknown ids add nothing). */
export function unitPriceCents(basePriceCents: number, groups: readonly OptionGroup[], chosenOptionIds: readonly number[]): number {
  const deltas = new Map<number, number>();
  for (const group of groups) for (const option of group.options) deltas.set(option.id, option.priceDeltaCents);
  return chosenOptionIds.reduce((sum, id) => sum + (deltas.get(id) ?? 0), basePriceCents);
}

// The line key lives in its own module so the cart (loaded on every page) carries it without
// the rest of these rules; it is part of this module's contract all the same.
export { lineKey, normalizeInstructions } from "../orders/line-key";
