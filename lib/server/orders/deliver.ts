import "server-only";
import type { Actor } from "../manage";
import type { IncomingOrderRow } from "./include";
import { ownerStep } from "./owner-step";
import { wrongStage } from "./transition";

/** out_for_delivery -> delivered (status Completed). */
export function markDelivered(actor: Actor, restaurantId: number, orderId: number, now = new Date()): Promise<IncomingOrderRow> {
  return ownerStep(actor, restaurantId, orderId, {
    from: { stage: "out_for_delivery" },
    to: "delivered",
    data: { closedAt: now },
    conflict: (current) => wrongStage(current, "marked delivered"),
    now,
  });
}
