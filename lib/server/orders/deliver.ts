import "server-only";
import type { Actor } from "../team/owned";
import type { IncomingOrderRow } from "./include";
import { ownerDeliveryStep } from "../dispatch/guard";
import { ownerStep } from "./owner-step";
import { wrongStage } from "./transition";

/**
 * out_for_delivery -> delivered (status Completed); a pickup order goes ready -> delivered (picked
 * up). While a Nosh courier holds the delivery job, a 409: the courier marks it (dispatch/guard.ts).
 */
export function markDelivered(actor: Actor, restaurantId: number, orderId: number, now = new Date()): Promise<IncomingOrderRow> {
  return ownerStep(
    actor,
    restaurantId,
    orderId,
    {
      from: { OR: [{ stage: "out_for_delivery" }, { stage: "ready", pickup: true }] },
      to: "delivered",
      data: { closedAt: now },
      conflict: (current) => wrongStage(current, current.pickup ? "markedPickedUp" : "markedDelivered"),
      now,
    },
    undefined,
    (tx) => ownerDeliveryStep(tx, restaurantId, orderId, now),
  );
}
