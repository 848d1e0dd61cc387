import "server-only";
import type { Restaurant } from "@/lib/generated/prisma/client";
import { busyMinutesAt } from "@/lib/shared/kitchen/kitchen";
import { PREP_MINUTES } from "@/lib/shared/orders/order-stages";
import type { Actor } from "../team/owned";
import type { IncomingOrderRow } from "./include";
import { insertJob, jobOfAccepted, type NewJob } from "../dispatch/create";
import { sqlOf } from "../platform/sql";
import { arrivalWindow } from "@/lib/shared/delivery/arrival";
import { deliveryOptionOf } from "./to-json";
import { ownerStep } from "./owner-step";
import { wrongStage } from "./transition";

/**
 * placed -> accepted, with the kitchen's estimate (5-90 minutes, validated by the route), plus
 * the busy minutes while the kitchen is busy (docs/architecture/kitchen.md), at most
 * PREP_MINUTES.max in all (the column's CHECK: 90 chosen plus 20 busy was a 500): the ready time
 * follows. A delivery order gets its delivery job in the same transaction (dispatch/create.ts),
 * unassigned: the dispatch tick offers it (dispatch/tick.ts, in the job process), as it offers
 * every waiting job once its food is nearly ready.
 */
export async function acceptOrder(actor: Actor, restaurantId: number, orderId: number, chosenMinutes: number, now = new Date()): Promise<IncomingOrderRow> {
  let job: NewJob | null = null;
  return ownerStep(
    actor,
    restaurantId,
    orderId,
    (restaurant) => {
      const prepMinutes = Math.min(PREP_MINUTES.max, chosenMinutes + busyMinutesAt(restaurant, now));
      const estimatedReadyAt = new Date(now.getTime() + prepMinutes * 60_000);
      return {
        from: { stage: "placed" },
        to: "accepted",
        data: { prepMinutes, acceptedAt: now, estimatedReadyAt },
        conflict: (current) => wrongStage(current, "accepted"),
        now,
        // The order read first: its job and the arrival it promises are set with the move.
        dataOf: async (order, tx) => {
          job = await jobOfAccepted(sqlOf(tx), order, restaurant, now);
          const promisedArrivalBy = promisedArrival(order, restaurant, estimatedReadyAt, job);
          return promisedArrivalBy ? { promisedArrivalBy } : {};
        },
      };
    },
    async (tx, order) => {
      // A placed order has no job yet: none made now (a pickup), its delivery is null without a read.
      order.delivery = job ? (await insertJob(sqlOf(tx), job)).delivery : null;
    },
  );
}

/**
 * The end of the arrival window this acceptance promises (Order.promisedArrivalBy, a claim that
 * matches the facts): the window the order's page shows right after it (lib/shared/delivery/arrival.ts,
 * from the ready time and the new job's two ends). Later moves (+5/+10, a courier's position)
 * change the page's window, never this: a "late" report is approved at once only when the
 * delivery came after it. Null: no window (a scheduled order's slot says when).
 */
function promisedArrival(order: IncomingOrderRow, restaurant: Restaurant, estimatedReadyAt: Date, job: NewJob | null): Date | null {
  const window = arrivalWindow({
    status: "Submitted",
    deliveryOption: deliveryOptionOf(order),
    scheduledFor: order.scheduledFor,
    submittedAt: order.submittedAt,
    estimatedReadyAt,
    readyAt: null,
    deliveryMinutes: restaurant.deliveryTime,
    courier: job && {
      state: "unassigned",
      restaurant: { lat: job.pickupLat, lng: job.pickupLng },
      dropoff: { lat: job.dropoffLat, lng: job.dropoffLng },
      arrivedAt: null,
      pickedUpAt: null,
      position: null,
    },
  });
  return window ? new Date(window.to) : null;
}
