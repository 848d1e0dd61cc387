import "server-only";
import { busyMinutesAt } from "@/lib/shared/kitchen";
import { PREP_MINUTES } from "@/lib/shared/order-stages";
import type { Actor } from "../team/owned";
import type { IncomingOrderRow } from "./include";
import { createJobForOrder } from "../dispatch/create";
import { flushPositions } from "../dispatch/position-batch";
import { withDeliveries } from "../dispatch/order-delivery";
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
  // The job is offered in the step's transaction, from the table: the free couriers' waiting positions go there first.
  await flushPositions();
  return ownerStep(
    actor,
    restaurantId,
    orderId,
    (restaurant) => {
      const prepMinutes = Math.min(PREP_MINUTES.max, chosenMinutes + busyMinutesAt(restaurant, now));
      return {
        from: { stage: "placed" },
        to: "accepted",
        data: { prepMinutes, acceptedAt: now, estimatedReadyAt: new Date(now.getTime() + prepMinutes * 60_000) },
        conflict: (current) => wrongStage(current, "accepted"),
        now,
      };
    },
    async (tx, order) => {
      await createJobForOrder(tx, order.id, now);
      await storePromisedArrival(tx, order);
    },
  );
}

/**
 * Keeps the end of the arrival window this acceptance promises (Order.promisedArrivalBy,
 * a claim that matches the facts): the window the order's page shows right after it (lib/shared/arrival.ts, from the ready
 * time and the new job's two ends). Later moves (+5/+10, a courier's position) change the page's
 * window, never this: a "late" report is approved at once only when the delivery came after it.
 * The order as the step read it, its new job's delivery attached (the answer's, read once).
 */
async function storePromisedArrival(tx: Tx, order: IncomingOrderRow): Promise<void> {
  await withDeliveries(tx, [order]);
  const window = arrivalWindow({
    status: "Submitted",
    deliveryOption: deliveryOptionOf(order),
    scheduledFor: order.scheduledFor,
    submittedAt: order.submittedAt,
    estimatedReadyAt: order.estimatedReadyAt,
    readyAt: null,
    deliveryMinutes: order.restaurant?.deliveryTime ?? null,
    courier: order.delivery?.facts ?? null,
  });
  if (!window) return;
  order.promisedArrivalBy = new Date(window.to);
  await tx.order.update({ where: { id: order.id }, data: { promisedArrivalBy: order.promisedArrivalBy } });
}
