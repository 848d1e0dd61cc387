import "server-only";
import { EXPIRED_REASON } from "@/lib/shared/order-stages";
import { config } from "../config";
import { db } from "../db";
import { ApiError } from "../errors";
import { endedWithoutFood, transition } from "./transition";

const BATCH = 100;

/**
 * The accept timeout: orders still placed ORDER_ACCEPT_MINUTES after they were submitted move
 * to expired (status Canceled) with a full refund and the reason the customer reads. One
 * conditional update per order, each in its own transaction with its refund, so two processes
 * sweeping at once expire and refund each order once (the loser's update matches nothing).
 * Runs on an interval in every server process (lib/server/sweep.ts) and before the board is
 * read. Returns how many orders this call expired.
 */
export async function expireOverdueOrders(now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - config().orderAcceptMs);
  const overdue = { stage: "placed", submittedAt: { lt: cutoff } };
  const orders = await db.order.findMany({ where: overdue, select: { id: true }, orderBy: { id: "asc" }, take: BATCH });
  let expired = 0;
  for (const { id } of orders) {
    try {
      await db.$transaction(async (tx) => {
        const order = await transition(
          tx,
          id,
          { any: true },
          {
            from: overdue,
            to: "expired",
            data: { rejectionReason: EXPIRED_REASON, closedAt: now },
            conflict: () => "This order has already moved on",
            now,
          },
        );
        await endedWithoutFood(tx, order);
      });
      expired += 1;
    } catch (error) {
      // Accepted, canceled or expired by someone else in the meantime: nothing to do.
      if (error instanceof ApiError && error.code === "conflict") continue;
      throw error;
    }
  }
  return expired;
}
