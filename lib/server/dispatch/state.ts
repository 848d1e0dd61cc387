import "server-only";
import { distanceKm, roundKm, type Point } from "@/lib/shared/delivery";
import { centsToDollars } from "@/lib/shared/money";
import { config } from "../platform/config";
import { db } from "../platform/db";
import { conflict } from "../platform/errors";
import { sqlOf } from "../platform/sql";
import { getOwnedRestaurant, type Actor } from "../restaurants/owned";
import type { Courier } from "./courier";
import { insertOrderEvents } from "../order-events/write";
import { courierEvent } from "./events";
import { eligibleCouriersSql } from "./offer";

export type CourierSummary = {
  courier: { id: number; firstName: string; onShift: boolean; position: { lat: number; lng: number; at: string } | null; activeJobs: number; maxJobs: number };
  today: { deliveries: number; earnings: number };
};

const startOfDay = (now: Date) => new Date(now.getFullYear(), now.getMonth(), now.getDate());

/** GET /api/courier: the courier's shift, last position, jobs held, and today's deliveries and earnings. */
export async function courierSummary(courier: Courier, now = new Date()): Promise<CourierSummary> {
  const since = startOfDay(now);
  const [state, deliveries, earnings] = await Promise.all([
    db.courierState.findUnique({ where: { userId: courier.id } }),
    db.deliveryJob.count({ where: { courierId: courier.id, state: "delivered", closedAt: { gte: since } } }),
    // Today's pay: the courier's lines of today's settlements in the ledger (lib/server/ledger/orders.ts settleOrder).
    db.ledgerLine.aggregate({ where: { account: `courier:${courier.id}`, entry: { kind: "settlement", createdAt: { gte: since } } }, _sum: { amountCents: true } }),
  ]);
  return {
    courier: {
      id: courier.id,
      firstName: courier.firstName,
      onShift: state?.onShift ?? false,
      position: state?.lat != null && state.lng != null && state.positionAt ? { lat: state.lat, lng: state.lng, at: state.positionAt.toISOString() } : null,
      activeJobs: state?.activeJobs ?? 0,
      maxJobs: config().dispatch.courierMaxJobs,
    },
    today: { deliveries, earnings: centsToDollars(earnings._sum.amountCents ?? 0) },
  };
}

export const HOLDING_JOBS = "Deliver or release your jobs before ending your shift";

/** PUT /api/courier/shift: on or off. Going off while holding a job is a 409; going off withdraws an open offer (job_withdrawn). */
export function setShift(courier: Courier, onShift: boolean, now = new Date()): Promise<{ onShift: boolean }> {
  return db.$transaction(async (tx) => {
    if (onShift) {
      await tx.courierState.upsert({
        where: { userId: courier.id },
        create: { userId: courier.id, onShift: true, updatedAt: now },
        update: { onShift: true, updatedAt: now },
      });
      return { onShift };
    }
    const { count } = await tx.courierState.updateMany({ where: { userId: courier.id, activeJobs: 0 }, data: { onShift: false, updatedAt: now } });
    if (count === 0 && (await tx.courierState.count({ where: { userId: courier.id } }))) throw conflict(HOLDING_JOBS);
    const offered = await tx.deliveryJob.findMany({
      where: { courierId: courier.id, state: "offered" },
      select: { id: true, orderId: true, userId: true, restaurantId: true },
    });
    for (const job of offered) {
      const moved = await tx.deliveryJob.updateMany({
        where: { id: job.id, state: "offered", courierId: courier.id },
        data: { state: "unassigned", courierId: null, offerExpiresAt: null },
      });
      if (moved.count !== 1) continue;
      await tx.deliveryOffer.updateMany({ where: { jobId: job.id, courierId: courier.id, answer: null }, data: { answer: "withdrawn", answeredAt: now } });
      await insertOrderEvents(sqlOf(tx), [courierEvent(job, courier.id, "job_withdrawn")], now);
    }
    return { onShift };
  });
}

export type NearbyCourier = { id: number; firstName: string; distanceKm: number; activeJobs: number };

/** GET /api/manage/{id}/couriers: couriers the owner may assign (on shift, fresh position, under the limit, no open offer), nearest first, at most 20. */
export async function nearbyCouriers(actor: Actor, restaurantId: number, now = new Date()): Promise<NearbyCourier[]> {
  const restaurant = await getOwnedRestaurant(actor, restaurantId);
  if (restaurant.lat === null || restaurant.lng === null) return [];
  const at: Point = { lat: restaurant.lat, lng: restaurant.lng };
  const { text, params } = eligibleCouriersSql(at, now, 20);
  const rows = await db.$transaction((tx) =>
    sqlOf(tx).all<{ userId: number | bigint; firstName: string; lat: number; lng: number; activeJobs: number | bigint }>(text, params),
  );
  return rows.map((row) => ({ id: Number(row.userId), firstName: row.firstName, distanceKm: roundKm(distanceKm(at, row)), activeJobs: Number(row.activeJobs) }));
}
