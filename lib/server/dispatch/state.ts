import "server-only";
import { courierDistanceBand, distanceKm, HOLDING_JOBS, snapToGrid, type CourierDistanceBand, type Point } from "@/lib/shared/delivery/delivery";
import { centsToDollars } from "@/lib/shared/money/money";
import { config } from "../platform/config";
import { db } from "../platform/db";
import { conflict, notFound } from "../platform/errors";
import { MARKET_TIME_ZONE } from "@/lib/shared/constants";
import { atMinute, wallClock } from "@/lib/shared/time/opening-hours";
import { sqlOf, type Sql } from "../platform/sql";
import { takeCourierListRead } from "../platform/action-limits";
import { getOwnedRestaurant, type Actor } from "../team/owned";
import type { Courier } from "./courier";
import { insertOrderEvents } from "../order-events/write";
import { courierEvent } from "./events";
import { EXPIRY_STREAK_PAUSE, offersPaused } from "@/lib/shared/delivery/offer-streak.mjs";
import { courierOwnRating, type CourierOwnRating } from "../courier-ratings/courier-figure";
import { courierPoint, couriersNear, newestJobTimeZone } from "./queries/couriers";
import { zoneShiftRefusal } from "../zones/shift-gate";
import { flushPositions, pendingPosition } from "./position-batch";
import type { Locale } from "@/lib/i18n/locale";
import { assertDocumentsClear, blockIn, documentsBlockOf } from "../onboarding/gate";
import { DOCUMENTS_CLEAR, documentsClearParams } from "../onboarding/queries";
import { said } from "@/lib/shared/words/said";

export type CourierSummary = {
  courier: {
    id: number;
    firstName: string;
    onShift: boolean;
    position: { lat: number; lng: number; at: string } | null;
    activeJobs: number;
    maxJobs: number;
    /** They let EXPIRY_STREAK_PAUSE offers run out in a row: none reach them until they tap "I'm here" (PUT /api/courier/shift { onShift: true }). */
    offersPaused: boolean;
    /** Why their documents or background check keep offers from them, or null (lib/server/onboarding/gate.ts). */
    documentsBlocked: string | null;
  };
  today: { deliveries: number; earnings: number };
  /** Their rating: figures and reasons only. */
  rating: CourierOwnRating;
};

/** The zone of the city the courier delivers in: their newest job's restaurant's, else the marketplace's (MARKET_TIME_ZONE). */
export async function courierTimeZone(courierId: number, sql: Sql = sqlOf(db)): Promise<string> {
  return (await newestJobTimeZone(sql, courierId)) ?? MARKET_TIME_ZONE;
}

/** Midnight of `now`'s day in `timeZone`. */
const startOfDay = (now: Date, timeZone: string) => atMinute(wallClock(now, timeZone), 0, timeZone);

/** GET /api/courier: the courier's shift, last position, jobs held, and today's deliveries and earnings. */
export async function courierSummary(courier: Courier, now = new Date(), locale: Locale = "en"): Promise<CourierSummary> {
  // "Today" is the day of the city the courier delivers in, not the server's.
  const since = startOfDay(now, await courierTimeZone(courier.id));
  const [state, delivered, earnings, rating, documentsBlocked] = await Promise.all([
    db.courierState.findUnique({ where: { userId: courier.id } }),
    db.deliveryJob.findMany({ where: { courierId: courier.id, state: "delivered", closedAt: { gte: since } }, select: { orderId: true } }),
    // Today's pay: the courier's lines of today's settlements in the ledger (lib/server/ledger/orders.ts settleOrder).
    db.ledgerLine.aggregate({ where: { account: `courier:${courier.id}`, entry: { kind: "settlement", createdAt: { gte: since } } }, _sum: { amountCents: true } }),
    courierOwnRating(courier.id),
    documentsBlockOf(courier.id, now),
  ]);
  const deliveries = delivered.length;
  // A report this process has not written yet (position-batch.ts).
  const waiting = pendingPosition(courier.id);
  // A tip raised on one of today's deliveries is part of its pay (as the earnings list shows it, payouts/courier.ts).
  const raised = deliveries
    ? await db.ledgerLine.aggregate({
        where: { account: `courier:${courier.id}`, entry: { kind: "payment", orderId: { in: delivered.map((job) => job.orderId) } } },
        _sum: { amountCents: true },
      })
    : null;
  return {
    courier: {
      id: courier.id,
      firstName: courier.firstName,
      onShift: state?.onShift ?? false,
      position: waiting
        ? { lat: waiting.lat, lng: waiting.lng, at: waiting.at.toISOString() }
        : state?.lat != null && state.lng != null && state.positionAt
          ? { lat: state.lat, lng: state.lng, at: state.positionAt.toISOString() }
          : null,
      activeJobs: state?.activeJobs ?? 0,
      maxJobs: config().dispatch.courierMaxJobs,
      offersPaused: Boolean(state?.onShift) && offersPaused(state?.expiredStreak ?? 0),
      documentsBlocked: blockIn(locale, documentsBlocked),
    },
    today: { deliveries, earnings: centsToDollars((earnings._sum.amountCents ?? 0) + (raised?._sum.amountCents ?? 0)) },
    rating,
  };
}

