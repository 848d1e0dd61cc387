import "server-only";
import { runningLate } from "@/lib/shared/delivery/arrival";
import { db, type Tx } from "../platform/db";
import { withDeliveries } from "../dispatch/order-delivery";
import { arrivalSelect } from "./running-late";
import { orderArrival } from "./to-json";
import type { SessionUser } from "../platform/session-user";
import type { OrderRow } from "./include";
import { endedWithoutFood, transition } from "./transition";
import { cancelJobForOrder } from "../dispatch/cancel-for-order";
import { syncOrderPayment } from "../payments/sync";
import { said } from "@/lib/shared/words/said";

export const ONLY_SUBMITTED_CAN_BE_CANCELED = said("messages.onlySubmittedCanBeCanceled");
export const ALREADY_ACCEPTED = said("messages.alreadyAccepted");

/**
 * The customer cancels their order while it is placed (the restaurant has not accepted it):
 * stage canceled, status Canceled, a wallet payment refunded in the same transaction (a card's authorization voided after it). Once the
 * restaurant accepted it, a 409 says so, unless the kitchen is late: still
 * cooking (so no courier has picked it up) past the end of the order's arrival window (the one the
 * page shows, orderArrival): then it is canceled too, the whole order refunded (a captured card's
 * through the provider's refund after it), the courier holding the job told and freed. One
 * conditional move on the stage: of two cancels at once (or a cancel and a pickup) one counts.
 */
export async function cancelOrder(user: SessionUser, orderId: number, now = new Date()): Promise<OrderRow> {
  const canceled = await db.$transaction(async (tx) => {
    const late = await kitchenLate(tx, user.id, orderId, now);
    const order = await transition(
      tx,
      orderId,
      { userId: user.id },
      {
        from: late ? { stage: { in: ["placed", "accepted"] } } : { stage: "placed" },
        to: "canceled",
        data: { closedAt: now },
        conflict: (current) =>
          current.stage === "accepted" || current.stage === "ready" || current.stage === "out_for_delivery" ? ALREADY_ACCEPTED : ONLY_SUBMITTED_CAN_BE_CANCELED,
        now,
      },
    );
    await endedWithoutFood(tx, order);
    // A placed order has no job yet; a late kitchen's may have a courier waiting: told and freed.
    await cancelJobForOrder(tx, order.id, now);
    return order;
  });
  // A card's authorization voided at the provider (lib/server/payments/sync.ts): nothing charged; a captured one refunded.
  if (canceled.paymentMethod === "card") await syncOrderPayment(canceled.id);
  return canceled;
}

/** The customer's order is still cooking (accepted, not ready, so not picked up) and its arrival window has passed. */
async function kitchenLate(tx: Tx, userId: number, orderId: number, now: Date): Promise<boolean> {
  const row = await tx.order.findFirst({ where: { id: orderId, userId, stage: "accepted" }, select: arrivalSelect });
  if (!row) return false;
  const [order] = await withDeliveries(tx, [row]);
  return runningLate(orderArrival(order!), now);
}
