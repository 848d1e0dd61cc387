import "server-only";
import type { ChangeState } from "@/lib/shared/accepted-order-changes";
import { PREP_CHANGED_EVENT } from "@/lib/shared/order-stages";
import type { NotificationInput } from "../notifications/outbox";
import type { Sql } from "../platform/sql";
import type { ChangeOrder } from "./amounts";

// What the change's steps share: the order's money as it stands, what its payment still holds in
// clearing, the order event the streams wake on and the customer's notification.

/**
 * The OrderEvent stage written when a change is asked or settled: the existing "read the order
 * again" event of the kitchen's +5 / +10 (its stage list is a CHECK the table keeps), on which the
 * customer's page and the board re-read the order and its changes.
 */
export const CHANGE_EVENT = PREP_CHANGED_EVENT;

/** What the order's entries hold in clearing (its payment, before the delivery's split). */
export async function heldCents(sql: Sql, orderId: number): Promise<number> {
  const [row] = await sql.all<{ cents: number | bigint | null }>(
    `SELECT CAST(SUM(l."amountCents") AS BIGINT) AS "cents" FROM "LedgerLine" l JOIN "LedgerEntry" e ON e."id" = l."entryId" WHERE e."orderId" = ? AND l."account" = 'clearing'`,
    [orderId],
  );
  return Number(row?.cents ?? 0);
}

export type OrderForChange = ChangeOrder & { id: number; userId: number; restaurantId: number | null; paymentMethod: string | null; stage: string | null };

/** The order's money and lines, read after its row is locked. */
export async function readOrderForChange(sql: Sql, orderId: number): Promise<OrderForChange | null> {
  const [row] = await sql.all<Record<string, unknown>>(
    `SELECT "id", "userId", "restaurantId", "paymentMethod", "stage", "totalCents", "subtotalCents", "serviceFeeCents", "deliveryFeeCents", "priorityFeeCents",
       "taxCents", "taxRateMilliPercent", "taxesFees" FROM "Order" WHERE "id" = ?`,
    [orderId],
  );
  if (!row) return null;
  const items = await sql.all<{ id: number; priceCents: number; quantity: number }>(`SELECT "id", "priceCents", "quantity" FROM "OrderItem" WHERE "orderId" = ?`, [
    orderId,
  ]);
  const n = (value: unknown) => Number(value ?? 0);
  return {
    id: n(row.id),
    userId: n(row.userId),
    restaurantId: row.restaurantId === null ? null : n(row.restaurantId),
    paymentMethod: (row.paymentMethod as string | null) ?? null,
    stage: (row.stage as string | null) ?? null,
    totalCents: n(row.totalCents),
    subtotalCents: n(row.subtotalCents),
    serviceFeeCents: n(row.serviceFeeCents),
    deliveryFeeCents: n(row.deliveryFeeCents),
    priorityFeeCents: n(row.priorityFeeCents),
    taxCents: n(row.taxCents),
    taxRateMilliPercent: row.taxRateMilliPercent === null ? null : n(row.taxRateMilliPercent),
    taxesFees: Boolean(row.taxesFees),
    items: items.map((item) => ({ id: n(item.id), priceCents: n(item.priceCents), quantity: n(item.quantity) })),
  };
}

/** The customer told: a dish unavailable (asked), or how it was settled. One per change and state. */
export function changeNotification(change: {
  orderId: number;
  userId: number;
  restaurantId: number | null;
  changeId: number;
  state: ChangeState;
  itemName: string;
}): NotificationInput {
  return {
    to: { userId: change.userId },
    kind: "order_changed",
    cause: `order-change:${change.changeId}:${change.state}`,
    payload: { orderId: change.orderId, restaurantId: change.restaurantId, stage: change.state, note: change.itemName },
    orderId: change.orderId,
  };
}
