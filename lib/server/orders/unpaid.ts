import "server-only";
import { reasonColumns, type ReasonKey } from "@/lib/shared/words/stored-texts";
import { config } from "../platform/config";
import { db } from "../platform/db";
import { ApiError } from "../platform/errors";
import { sqlOf, sqlTransaction } from "../platform/sql";
import type { Tx } from "../platform/db";
import { claimPayLink, expiredPayLinks } from "../payments/queries/pay-links";
import { claimHeldPayment, heldOrders } from "../payments/queries/sync-claims";
import { syncOrderPayment } from "../payments/sync";
import { HELD_CLAIM_STALE_MS } from "../payments/order-payment";
import { rejected } from "./reject";
import { transition } from "./transition";
import { nextTurn } from "../platform/loop-turns";

/**
 * A card order whose capture failed is held at accepted (transition.ts refuses to move it on) until
 * the customer pays with another card (payments/order-payment.ts). Not paid HELD_ORDER_MINUTES after
 * the capture failed, it is canceled as a rejection is (reject.ts `rejected`: refunded through the
 * ledger, its review withdrawn, its delivery job canceled), then its payment follows (a void, or a
 * refund of anything taken). The sweep claims the held payment in the cancel's transaction, as a
 * customer paying does: of the two, one wins, so an order is never both paid and canceled.
 * A phone order's payment link expired unpaid is canceled the same way (nothing was charged).
 * Returns how many orders this call canceled.
 */
export async function cancelUnpaidOrders(now = new Date()): Promise<number> {
  const failedBefore = new Date(now.getTime() - config().payments.heldOrderMinutes * 60_000);
  const due = await sqlTransaction((sql) => heldOrders(sql, null, failedBefore));
  let canceled = 0;
  for (const { orderId } of due) {
    await nextTurn();
    const claim = async (tx: Tx) => {
      const held = await tx.payment.findFirst({ where: { orderId }, orderBy: { id: "desc" }, select: { id: true } });
      return !!held && (await claimHeldPayment(sqlOf(tx), held.id, now, new Date(now.getTime() - HELD_CLAIM_STALE_MS))) !== null;
    };
    if (await cancelUnpaid(orderId, claim, ["accepted", "ready"], "unpaid", now)) canceled += 1;
  }
  // A phone order's payment link expired unpaid (payments/pay-link.ts): claimed as a customer paying it would claim it.
  for (const link of await sqlTransaction((sql) => expiredPayLinks(sql, now))) {
    await nextTurn();
    const claim = async (tx: Tx) => (await claimPayLink(sqlOf(tx), link.id, now, null)) !== null;
    if (await cancelUnpaid(link.orderId, claim, ["placed", "accepted", "ready"], "payLink", now)) canceled += 1;
  }
  return canceled;
}

/** The order canceled as a rejection if `claim` wins its payment in the cancel's transaction, then its payment followed (a void, a refund). */
async function cancelUnpaid(orderId: number, claim: (tx: Tx) => Promise<boolean>, from: string[], reason: ReasonKey, now: Date): Promise<boolean> {
  try {
    const done = await db.$transaction(async (tx) => {
      if (!(await claim(tx))) return false;
      const order = await transition(
        tx,
        orderId,
        { any: true },
        {
          from: { stage: { in: from } },
          to: "rejected",
          data: { ...reasonColumns({ key: reason }), closedAt: now },
          conflict: () => "This order has already moved on",
          now,
        },
      );
      await rejected(tx, order);
      return true;
    });
    if (done) await syncOrderPayment(orderId);
    return done;
  } catch (error) {
    if (error instanceof ApiError && error.code === "conflict") return false;
    throw error;
  }
}
