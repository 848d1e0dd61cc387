import "server-only";
import type { Actor } from "../team/owned";
import type { IncomingOrderRow } from "./include";
import { ownerDeliveryStep } from "../dispatch/guard";
import { ownerStep } from "./owner-step";
import { wrongStage } from "./transition";
import { said } from "@/lib/shared/words/said";

export const PICKUP_NOT_DELIVERED = said("messages.pickupNotDelivered");

/**
 * ready -> out_for_delivery: the restaurant's courier has it. A pickup order never goes out (409);
 * while a Nosh courier holds its delivery job, neither (409, they mark it); a job still looking
 * for a courier is canceled (dispatch/guard.ts).
 */
export function markOutForDelivery(actor: Actor, restaurantId: number, orderId: number, now = new Date()): Promise<IncomingOrderRow> {
  return ownerStep(
    actor,
    restaurantId,
    orderId,
    {
      from: { stage: "ready", pickup: false },
      to: "out_for_delivery",
      conflict: (current) => (current.pickup ? PICKUP_NOT_DELIVERED : wrongStage(current, "markedOutForDelivery")),
      now,
    },
    undefined,
    (tx) => ownerDeliveryStep(tx, restaurantId, orderId, now),
  );
}
