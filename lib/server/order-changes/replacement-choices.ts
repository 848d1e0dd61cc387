import "server-only";
import { choiceProblems, unitPriceCents } from "@/lib/shared/menu/options";
import { optionGroupsInclude, optionGroupsOf } from "../menu/menu-items";
import { LINE_SAID } from "../orders/lines";
import { db } from "../platform/db";
import { fieldError } from "../platform/errors";
import type { ChangeRow } from "./queries";

// The replacement's options (docs/architecture/order-changes.md "The flow"): the kitchen's offer
// names the dish only; the customer's `replace` carries their choices (`options`, option ids),
// checked as the cart checks a line's (lib/shared/menu/options.ts: every required group, each group's
// min and max, options on offer and not sold out today) and priced into the change: the offered
// price plus the chosen options' deltas, the new line keeping a copy of each choice.

export type ReplacementChoice = {
  /** The replacement's unit price: the offered price and the chosen options' deltas. */
  unitCents: number;
  options: { optionId: number; groupName: string; name: string; priceDeltaCents: number; position: number }[];
};

/** The customer's `optionIds` on the change's replacement, checked and priced; a 400 beside `options` naming the group at fault. */
export async function replacementChoice(change: ChangeRow, optionIds: readonly number[], now = new Date()): Promise<ReplacementChoice> {
  const dish =
    change.replacementItemId === null ? null : await db.menuItem.findUnique({ where: { id: change.replacementItemId }, select: { optionGroups: optionGroupsInclude } });
  const groups = optionGroupsOf(dish?.optionGroups ?? [], now);
  const [problem] = choiceProblems(groups, optionIds, LINE_SAID.rule);
  if (problem) throw fieldError("options", LINE_SAID.choice(problem.message, change.replacementName ?? "the replacement"));
  const chosen = new Set(optionIds);
  const options = groups.flatMap((group) =>
    group.options
      .filter((option) => chosen.has(option.id))
      .map((option) => ({ optionId: option.id, groupName: group.name, name: option.name, priceDeltaCents: option.priceDeltaCents })),
  );
  return {
    unitCents: unitPriceCents(change.replacementPriceCents ?? 0, groups, optionIds),
    options: options.map((option, position) => ({ ...option, position })),
  };
}
