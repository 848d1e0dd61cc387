import "server-only";
import { kitchenStartAt, MAX_KITCHEN_LEAD_MINUTES } from "@/lib/shared/delivery/arrival";
import { reasonColumns } from "@/lib/shared/words/stored-texts";
import { config } from "../platform/config";
import { db } from "../platform/db";
import { ApiError } from "../platform/errors";
import { endedWithoutFood, transition } from "./transition";
import { cancelJobForOrder } from "../dispatch/cancel-for-order";
import { nextTurn } from "../platform/loop-turns";

const BATCH = 100;

/**
 * The accept timeout: orders still placed ORDER_ACCEPT_MINUTES after the kitchen should have
 * started on them move to expired (status Canceled) with a full refund and the reason the
 * customer reads. For an order for now that start is when it was placed; for a scheduled one its
 * lead before the slot (kitchenStartAt, lib/shared/delivery/arrival.ts), so an order booked for tomorrow
 * waits for tomorrow. One conditional update per order, each in its own transaction with its
 * refund, so two processes sweeping at once expire and refund each order once (the loser's update
 * matches nothing). Runs on an interval in every server process (lib/server/jobs/, the orders.expire job) and before
 * the board is read. Returns how many orders this call expired.
 */
export async function expireOverdueOrders(now = new Date()): Promise<number> {
  const acceptMs = config().orderAcceptMs;
  const cutoff = new Date(now.getTime() - acceptMs);
  const overdue = { stage: "placed", submittedAt: { lt: cutoff } };
  // Those placed before the cutoff that could be due: for now, or scheduled within the longest
  // lead of it; each scheduled one is then checked against its own restaurant's lead.
  const leadCutoff = new Date(cutoff.getTime() + MAX_KITCHEN_LEAD_MINUTES * 60_000);
  const candidates = await db.order.findMany({
    where: { ...overdue, OR: [{ scheduledFor: null }, { scheduledFor: { lt: leadCutoff } }] },
    select: { id: true, submittedAt: true, scheduledFor: true, pickup: true, restaurant: { select: { deliveryTime: true } } },
    orderBy: { id: "asc" },
  });
  const orders = candidates
    .filter((order) => kitchenStartAt({ ...order, submittedAt: order.submittedAt! }, order.restaurant?.deliveryTime).getTime() < cutoff.getTime())
    .slice(0, BATCH);
  let expired = 0;
  for (const { id } of orders) {
    await nextTurn();
    try {
      await db.$transaction(async (tx) => {
        const order = await transition(
          tx,
          id,
          { any: true },
          {
            from: overdue,
            to: "expired",
            data: { ...reasonColumns({ key: "expired" }), closedAt: now },
            conflict: () => "This order has already moved on",
            now,
          },
        );
        await endedWithoutFood(tx, order);
        await cancelJobForOrder(tx, order.id, now);
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
