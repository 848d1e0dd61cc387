import "server-only";
import { nextExpiryStreak } from "@/lib/shared/delivery/offer-streak.mjs";
import type { Tx } from "../platform/db";
import type { Sql } from "../platform/sql";
import { setExpiryStreak } from "./queries/couriers";

// Two orders in one trip (docs/architecture/dispatch-matching.md): the matching offers them
// together, both jobs carrying the first one's id as `batchId`; the courier accepts or declines
// them together. Once held, each job moves on its own (picked up, delivered, released).

/** The other jobs of `job`'s trip still offered to this courier. */
export async function batchPartners(tx: Tx, job: { id: number; batchId: number | null }, courierId: number) {
  if (job.batchId === null) return [];
  return tx.deliveryJob.findMany({
    where: { batchId: job.batchId, id: { not: job.id }, state: "offered", courierId },
    select: { id: true, orderId: true, userId: true, restaurantId: true, pickupLat: true, pickupLng: true },
  });
}

/** The courier answered an offer: their run of offers let run out ends (lib/shared/delivery/offer-streak.mjs nextExpiryStreak). */
export async function answeredOffer(sql: Sql, courierId: number, answer: "accepted" | "declined"): Promise<void> {
  await setExpiryStreak(sql, courierId, nextExpiryStreak(0, answer));
}
