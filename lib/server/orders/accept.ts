import "server-only";
import { busyMinutesAt } from "@/lib/shared/kitchen";
import { PREP_MINUTES } from "@/lib/shared/order-stages";
import { db } from "../platform/db";
import type { Actor } from "../restaurants/owned";
import type { IncomingOrderRow } from "./include";
import { createJobForOrder } from "../dispatch/create";
import { ownerStep } from "./owner-step";
import { wrongStage } from "./transition";

/**
 * placed -> accepted, with the kitchen's estimate (5-90 minutes, validated by the route), plus
 * the busy minutes while the kitchen is busy (docs/architecture/kitchen.md), at most
 * PREP_MINUTES.max in all (the column's CHECK: 90 chosen plus 20 busy was a 500): the ready time
 * follows. A delivery order gets its delivery job in the same transaction (dispatch/create.ts).
 */
export async function acceptOrder(actor: Actor, restaurantId: number, orderId: number, chosenMinutes: number, now = new Date()): Promise<IncomingOrderRow> {
  const restaurant = await db.restaurant.findFirst({ where: { id: restaurantId, ownerId: actor.id }, select: { busyExtraMinutes: true, busyUntil: true } });
  const prepMinutes = Math.min(PREP_MINUTES.max, chosenMinutes + (restaurant ? busyMinutesAt(restaurant, now) : 0));
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
