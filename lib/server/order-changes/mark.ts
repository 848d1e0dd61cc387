import "server-only";
import { CHANGE_MESSAGES } from "@/lib/shared/accepted-order-changes";
import type { SessionUser } from "../accounts/session-user";
import { notify } from "../notifications/outbox";
import { insertOrderEvents } from "../order-events/write";
import { recordOrderAction } from "../owners/order-actions";
import { assertOwnsRestaurant } from "../owners/owned";
import { config } from "../platform/config";
import { conflict, fieldError, notFound } from "../platform/errors";
import { prismaOf, sqlTransaction, type Sql } from "../platform/sql";
import { changeNotification, heldCents, CHANGE_EVENT } from "./order-row";

// The kitchen marks a line (or part of its quantity) unavailable on an accepted order (issue 63
// item 5, docs/architecture/order-changes.md), optionally suggesting a dish of the same menu. One
// transaction: the checks, the OrderChange row (asked, answerBy now + CHANGE_ANSWER_MINUTES), the
// order event the customer's page and the board's streams wake on, and the customer's notification
// (bell, push, mail as their preferences say). Nothing moves money until the answer (answer.ts).

export type MarkInput = { orderItemId: number; quantity: number; replacementId?: number | undefined };

/** The stages a change may be asked in: accepted, cooking or ready, before a courier takes it. */
export const CHANGEABLE_STAGES = ["accepted", "ready"] as const;

async function checkReplacement(sql: Sql, restaurantId: number, replacementId: number, lineDish: number | null, now: Date) {
  if (replacementId === lineDish) throw fieldError("replacementId", CHANGE_MESSAGES.sameDish);
  const [dish] = await sql.all<{ id: number; name: string; priceCents: number; soldOutUntil: unknown; required: number | bigint }>(
    `SELECT m."id", m."name", m."priceCents", m."soldOutUntil",
       (SELECT COUNT(*) FROM "OptionGroup" g WHERE g."menuItemId" = m."id" AND g."minChoices" > 0) AS "required"
     FROM "MenuItem" m WHERE m."id" = ? AND m."restaurantId" = ?`,
    [replacementId, restaurantId],
  );
  if (!dish) throw fieldError("replacementId", CHANGE_MESSAGES.replacementUnknown);
  if (dish.soldOutUntil !== null && new Date(dish.soldOutUntil as string | Date).getTime() > now.getTime())
    throw fieldError("replacementId", CHANGE_MESSAGES.replacementSoldOut);
  if (Number(dish.required) > 0) throw fieldError("replacementId", CHANGE_MESSAGES.replacementChoices);
  return { id: Number(dish.id), name: dish.name, priceCents: Number(dish.priceCents) };
}

/** POST /api/manage/{id}/orders/{orderId}/changes: the new change's id. */
export async function markUnavailable(actor: SessionUser, restaurantId: number, orderId: number, input: MarkInput, now = new Date()): Promise<number> {
  await assertOwnsRestaurant(actor, restaurantId);
  return sqlTransaction(
    async (sql) => {
      // The order's row locked first (every change of one order is written one at a time).
      const [order] = await sql.all<{ id: number; userId: number; stage: string | null; paymentMethod: string | null }>(
        `UPDATE "Order" SET "updatedAt" = ? WHERE "id" = ? AND "restaurantId" = ? RETURNING "id", "userId", "stage", "paymentMethod"`,
        [now, orderId, restaurantId],
      );
      if (!order) throw notFound("Order");
      if (!(CHANGEABLE_STAGES as readonly (string | null)[]).includes(order.stage)) throw conflict(CHANGE_MESSAGES.notAccepted);
      if ((await heldCents(sql, orderId)) <= 0) throw conflict(CHANGE_MESSAGES.notPaid);
      const lines = await sql.all<{ id: number; menuItemId: number | null; name: string; priceCents: number; quantity: number; pending: number | bigint | null }>(
        `SELECT i."id", i."menuItemId", i."name", i."priceCents", i."quantity",
         (SELECT SUM(c."quantity") FROM "OrderChange" c WHERE c."orderItemId" = i."id" AND c."state" = 'asked') AS "pending"
       FROM "OrderItem" i WHERE i."orderId" = ?`,
        [orderId],
      );
      const line = lines.find((candidate) => Number(candidate.id) === input.orderItemId);
      if (!line) throw fieldError("orderItemId", CHANGE_MESSAGES.notOnOrder);
      const left = Number(line.quantity) - Number(line.pending ?? 0);
      if (left <= 0) throw fieldError("orderItemId", CHANGE_MESSAGES.pending);
      if (input.quantity > left) throw fieldError("quantity", CHANGE_MESSAGES.tooMany(left));
      const remaining = lines.reduce((total, candidate) => total + Number(candidate.quantity) - Number(candidate.pending ?? 0), 0) - input.quantity;
      if (remaining <= 0) throw conflict(CHANGE_MESSAGES.wholeOrder, { quantity: CHANGE_MESSAGES.wholeOrder });
      const dish =
        input.replacementId === undefined
          ? null
          : await checkReplacement(sql, restaurantId, input.replacementId, line.menuItemId === null ? null : Number(line.menuItemId), now);
      const answerBy = new Date(now.getTime() + config().changeAnswerMinutes * 60_000);
      const [created] = await sql.all<{ id: number }>(
        `INSERT INTO "OrderChange" ("orderId", "orderItemId", "itemName", "itemPriceCents", "quantity", "replacementItemId", "replacementName", "replacementPriceCents", "state", "answerBy", "createdAt")
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'asked', ?, ?) RETURNING "id"`,
        [orderId, line.id, line.name, line.priceCents, input.quantity, dish?.id ?? null, dish?.name ?? null, dish?.priceCents ?? null, answerBy, now],
      );
      const changeId = Number(created!.id);
      await recordOrderAction(prismaOf(sql), actor, restaurantId, orderId, "line_unavailable", now);
      await insertOrderEvents(sql, [{ orderId, userId: order.userId, restaurantId, stage: CHANGE_EVENT }], now);
      await notify(sql, changeNotification({ orderId, userId: order.userId, restaurantId, changeId, state: "asked", itemName: line.name }), now);
      return changeId;
    },
    { prisma: true },
  );
}
