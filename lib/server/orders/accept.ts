import "server-only";
import type { Actor } from "../restaurants/owned";
import type { IncomingOrderRow } from "./include";
import { ownerStep } from "./owner-step";
import { wrongStage } from "./transition";

/** placed -> accepted, with the kitchen's estimate (5-90 minutes, validated by the route): the ready time follows. */
export function acceptOrder(actor: Actor, restaurantId: number, orderId: number, prepMinutes: number, now = new Date()): Promise<IncomingOrderRow> {
  return ownerStep(actor, restaurantId, orderId, {
    from: { stage: "placed" },
    to: "accepted",
    data: { prepMinutes, acceptedAt: now, estimatedReadyAt: new Date(now.getTime() + prepMinutes * 60_000) },
    conflict: (current) => wrongStage(current, "accepted"),
    now,
  });
}
