import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { majorIn } from "@/lib/shared/money/currency";
import { choiceProblems, lineKey, normalizeInstructions, unitPriceCents, type OptionGroup, type RuleWords } from "@/lib/shared/menu/options";
import type { CreateOrderInput } from "@/lib/contract/orders/rules";
import { marketDate } from "@/lib/shared/time/schedule";
import { isSoldOut } from "@/lib/shared/kitchen/kitchen";
import { soldOutDishesMessage, unavailableDishesMessage } from "@/lib/shared/orders/order-changes";
import { isWithinWindow, outsideWindowMessage } from "@/lib/shared/time/section-window";
import { badRequest, conflict } from "../platform/errors";
import { optionGroupsInclude, optionGroupsOf } from "../menu/menu-items";
import { said } from "@/lib/shared/words/said";

// Order lines priced on the server from the database (docs/architecture/dish-options.md, "Dish options"): a
// line's unit price is the dish's price plus its chosen options' deltas (lib/shared/menu/options.ts),
// and the line keeps a copy of each choice (group, name, delta) in OrderItemOption.

/** What pricing a line needs of a dish: its price, whether it takes instructions, its groups. */
export const pricedDishSelect = {
  id: true,
  name: true,
  priceCents: true,
  restaurantId: true,
  allowsInstructions: true,
  soldOutUntil: true,
  // The line's labels in the order's JSON (orders/to-json.ts lineLabelsToJson).
  allergens: true,
  dietLabels: true,
  optionGroups: optionGroupsInclude,
  // Its section's time window, in its restaurant's zone (docs/architecture/menu-sections.md).
  section: { select: { availableFrom: true, availableUntil: true } },
  restaurant: { select: { timeZone: true } },
} satisfies Prisma.MenuItemSelect;
export type PricedDish = Prisma.MenuItemGetPayload<{ select: typeof pricedDishSelect }>;

export type LineInput = CreateOrderInput["items"][number];
export type PricedLine = {
  menuItemId: number;
  name: string;
  priceCents: number;
  quantity: number;
  instructions: string | null;
  options: { optionId: number; groupName: string; name: string; priceDeltaCents: number; position: number }[];
};

/** A line's refusals: a dish without instructions, a choice's problem for its dish; the problem's rule said too (choiceProblems' words). */
export const LINE_SAID = {
  noInstructions: (dish: string) => said("messages.lineNoInstructions", { dish }),
  choice: (problem: string, dish: string) => said("messages.lineChoice", { problem, dish }),
  rule: ((rule, values) => said(`dish.choices.rules.${rule}`, values)) satisfies RuleWords,
} as const;

/**
 * The first problem with choosing `optionIds` (and `instructions`) on this dish, worded for a
 * person ("Choose 1 Size for Margherita"), with the field it belongs to; null when it can be ordered.
 */
export function lineProblem(
  dish: PricedDish,
  groups: OptionGroup[],
  optionIds: readonly number[],
  instructions: string | null,
): { field: "options" | "instructions"; message: string } | null {
  const [problem] = choiceProblems(groups, optionIds, LINE_SAID.rule);
  if (problem) return { field: "options", message: LINE_SAID.choice(problem.message, dish.name) };
  if (instructions !== null && !dish.allowsInstructions) return { field: "instructions", message: LINE_SAID.noInstructions(dish.name) };
  return null;
}

/** The line priced from the dish: unit price with options, choices copied in the groups' order. */
export function priceLine(dish: PricedDish, groups: OptionGroup[], line: { optionIds: readonly number[]; quantity: number; instructions: string | null }): PricedLine {
  const chosen = new Set(line.optionIds);
  const options = groups.flatMap((group) =>
    group.options
      .filter((option) => chosen.has(option.id))
      .map((option) => ({ optionId: option.id, groupName: group.name, name: option.name, priceDeltaCents: option.priceDeltaCents })),
  );
  return {
    menuItemId: dish.id,
    name: dish.name,
    priceCents: unitPriceCents(dish.priceCents, groups, line.optionIds),
    quantity: line.quantity,
    instructions: line.instructions,
    options: options.map((option, position) => ({ ...option, position })),
  };
}

/** Why the dish cannot be ordered at `now` by its section's time window; null: it can. */
export function outsideWindow(dish: PricedDish, now: Date): string | null {
  if (!dish.section || isWithinWindow(dish.section, now, dish.restaurant.timeZone)) return null;
  return outsideWindowMessage(dish.name, dish.section);
}

/**
 * The request's lines checked against their dishes and priced; lines with the same dish, choices
 * and instructions are merged (quantities added). A refused line is a 400 naming it
 * (`items.<index>.options` or `.instructions`) and the group at fault.
 */
