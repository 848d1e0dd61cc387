import "server-only";
import type { Actor } from "../manage";
import type { IncomingOrderRow } from "./include";
import { ownerStep } from "./owner-step";
import { wrongStage } from "./transition";

/** ready -> out_for_delivery: the courier has it. */
export function markOutForDelivery(actor: Actor, restaurantId: number, orderId: number, now = new Date()): Promise<IncomingOrderRow> {
  return ownerStep(actor, restaurantId, orderId, {
    from: { stage: "ready" },
    to: "out_for_delivery",
    conflict: (current) => wrongStage(current, "marked out for delivery"),
    now,
  });
}
