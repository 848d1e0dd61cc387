import "server-only";
import { busyMinutesAt } from "@/lib/shared/kitchen";
import { PREP_MINUTES } from "@/lib/shared/order-stages";
import { db } from "../platform/db";
import { restaurantScope, type Actor } from "../team/owned";
import type { IncomingOrderRow } from "./include";
import { createJobForOrder } from "../dispatch/create";
import { flushPositions } from "../dispatch/position-batch";
import { deliveriesOf } from "../dispatch/order-delivery";
import type { Tx } from "../platform/db";
import { arrivalWindow } from "@/lib/shared/arrival";
import { deliveryOptionOf } from "./to-json";
import { ownerStep } from "./owner-step";
import { wrongStage } from "./transition";

/**
 * placed -> accepted, with the kitchen's estimate (5-90 minutes, validated by the route), plus
 * the busy minutes while the kitchen is busy (docs/architecture/kitchen.md), at most
 * PREP_MINUTES.max in all (the column's CHECK: 90 chosen plus 20 busy was a 500): the ready time
 * follows. A delivery order gets its delivery job in the same transaction (dispatch/create.ts).
 */
export async function acceptOrder(actor: Actor, restaurantId: number, orderId: number, chosenMinutes: number, now = new Date()): Promise<IncomingOrderRow> {
  const restaurant = await db.restaurant.findFirst({
    where: { AND: [{ id: restaurantId }, restaurantScope(actor)] },
    select: { busyExtraMinutes: true, busyUntil: true },
  });
  const prepMinutes = Math.min(PREP_MINUTES.max, chosenMinutes + (restaurant ? busyMinutesAt(restaurant, now) : 0));
  // The job is offered in the step's transaction, from the table: the free couriers' waiting positions go there first.
  await flushPositions();
  return ownerStep(
    actor,
    restaurantId,
    orderId,
    {
      from: { stage: "placed" },
      to: "accepted",
      data: { prepMinutes, acceptedAt: now, estimatedReadyAt: new Date(now.getTime() + prepMinutes * 60_000) },
      conflict: (current) => wrongStage(current, "accepted"),
      now,
    },
    async (tx, order) => {
      await createJobForOrder(tx, order.id, now);
      await storePromisedArrival(tx, order.id);
    },
  );
}

/**
 * Keeps the end of the arrival window this acceptance promises (Order.promisedArrivalBy,
 * a claim that matches the facts): the window the order's page shows right after it (lib/shared/arrival.ts, from the ready
 * time and the new job's two ends). Later moves (+5/+10, a courier's position) change the page's
 * window, never this: a "late" report is approved at once only when the delivery came after it.
 */
async function storePromisedArrival(tx: Tx, orderId: number): Promise<void> {
  const row = await tx.order.findUnique({
    where: { id: orderId },
    select: { deliveryOption: true, pickup: true, scheduledFor: true, submittedAt: true, estimatedReadyAt: true, restaurant: { select: { deliveryTime: true } } },
  });
  if (!row) return;
  const window = arrivalWindow({
    status: "Submitted",
    deliveryOption: deliveryOptionOf(row),
    scheduledFor: row.scheduledFor,
    submittedAt: row.submittedAt,
    estimatedReadyAt: row.estimatedReadyAt,
    readyAt: null,
    deliveryMinutes: row.restaurant?.deliveryTime ?? null,
    courier: (await deliveriesOf(tx, [orderId])).get(orderId)?.facts ?? null,
  });
  if (window) await tx.order.update({ where: { id: orderId }, data: { promisedArrivalBy: new Date(window.to) } });
}
