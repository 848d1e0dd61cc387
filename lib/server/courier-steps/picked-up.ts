import "server-only";
import { MARKET_TIME_ZONE } from "@/lib/shared/constants";
import { notReadySaid } from "@/lib/shared/delivery/delivery-text";
import type { PickupStep } from "@/lib/contract/couriers/rules";
import { db } from "../platform/db";
import { conflict } from "../platform/errors";
import { sqlOf } from "../platform/sql";
import { moveOrder, wrongStage } from "../orders/transition";
import { courierPickedUpNotification } from "../notifications/of-events";
import { checkAtStop } from "./at-stop";
import type { Courier } from "../dispatch/courier";
import { jobJson, kitchenReady, type JobJson } from "../dispatch/read";
import { moveJob, wrongJobState } from "../dispatch/transition";
import { payWait } from "./wait-pay";
import { pickupFacts, type PickupFacts } from "./queries";
import { awaitingOf } from "../payments/queries/order-state";

/**
 * at_pickup -> picked_up: the courier has the food. The order moves accepted|ready ->
 * out_for_delivery in the same transaction (its stage event goes to the customer and the owner).
 * At the restaurant: a recent position near it, or `confirm`ed and flagged (at-stop.ts).
 * Before the kitchen marked the order ready, the courier confirms the kitchen handed it over
 * (`handedOver: true`; else a 409 naming `handedOver`, with the kitchen's ready time), and the job
 * keeps `handedOverEarly`: the board and the customer's timeline say it left before "ready".
 * `bags`: the bags the courier counted, kept on the order; the kitchen's count and this one equal
 * is "picked up sealed" (docs/architecture/problem-reports.md "Packed and sealed").
 * A wait at the restaurant past the promised ready time is paid to the courier (wait-pay.ts).
 */
export function pickedUp(courier: Courier, jobId: number, now = new Date(), step: PickupStep = {}): Promise<JobJson> {
  return db.$transaction(async (tx) => {
    const job = await moveJob(
      tx,
      jobId,
      { courierId: courier.id },
      { from: ["at_pickup"], data: { state: "picked_up", pickedUpAt: now }, conflict: (current) => wrongJobState(current, "markedPickedUp") },
    );
    const at = await checkAtStop(sqlOf(tx), courier.id, job, "picked_up", step.confirm ?? false, now, step.position ?? null);
    const order = await pickupFacts(sqlOf(tx), job.orderId);
    if (handedOverEarly(order, job.orderId, step.handedOver ?? false)) {
      await tx.deliveryJob.update({ where: { id: job.id }, data: { handedOverEarly: true } });
    }
    if (step.bags !== undefined) await tx.order.update({ where: { id: job.orderId }, data: { bagsConfirmed: step.bags } });
    await payWait(tx, job, now, order);
    await moveOrder(
      tx,
      job.orderId,
      { any: true },
      {
        from: { stage: { in: ["accepted", "ready"] } },
        to: "out_for_delivery",
        conflict: (current) => wrongStage(current, "pickedUp"),
        now,
        // First, with the order's out_for_delivery: the customer's "on its way" names the courier (notifications/of-events.ts).
        notify: [courierPickedUpNotification(job, courier.firstName)],
        awaiting: order ? awaitingOf(order) : { link: false, captureFailed: false },
      },
    );
    return jobJson(sqlOf(tx), job.id, courier.id, at);
  });
}

/** Whether the order leaves before the kitchen marked it ready (confirmed); a 409 naming `handedOver` when not confirmed. */
function handedOverEarly(order: PickupFacts | undefined, orderId: number, handedOver: boolean): boolean {
  if (!order || kitchenReady(order.stage)) return false;
  if (handedOver) return true;
  const zone = order.timeZone ?? MARKET_TIME_ZONE;
  const message = notReadySaid(orderId, order.estimatedReadyAt, zone);
  throw conflict(message, { handedOver: message });
}