export function priceRequestLines(dishes: Map<number, PricedDish>, items: LineInput[], now = new Date(), windowAt = now): PricedLine[] {
  const merged = new Map<string, PricedLine>();
  items.forEach((item, index) => {
    const dish = dishes.get(item.menuItemId)!;
    // Sold out (docs/architecture/kitchen.md): a 409 naming the line, whose way out is removing it.
    if (isSoldOut(dish.soldOutUntil, now)) {
      const message = soldOutDishesMessage([dish.name]);
      throw conflict(message, { [`items.${index}`]: message });
    }
    const closed = outsideWindow(dish, windowAt);
    if (closed) throw conflict(closed, { [`items.${index}`]: closed });
    const groups = optionGroupsOf(dish.optionGroups, now);
    const optionIds = item.options ?? [];
    const instructions = normalizeInstructions(item.instructions);
    const problem = lineProblem(dish, groups, optionIds, instructions);
    if (problem) throw badRequest(problem.message, { [`items.${index}.${problem.field}`]: problem.message });
    const key = lineKey(dish.id, optionIds, instructions);
    const previous = merged.get(key);
    if (previous) {
      previous.quantity += item.quantity;
      if (previous.quantity > 99) {
        const message = said("messages.lineQuantity", { dish: dish.name });
        throw badRequest(message, { [`items.${index}.quantity`]: said("messages.quantity") });
      }
    } else merged.set(key, priceLine(dish, groups, { optionIds, quantity: item.quantity, instructions }));
  });
  return [...merged.values()];
}

/** A line as stored before it is placed (an order at checkout's, a group's): its dish today (null once deleted) and its chosen options (null: one removed since). */
export type StoredLine = { name: string; dish: PricedDish | null; optionIds: readonly (number | null)[]; quantity: number; instructions: string | null };

/**
 * Stored lines priced from today's menu: the one "can this line still be bought" rule of every
 * placement (lib/server/orders/place.ts). A line can no longer be bought when its dish is gone,
 * or its choices no longer fit the dish today (an option removed or sold out, a group added or
 * changed since), or its section's window is closed at `windowAt` (a scheduled order's slot,
 * else now): a 409 naming every such dish, under `field`, and nothing is priced.
 */
export function priceStoredLines<L extends StoredLine>(lines: readonly L[], field: string, now: Date, windowAt = now): { line: L; priced: PricedLine }[] {
  const gone: string[] = [];
  const soldOut: string[] = [];
  const outside: string[] = [];
  const priced: { line: L; priced: PricedLine }[] = [];
  for (const line of lines) {
    const { dish } = line;
    if (!dish || line.optionIds.some((id) => id === null)) {
      gone.push(line.name);
      continue;
    }
    if (isSoldOut(dish.soldOutUntil, now)) {
      if (!soldOut.includes(line.name)) soldOut.push(line.name);
      continue;
    }
    const closed = outsideWindow(dish, windowAt);
    if (closed) {
      if (!outside.includes(closed)) outside.push(closed);
      continue;
    }
    const groups = optionGroupsOf(dish.optionGroups, now);
    const optionIds = line.optionIds as number[];
    if (lineProblem(dish, groups, optionIds, line.instructions)) gone.push(line.name);
    else priced.push({ line, priced: priceLine(dish, groups, { optionIds, quantity: line.quantity, instructions: line.instructions }) });
  }
  if (gone.length || soldOut.length || outside.length) {
    const message = [gone.length ? unavailableDishesMessage(gone) : "", soldOut.length ? soldOutDishesMessage(soldOut) : "", ...outside].filter(Boolean).join(" ");
    throw conflict(message, { [field]: message });
  }
  return priced;
}

type LineOptionRow = {
  optionId: number | null;
  groupName: string;
  name: string;
  priceDeltaCents: number;
  option: { priceDeltaCents: number; soldOutOn: string | null } | null;
};

/** A line's choices in the JSON (major units of the order's `currency`). */
export function lineOptionsToJson(options: LineOptionRow[], currency: string) {
  const major = majorIn(currency);
  return options.map((option) => ({ optionId: option.optionId, group: option.groupName, name: option.name, priceDelta: major(option.priceDeltaCents) }));
}

/** Today's unit price of an Active line: the dish's price today plus each chosen option's delta today (a removed option's copy). */
export function todayUnitCents(basePriceCents: number, options: LineOptionRow[]): number {
  return options.reduce((sum, option) => sum + (option.option?.priceDeltaCents ?? option.priceDeltaCents), basePriceCents);
}

/** The chosen options of a line that can no longer be had today: removed from the menu, or sold out today. */
export function unavailableChoices(options: LineOptionRow[], now = new Date()): LineOptionRow[] {
  if (!options.length) return [];
  const today = marketDate(now);
  return options.filter((option) => !option.option || option.option.soldOutOn === today);
}
