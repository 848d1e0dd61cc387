import "server-only";
import { db } from "../platform/db";
import { ApiError } from "../platform/errors";
import { endedWithoutFood, transition } from "./transition";
import { reasonColumns } from "@/lib/shared/words/stored-texts";

/** How long an order may wait at "ready" with no delivery job before it is canceled: an owner moving it on by hand has that long. */
export const UNDISPATCHED_AFTER_MS = 5 * 60_000;
const BATCH = 100;

/**
 * The net under placement's rule (destination.ts: a delivery is placed only with an address a
 * courier can be sent to): a delivery order that has been "ready" for UNDISPATCHED_AFTER_MS with
 * no delivery job, at a restaurant whose place is known (dispatch makes a job at accept for every
 * delivery between two known places, dispatch/create.ts, so only a customer without a place is
 * left: an account placed before this rule, or one whose address was cleared), can never be
 * delivered. It is canceled with a full refund and the reason, which the customer is told (the
 * canceled stage's notification, notifications/of-events.ts) and the owner too. A restaurant
 * without a place delivers its orders itself (dispatch/create.ts) and is left alone. One
 * conditional move per order (still ready), in one transaction with its refund and a check that
 * no job appeared: of two processes, the loser's move matches nothing. Returns how many it canceled.
 */
export async function cancelUndispatchedOrders(now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - UNDISPATCHED_AFTER_MS);
  const candidates = await db.order.findMany({
    // Delivered by the restaurant's own staff, or paid at the door (phone-order.ts): never a courier's.
    where: {
      stage: "ready",
      pickup: false,
      staffDelivery: false,
      OR: [{ paymentMethod: null }, { paymentMethod: { not: "door" } }],
      restaurant: { lat: { not: null }, lng: { not: null } },
      events: { some: { stage: "ready", at: { lt: cutoff } } },
    },
    select: { id: true },
    orderBy: { id: "asc" },
    take: BATCH,
  });
  if (!candidates.length) return 0;
  const ids = candidates.map((order) => order.id);
  const withJobs = new Set((await db.deliveryJob.findMany({ where: { orderId: { in: ids } }, select: { orderId: true } })).map((job) => job.orderId));
  let canceled = 0;
  for (const id of ids.filter((orderId) => !withJobs.has(orderId))) {
    try {
      await db.$transaction(async (tx) => {
        if (await tx.deliveryJob.findUnique({ where: { orderId: id }, select: { id: true } })) return;
        const order = await transition(
          tx,
          id,
          { any: true },
          {
            from: { stage: "ready" },
            to: "canceled",
            // What the customer reads on the order, in the mail and on the bell (the order_canceled notification).
            data: { ...reasonColumns({ key: "undispatched" }), closedAt: now },
            conflict: () => "This order has already moved on",
            now,
          },
        );
        await endedWithoutFood(tx, order);
        canceled += 1;
      });
    } catch (error) {
      // Moved on by its owner, or canceled by another process meanwhile: nothing to do.
      if (error instanceof ApiError && error.code === "conflict") continue;
      throw error;
    }
  }
  return canceled;
}
