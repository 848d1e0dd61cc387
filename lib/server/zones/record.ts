import "server-only";
import type { CourierRecord } from "@/lib/shared/delivery/zone-blocks";
import { db } from "../platform/db";

/** The record's window: the last 30 days. */
const RECORD_DAYS = 30;

/**
 * The courier's record for booking priority (lib/shared/delivery/zone-blocks.ts bookingTier): the offers
 * they accepted (an owner's assignment is one too) and the jobs they delivered in the last 30 days.
 * The one place booking reads a courier's record from.
 */
export async function courierRecord(courierId: number, now = new Date()): Promise<CourierRecord> {
  const since = new Date(now.getTime() - RECORD_DAYS * 86_400_000);
  const [accepted, delivered] = await Promise.all([
    db.deliveryOffer.count({ where: { courierId, answer: "accepted", offeredAt: { gte: since } } }),
    db.deliveryJob.count({ where: { courierId, state: "delivered", closedAt: { gte: since } } }),
  ]);
  return { accepted, delivered: Math.min(delivered, accepted) };
}
