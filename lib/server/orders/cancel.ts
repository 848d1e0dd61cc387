import "server-only";
import { db } from "../platform/db";
import type { SessionUser } from "../accounts/session-user";
import type { OrderRow } from "./include";
import { endedWithoutFood, transition } from "./transition";
import { cancelJobForOrder } from "../dispatch/cancel-for-order";
import { syncOrderPayment } from "../payments/sync";

export const ONLY_SUBMITTED_CAN_BE_CANCELED = "Only a submitted order can be canceled";
export const ALREADY_ACCEPTED = "The restaurant has already accepted this order, so it can no longer be canceled";

/**
 * The customer cancels their order while it is placed (the restaurant has not accepted it):
 * stage canceled, status Canceled, a wallet payment refunded in the same transaction (a card's authorization voided after it). Once the
 * restaurant accepted it, a 409 says so.
 */
export async function cancelOrder(user: SessionUser, orderId: number, now = new Date()): Promise<OrderRow> {
  const canceled = await db.$transaction(async (tx) => {
    const order = await transition(
      tx,
      orderId,
      { userId: user.id },
      {
        from: { stage: "placed" },
        to: "canceled",
        data: { closedAt: now },
        conflict: (current) =>
          current.stage === "accepted" || current.stage === "ready" || current.stage === "out_for_delivery" ? ALREADY_ACCEPTED : ONLY_SUBMITTED_CAN_BE_CANCELED,
        now,
      },
    );
    await endedWithoutFood(tx, order);
    // A placed order has no job yet; kept so that any order ending without food ends its job.
    await cancelJobForOrder(tx, order.id, now);
    return order;
  });
  // A card's authorization voided at the provider (lib/server/payments/sync.ts): nothing charged.
  if (canceled.paymentMethod === "card") await syncOrderPayment(canceled.id);
  return canceled;
}