export { HOLDING_JOBS } from "@/lib/shared/delivery/delivery";

/**
 * Going on shift by the zones' schedule (lib/server/zones/shift-gate.ts): from off shift, at the
 * last position, inside a zone fully booked this hour without a block of one's own is a 409.
 */
async function checkZoneSchedule(courierId: number, now: Date): Promise<void> {
  if ((await db.courierState.findUnique({ where: { userId: courierId }, select: { onShift: true } }))?.onShift) return;
  const refusal = await zoneShiftRefusal(courierId, await courierPoint(sqlOf(db), courierId), now);
  if (refusal) throw conflict(refusal);
}

/** PUT /api/courier/shift: on or off. Going off while holding a job is a 409; going off withdraws an open offer (job_withdrawn). */
export async function setShift(courier: Courier, onShift: boolean, now = new Date()): Promise<{ onShift: boolean }> {
  if (onShift) await checkZoneSchedule(courier.id, now);
  return db.$transaction(async (tx) => {
    if (onShift) {
      // Their documents and background check first (lib/server/onboarding/gate.ts): a 409 naming `documents`.
      await assertDocumentsClear(courier.id, now, tx);
      await tx.courierState.upsert({
        where: { userId: courier.id },
        create: { userId: courier.id, onShift: true, updatedAt: now },
        // Going on shift is also the app's "I'm here": offers paused after a run of expiries reach them again.
        update: { onShift: true, expiredStreak: 0, updatedAt: now },
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
        data: { state: "unassigned", courierId: null, offerExpiresAt: null, batchId: null, batchExtraMinutes: null },
      });
      if (moved.count !== 1) continue;
      await tx.deliveryOffer.updateMany({ where: { jobId: job.id, courierId: courier.id, answer: null }, data: { answer: "withdrawn", answeredAt: now } });
      await insertOrderEvents(sqlOf(tx), [courierEvent(job, courier.id, "job_withdrawn")], now);
    }
    return { onShift };
  });
}

/** Where a listed courier is in their work: free (may be offered or assigned), offered (an offer open), busy (holding jobs), paused (let offers run out). */
export type CourierWorkState = "free" | "offered" | "busy" | "paused";
export type NearbyCourier = { id: number; firstName: string; distance: CourierDistanceBand; activeJobs: number; state: CourierWorkState };

export const NOT_WAITING_FOR_COURIER = said("messages.notWaitingForCourier");

/**
 * GET /api/manage/{id}/couriers?orderId=: the couriers on shift near that order of theirs while
 * its job waits for a courier (unassigned or offered; else 409), nearest first, at most 20, each
 * with its state (free, offered, busy, paused); the owner may assign any under the job
 * limit (assign.ts withdraws an open offer).
 * Nothing here locates a courier: the list exists only for an order waiting; each
 * distance is a band (lib/shared/delivery/delivery.ts COURIER_DISTANCE_BANDS) measured from the courier's
 * position snapped to a fixed ~1 km grid, so no restaurant placed anywhere, nor any number of
 * them, learns more than the grid cell; and an account reads it at most COURIER_LIST_PER_MINUTE
 * times a minute (429).
 */
export async function nearbyCouriers(actor: Actor, restaurantId: number, orderId: number, now = new Date()): Promise<NearbyCourier[]> {
  await getOwnedRestaurant(actor, restaurantId);
  await takeCourierListRead(actor.id, now);
  const job = await db.deliveryJob.findFirst({ where: { orderId, restaurantId }, select: { state: true, pickupLat: true, pickupLng: true } });
  if (!job) {
    if (!(await db.order.count({ where: { id: orderId, restaurantId } }))) throw notFound(said("messages.orderNotFound"));
    throw conflict(NOT_WAITING_FOR_COURIER);
  }
  if (job.state !== "unassigned" && job.state !== "offered") throw conflict(NOT_WAITING_FOR_COURIER);
  const at: Point = { lat: job.pickupLat, lng: job.pickupLng };
  // The free couriers' positions this process holds, written first (position-batch.ts), as the dispatch's matching does.
  await flushPositions();
  const rows = await db.$transaction((tx) => couriersNear(sqlOf(tx), at, now, 20, DOCUMENTS_CLEAR, documentsClearParams(now)));
  return rows.map((row) => ({
    id: row.userId,
    firstName: row.firstName,
    distance: courierDistanceBand(distanceKm(at, snapToGrid(row))),
    activeJobs: row.activeJobs,
    state: row.offered ? "offered" : row.activeJobs > 0 ? "busy" : row.expiredStreak >= EXPIRY_STREAK_PAUSE ? "paused" : "free",
  }));
}
