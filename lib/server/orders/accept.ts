import "server-only";
import type { Actor } from "../restaurants/owned";
import type { IncomingOrderRow } from "./include";
import { createJobForOrder } from "../dispatch/create";
import { ownerStep } from "./owner-step";
import { wrongStage } from "./transition";

/**
 * placed -> accepted, with the kitchen's estimate (5-90 minutes, validated by the route): the ready
 * time follows. A delivery order gets its delivery job in the same transaction (dispatch/create.ts).
 */
export function acceptOrder(actor: Actor, restaurantId: number, orderId: number, prepMinutes: number, now = new Date()): Promise<IncomingOrderRow> {
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
    async (tx, order) => void (await createJobForOrder(tx, order.id, now)),
  );
}
