import "server-only";
import type { JobState } from "@/lib/shared/delivery/delivery";
import { HELD_STATES, SEARCHING_STATES } from "@/lib/shared/delivery/delivery";
import type { Tx } from "../platform/db";
import { conflict } from "../platform/errors";
import { cancelJobForOrder } from "./cancel-for-order";
import { said } from "@/lib/shared/words/said";

export const COURIER_DELIVERING = "A courier is delivering this order: they mark it picked up and delivered";

/**
 * The owner's "Out for delivery", "Delivered" and the legacy "Completed" on an order of their
 * restaurant (checked by the caller), before the order moves: a 409 while a courier holds its
 * job; a job still looking for a courier is canceled (the restaurant's own staff take the order).
 * Never on a delivery request's order (docs/architecture/api-keys.md "Paying for a delivery"): it
 * was paid for a Nosh courier, so its fee and tip (a card's money) must not become the
 * restaurant's own earnings by its owner's step: a 409, the request is canceled (and refunded) instead.
 */
export async function ownerDeliveryStep(tx: Tx, restaurantId: number, orderId: number, now = new Date()): Promise<void> {
  if (await tx.deliveryRequest.findFirst({ where: { orderId, restaurantId }, select: { id: true } })) throw conflict(said("messages.deliveryCourierOnly"));
  const job = await tx.deliveryJob.findFirst({ where: { orderId, restaurantId }, select: { state: true } });
  if (!job) return;
  if (HELD_STATES.includes(job.state as JobState)) throw conflict(COURIER_DELIVERING);
  if (SEARCHING_STATES.includes(job.state as JobState)) await cancelJobForOrder(tx, orderId, now);
}
