import "server-only";
import { runningLate } from "@/lib/shared/delivery/arrival";
import { MARKET_TIME_ZONE } from "@/lib/shared/constants";
import { withDeliveries } from "../dispatch/order-delivery";
import { db } from "../platform/db";
import { plainSql } from "../platform/sql";
import { untoldOpenOrderIds } from "./queries/lists";
import { orderArrival } from "./to-json";

// "Running late" told without a request (docs/architecture/order-stages.md
// "Arrival window"): the orders.running-late job (lib/server/jobs/definitions/running-late.ts, which
// writes the notices: orders/ does not import notifications/) finds here the open orders whose
// arrival window (the one arrivalWindow() computes, the window the order's page shows) has ended,
// and tells each customer once through the outbox (order_running_late: the bell, push and email as their
// preferences say). Once per order: the notice's cause is `order:{id}:running_late`, and the
// outbox's unique (userId, cause, channel) makes a second write of it a no-op, so two passes or two
// instances at once give one notice. A window that moves later (the kitchen's +5) and passes again
// is not told twice: the first notice already said the order is late, and the page keeps saying it.

/** The notice's cause: one per order, whatever its window does after. */
export const runningLateCause = (orderId: number) => `order:${orderId}:running_late`;

/** The most orders one pass reads (the oldest first); the rest wait for the next pass. */
const BATCH = 200;

/** An open order whose window has passed: what its notice says. */
export type LateOrder = { orderId: number; userId: number; restaurantId: number | null; dueBy: string; timeZone: string; pickup: boolean };

/** What an order's arrival estimate reads of its row (orderArrival), with whose and where it is (the cancel reads it too: cancel.ts). */
export const arrivalSelect = {
  id: true,
  userId: true,
  restaurantId: true,
  stage: true,
  deliveryOption: true,
  pickup: true,
  scheduledFor: true,
  submittedAt: true,
  estimatedReadyAt: true,
  promisedMinMinutes: true,
  promisedMaxMinutes: true,
  restaurant: { select: { deliveryTime: true, timeZone: true, busyExtraMinutes: true, busyUntil: true } },
  // The ready time, as the order's page reads it (orderArrival: the ready stage's row).
  events: { where: { stage: "ready" }, orderBy: { id: "asc" }, select: { stage: true, at: true } },
} as const;

/** The open orders not yet told whose window has passed at `now` (at most BATCH, the oldest first). */
export async function lateOrders(now: Date): Promise<LateOrder[]> {
  const candidates = await untoldOpenOrderIds(plainSql(), BATCH);
  if (!candidates.length) return [];
  const orders = await withDeliveries(
    db,
    await db.order.findMany({
      where: { id: { in: candidates } },
      select: arrivalSelect,
    }),
  );
  const late: LateOrder[] = [];
  for (const order of orders) {
    const window = orderArrival(order);
    if (!window || !runningLate(window, now)) continue;
    late.push({
      orderId: order.id,
      userId: order.userId,
      restaurantId: order.restaurantId,
      dueBy: window.to,
      timeZone: order.restaurant?.timeZone ?? MARKET_TIME_ZONE,
      pickup: Boolean(order.pickup),
    });
  }
  return late;
}
