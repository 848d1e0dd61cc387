import "server-only";
import { reorderCartId } from "@/lib/shared/orders/cart";
import { lineProblem, pricedDishSelect, priceLine } from "./lines";
import { optionGroupsOf } from "../menu/menu-items";
import { db } from "../platform/db";
import { conflict, errorTextIn, notFound } from "../platform/errors";
import type { SessionUser } from "../platform/session-user";
import { sqlOf } from "../platform/sql";
import { orderForCart } from "./cart-order";
import type { OrderRow } from "./include";
import type { ReorderChanges } from "./to-json";
import { said } from "@/lib/shared/words/said";

/** A line's notes in `message`: the English catalogue's, one sentence after another (the API's JSON is English where its contract names no human text). */
const inEnglish = (notes: string[]) => notes.map((note) => errorTextIn("en", note)).join(". ");

/**
 * An Active order from a past order's lines that can still be bought, at today's prices, and
 * what changed. Nothing left to buy is a 409. Reordering the same order again while its Active
 * order is still at checkout with the same lines answers that one (cart-order.ts: a reorder is a
 * cart of its own, `reorder-{id}`), so a checkout left without its DELETE leaves no second card.
 */
export async function reorder(user: SessionUser, orderId: number, now = new Date()): Promise<{ order: OrderRow; changes: ReorderChanges }> {
  return db.$transaction(async (tx) => {
    const past = await tx.order.findFirst({
      where: { id: orderId, userId: user.id },
      include: { orderItems: { orderBy: { id: "asc" }, include: { menuItem: { select: pricedDishSelect }, options: { orderBy: { position: "asc" } } } } },
    });
    if (!past) throw notFound(said("messages.orderNotFound"));
    const changes: ReorderChanges = { unavailable: [], repriced: [], choices: [] };
    const items: { menuItemId: number; quantity: number; options: number[]; instructions: string | null }[] = [];
    for (const line of past.orderItems) {
      const dish = line.menuItem;
      if (!dish || dish.restaurantId !== past.restaurantId) {
        changes.unavailable.push(line.name);
        continue;
      }
      const groups = optionGroupsOf(dish.optionGroups, now);
      const offered = new Map(groups.flatMap((group) => group.options.map((option) => [option.id, option] as const)));
      // The choices still offered today; each one that is not is named (said, written in English below).
      const notes: string[] = [];
      const optionIds: number[] = [];
      for (const copy of line.options) {
        const option = copy.optionId === null ? undefined : offered.get(copy.optionId);
        if (!option) notes.push(said("messages.reorderOptionGone", { name: copy.name }));
        else if (!option.available) notes.push(said("messages.reorderOptionSoldOut", { name: copy.name }));
        else optionIds.push(option.id);
      }
      let instructions = line.instructions;
      if (instructions !== null && !dish.allowsInstructions) {
        notes.push(said("messages.reorderNoInstructions"));
        instructions = null;
      }
      const problem = lineProblem(dish, groups, optionIds, instructions);
      if (problem) {
        changes.choices.push({ menuItemId: dish.id, name: dish.name, message: inEnglish([...notes, problem.message]), added: false });
        continue;
      }
      if (notes.length) changes.choices.push({ menuItemId: dish.id, name: dish.name, message: inEnglish(notes), added: true });
      const today = priceLine(dish, groups, { optionIds, quantity: line.quantity, instructions });
      if (today.priceCents !== line.priceCents) changes.repriced.push({ name: dish.name, was: line.priceCents, now: today.priceCents });
      items.push({ menuItemId: dish.id, quantity: line.quantity, options: optionIds, instructions });
    }
    if (!past.restaurantId || !items.length) throw conflict(said("messages.nothingToReorder"), { items: "unavailable" });
    const { order } = await orderForCart(sqlOf(tx), user, { restaurantId: past.restaurantId, items }, reorderCartId(orderId), now);
    return { order, changes };
  });
}
