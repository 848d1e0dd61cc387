import "server-only";
import { UNPAID_REASON } from "@/lib/shared/order-stages";
import { config } from "../platform/config";
import { db } from "../platform/db";
import { ApiError } from "../platform/errors";
import { sqlOf, sqlTransaction } from "../platform/sql";
import { claimHeldPayment, heldOrders } from "../payments/queries/payments";
import { syncOrderPayment } from "../payments/sync";
import { HELD_CLAIM_STALE_MS } from "../payments/order-payment";
import { rejected } from "./reject";
import { transition } from "./transition";

/**
 * A card order whose capture failed is held at accepted (transition.ts refuses to move it on) until
 * the customer pays with another card (payments/order-payment.ts). Not paid HELD_ORDER_MINUTES after
 * the capture failed, it is canceled as a rejection is (reject.ts `rejected`: refunded through the
 * ledger, its review withdrawn, its delivery job canceled), then its payment follows (a void, or a
 * refund of anything taken). The sweep claims the held payment in the cancel's transaction, as a
 * customer paying does: of the two, one wins, so an order is never both paid and canceled.
 * Returns how many orders this call canceled.
 */
export async function cancelUnpaidOrders(now = new Date()): Promise<number> {
  const failedBefore = new Date(now.getTime() - config().payments.heldOrderMinutes * 60_000);
  const due = await sqlTransaction((sql) => heldOrders(sql, null, failedBefore));
  let canceled = 0;
  for (const { orderId } of due) {
    try {
      const done = await db.$transaction(async (tx) => {
        const held = await tx.payment.findFirst({ where: { orderId }, orderBy: { id: "desc" }, select: { id: true } });
        if (!held || (await claimHeldPayment(sqlOf(tx), held.id, now, new Date(now.getTime() - HELD_CLAIM_STALE_MS))) === null) return false;
        const order = await transition(
          tx,
          orderId,
          { any: true },
          {
            from: { stage: { in: ["accepted", "ready"] } },
            to: "rejected",
            data: { rejectionReason: UNPAID_REASON, closedAt: now },
            conflict: () => "This order has already moved on",
            now,
          },
        );
        await rejected(tx, order);
        return true;
      });
      if (!done) continue;
      canceled += 1;
      await syncOrderPayment(orderId);
    } catch (error) {
      if (error instanceof ApiError && error.code === "conflict") continue;
      throw error;
    }
  }
  return canceled;
}
