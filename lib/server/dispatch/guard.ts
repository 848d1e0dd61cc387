import "server-only";
import type { JobState } from "@/lib/shared/delivery";
import { HELD_STATES, SEARCHING_STATES } from "@/lib/shared/delivery";
import type { Tx } from "../platform/db";
import { conflict } from "../platform/errors";
import { cancelJobForOrder } from "./cancel-for-order";

export const COURIER_DELIVERING = "A courier is delivering this order: they mark it picked up and delivered";

/**
 * The owner's "Out for delivery", "Delivered" and the legacy "Completed" on an order of their
 * restaurant (checked by the caller), before the order moves: a 409 while a courier holds its
 * job; a job still looking for a courier is canceled (the restaurant's own staff take the order).
 */
export async function ownerDeliveryStep(tx: Tx, restaurantId: number, orderId: number, now = new Date()): Promise<void> {
  const job = await tx.deliveryJob.findFirst({ where: { orderId, restaurantId }, select: { state: true } });
  if (!job) return;
  if (HELD_STATES.includes(job.state as JobState)) throw conflict(COURIER_DELIVERING);
  if (SEARCHING_STATES.includes(job.state as JobState)) await cancelJobForOrder(tx, orderId, now);
}
