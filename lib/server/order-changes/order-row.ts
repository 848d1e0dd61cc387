import "server-only";
import type { ChangeState } from "@/lib/shared/orders/accepted-order-changes";
import { PREP_CHANGED_EVENT } from "@/lib/shared/orders/order-stages";
import type { NotificationInput } from "../notifications/outbox";
import type { Sql } from "../platform/sql";
import type { ChangeOrder } from "./amounts";
import { orderMoney } from "./queries";

// What the change's steps share: the order's money as it stands, the order event the streams wake on and the customer's notification.

/**
 * The OrderEvent stage written when a change is asked or settled: the existing "read the order
 * again" event of the kitchen's +5 / +10 (its stage list is a CHECK the table keeps), on which the
 * customer's page and the board re-read the order and its changes.
 */
export const CHANGE_EVENT = PREP_CHANGED_EVENT;

export type OrderForChange = ChangeOrder & {
  id: number;
  userId: number;
  currency: string;
  restaurantId: number | null;
  paymentMethod: string | null;
  stage: string | null;
};

/** The order's money and lines, read after its row is locked. */
export async function readOrderForChange(sql: Sql, orderId: number): Promise<OrderForChange | null> {
  return (await orderMoney(sql, orderId)) ?? null;
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
