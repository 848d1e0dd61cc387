import "server-only";
import type { JobState } from "@/lib/shared/delivery";
import { HELD_STATES, SEARCHING_STATES } from "@/lib/shared/delivery";
import type { Tx } from "../platform/db";
import { conflict } from "../platform/errors";
import { cancelJobForOrder } from "./cancel-for-order";

export const COURIER_DELIVERING = "A courier is delivering this order: they mark it picked up and delivered";

/**
 * The owner's "Out for delivery" and "Delivered" on an order of their restaurant (checked by the
 * caller): a 409 while a courier holds its job; "Out for delivery" while the job still looks for
 * a courier cancels it (the restaurant's own staff take the order).
 */
export async function ownerDeliveryStep(tx: Tx, restaurantId: number, orderId: number, step: "out_for_delivery" | "delivered", now = new Date()): Promise<void> {
  const job = await tx.deliveryJob.findFirst({ where: { orderId, restaurantId }, select: { state: true } });
  if (!job) return;
  if (HELD_STATES.includes(job.state as JobState)) throw conflict(COURIER_DELIVERING);
  if (step === "out_for_delivery" && SEARCHING_STATES.includes(job.state as JobState)) await cancelJobForOrder(tx, orderId, now);
}
