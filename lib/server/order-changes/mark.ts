import "server-only";
import { CHANGE_SAID } from "@/lib/shared/orders/accepted-order-changes";
import type { SessionUser } from "../platform/session-user";
import { clearingHeld } from "../ledger/queries/order-sums";
import { notify } from "../notifications/outbox";
import { insertOrderEvents } from "../order-events/write";
import { recordOrderAction } from "../team/order-actions";
import { assertOwnsRestaurant } from "../team/owned";
import { config } from "../platform/config";
import { conflict, fieldError, notFound } from "../platform/errors";
import { prismaOf, sqlTransaction, type Sql } from "../platform/sql";
import { changeNotification, CHANGE_EVENT } from "./order-row";
import { insertChange, linesWithPending, lockRestaurantOrder, menuDish } from "./queries";
import { said } from "@/lib/shared/words/said";

// The kitchen marks a line (or part of its quantity) unavailable on an accepted order
// (docs/architecture/order-changes.md), optionally suggesting a dish of the same menu. One
// transaction: the checks, the OrderChange row (asked, answerBy now + CHANGE_ANSWER_MINUTES), the
// order event the customer's page and the board's streams wake on, and the customer's notification
// (bell, push, mail as their preferences say). Nothing moves money until the answer (answer.ts). A
// replacement with options is named alone: the customer chooses them in the answer (replacement-choices.ts).

export type MarkInput = { orderItemId: number; quantity: number; replacementId?: number | undefined };

/** The stages a change may be asked in: accepted, cooking or ready, before a courier takes it. */
export const CHANGEABLE_STAGES = ["accepted", "ready"] as const;

async function checkReplacement(sql: Sql, restaurantId: number, replacementId: number, lineDish: number | null, now: Date) {
  if (replacementId === lineDish) throw fieldError("replacementId", said("messages.changeSameDish"));
  const dish = await menuDish(sql, restaurantId, replacementId);
  if (!dish) throw fieldError("replacementId", said("messages.changeReplacementUnknown"));
  if (dish.soldOutUntil !== null && dish.soldOutUntil.getTime() > now.getTime()) throw fieldError("replacementId", said("messages.changeReplacementSoldOut"));
  return { id: dish.id, name: dish.name, priceCents: dish.priceCents };
}

/** POST /api/manage/{id}/orders/{orderId}/changes: the new change's id. */
export async function markUnavailable(actor: SessionUser, restaurantId: number, orderId: number, input: MarkInput, now = new Date()): Promise<number> {
  await assertOwnsRestaurant(actor, restaurantId);
  return sqlTransaction(
    async (sql) => {
      // The order's row locked first (every change of one order is written one at a time).
      const order = await lockRestaurantOrder(sql, restaurantId, orderId, now);
      if (!order) throw notFound(said("messages.orderNotFound"));
      if (!(CHANGEABLE_STAGES as readonly (string | null)[]).includes(order.stage)) throw conflict(said("messages.changeNotAccepted"));
      if ((await clearingHeld(sql, orderId)) <= 0) throw conflict(said("messages.changeNotPaid"));
      const lines = await linesWithPending(sql, orderId);
      const line = lines.find((candidate) => candidate.id === input.orderItemId);
      if (!line) throw fieldError("orderItemId", said("messages.changeNotOnOrder"));
      const left = line.quantity - line.pending;
      if (left <= 0) throw fieldError("orderItemId", said("messages.changePending"));
      if (input.quantity > left) throw fieldError("quantity", CHANGE_SAID.tooMany(left));
      const remaining = lines.reduce((total, candidate) => total + candidate.quantity - candidate.pending, 0) - input.quantity;
      if (remaining <= 0) throw conflict(said("messages.changeWholeOrder"), { quantity: said("messages.changeWholeOrder") });
      const dish = input.replacementId === undefined ? null : await checkReplacement(sql, restaurantId, input.replacementId, line.menuItemId, now);
      const answerBy = new Date(now.getTime() + config().changeAnswerMinutes * 60_000);
      const changeId = await insertChange(sql, { orderId, line, quantity: input.quantity, replacement: dish, answerBy, now });
      await recordOrderAction(prismaOf(sql), actor, restaurantId, orderId, "line_unavailable", now);
      await insertOrderEvents(sql, [{ orderId, userId: order.userId, restaurantId, stage: CHANGE_EVENT }], now);
      await notify(sql, changeNotification({ orderId, userId: order.userId, restaurantId, changeId, state: "asked", itemName: line.name }), now);
      return changeId;
    },
    { prisma: true },
  );
}
