import "server-only";
import { appLog } from "../platform/log";
import { distanceKm, type Point } from "@/lib/shared/delivery/delivery";
import { demoPace, type DemoPace } from "@/lib/shared/demo/demo-pace";
import { config } from "../platform/config";
import { db } from "../platform/db";
import { acceptJob } from "./accept";
import { arrivedAtPickup } from "./arrived";
import type { Courier } from "../dispatch/courier";
import { demoDropoffPhoto } from "./demo-photo";
import { deliveredWithPhoto } from "./delivered";
import { pickedUp } from "./picked-up";
import { collectCash } from "./cash";
import { reportPositions } from "../dispatch/positions";
import { personHasCourier } from "../dispatch/courier-app";
import { courierJobs, type JobJson } from "../dispatch/read";
import { setShift } from "../dispatch/state";

// The demo courier simulator (docs/architecture/courier-screens.md "The demo"): with the demo data (on
// by default locally, off in production and in the tests: COURIER_SIMULATOR), the demo couriers
// ride by themselves, so a newcomer who orders sees a courier accept, come and deliver without a
// phone. Every step (5 s) each demo courier goes on shift, accepts an offer, rides in a straight line
// at a bike's speed to the restaurant (then "arrived"), picks the order up once it is ready (or,
// when the kitchen never marks it, two minutes after arriving and not before its ready time, as
// handed over), rides to the drop-off and delivers (a "Leave it at my door" order with a photo,
// demo-photo.ts), reporting its position on the way: all through the same functions as the courier app's calls, so the demo shows the
// real dispatch. A demo courier a person has in the courier app (its page open, or any of its
// calls within PERSON_LEFT_AFTER_MS: courier-app.ts) is let go at once, before their first
// report can collide with the simulator's; one reported for by someone else (another instance's
// app) is left alone for HUMAN_PAUSE_MS. DEMO_SPEED makes the steps more frequent (at most one a
// second), the rides faster (under the position check's plausible speed) and the wait at the
// restaurant shorter (lib/shared/demo/demo-pace.ts).

const ARRIVED_WITHIN_KM = 0.04;
const HUMAN_PAUSE_MS = 5 * 60_000;

type Ride = { courier: Courier; home: Point; at: Point | null; lastReport: number; pausedUntil: number; arrivedAt: Map<number, number> };

/** One step of the ride from `from` toward `to`: at most `km`, and exactly `to` when that is closer. */
export function stepToward(from: Point, to: Point, km: number): Point {
  const left = distanceKm(from, to);
  if (left <= km || left === 0) return { ...to };
  const f = km / left;
  return { lat: from.lat + (to.lat - from.lat) * f, lng: from.lng + (to.lng - from.lng) * f };
}

/** Moves one demo courier one step; the work of a step is a few of the dispatch functions' calls. */
export async function simulateStep(ride: Ride, now = new Date(), pace: DemoPace = demoPace()): Promise<void> {
  const state = await db.courierState.findUnique({ where: { userId: ride.courier.id }, select: { onShift: true, lat: true, lng: true, reportedAt: true } });
  // Someone reported for this courier since our last report: a person is driving them.
  if (state?.reportedAt && state.reportedAt.getTime() > ride.lastReport + 1_000) ride.pausedUntil = now.getTime() + HUMAN_PAUSE_MS;
  if (now.getTime() < ride.pausedUntil || personHasCourier(ride.courier.id, now.getTime())) {
    if (state?.lat != null && state.lng != null) ride.at = { lat: state.lat, lng: state.lng };
    ride.lastReport = state?.reportedAt?.getTime() ?? ride.lastReport;
    return;
  }
  if (!state?.onShift) await setShift(ride.courier, true, now);
  ride.at ??= state?.lat != null && state.lng != null ? { lat: state.lat, lng: state.lng } : ride.home;

  let jobs: JobJson[] = await courierJobs(ride.courier.id, now);
  for (const offer of jobs.filter((job) => job.state === "offered")) {
    await acceptJob(ride.courier, offer.id, now).catch(() => undefined);
  }
  if (jobs.some((job) => job.state === "offered")) jobs = await courierJobs(ride.courier.id, now);

  // One stop at a time: the pickups first (two orders in one trip are both collected), then the drop-offs.
  const job = jobs.find((j) => j.state === "at_pickup") ?? jobs.find((j) => j.state === "assigned") ?? jobs.find((j) => j.state === "picked_up");
  // A held job's drop-off is a point (an offer's is only its area: read.ts).
  const target = !job ? ride.home : job.state === "picked_up" && "lat" in job.dropoff ? job.dropoff : job.restaurant;
  ride.at = stepToward(ride.at, target, pace.stepKm);
  await reportPositions(ride.courier, [{ lat: ride.at.lat, lng: ride.at.lng, accuracy: 10 }], now);
  ride.lastReport = now.getTime();

  if (!job || distanceKm(ride.at, target) > ARRIVED_WITHIN_KM) return;
  if (job.state === "assigned") {
    await arrivedAtPickup(ride.courier, job.id, now);
    ride.arrivedAt.set(job.id, now.getTime());
  } else if (job.state === "at_pickup") {
    const order = await db.order.findUnique({ where: { id: job.orderId }, select: { acceptedAt: true, estimatedReadyAt: true } });
    const waited = now.getTime() - (ride.arrivedAt.get(job.id) ?? now.getTime());
    if (!ride.arrivedAt.has(job.id)) ride.arrivedAt.set(job.id, now.getTime());
    // Not marked ready by its ready time (a kitchen that forgot the button): the kitchen hands it
    // over, and the courier confirms that as a person would (picked-up.ts `handedOver`).
    const due = !order?.acceptedAt || !order.estimatedReadyAt || pace.readyAt({ acceptedAt: order.acceptedAt, estimatedReadyAt: order.estimatedReadyAt }) <= now;
    if (job.kitchen.ready || (waited >= pace.pickupWaitMs && due)) {
      await pickedUp(ride.courier, job.id, now, { handedOver: !job.kitchen.ready });
      ride.arrivedAt.delete(job.id);
    }
  } else if (job.state === "picked_up") {
    // "Leave it at my door": delivered with a photo, as the courier app sends one (demo-photo.ts).
    const photo = "leaveAtDoor" in job.dropoff && job.dropoff.leaveAtDoor ? await demoDropoffPhoto() : null;
    // A cash order: the demo courier collects the cash first, as the app's "Cash collected" (cash.ts).
    if (job.cash && !job.cash.collected) await collectCash(ride.courier, job.id, now);
    await deliveredWithPhoto(ride.courier, job.id, photo, now);
  }
}

const holder = globalThis as { __noshCourierSimulator?: NodeJS.Timeout };

/** Starts riding the demo couriers (accounts with both the courier and the demo flag) every step (demoPace); never keeps the process alive. */
export function startSimulator(): void {
  if (holder.__noshCourierSimulator) return;
  const pace = demoPace(config().dispatch.demoSpeed);
  const rides = new Map<number, Ride>();
  let running = false;
  let lastError = 0;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const couriers = await db.user.findMany({
        where: { courier: true, demoAccount: true },
        select: { id: true, firstName: true, lat: true, lng: true },
        orderBy: { id: "asc" },
      });
      for (const user of couriers) {
        if (user.lat == null || user.lng == null) continue;
        let ride = rides.get(user.id);
        if (!ride)
          rides.set(
            user.id,
            (ride = {
              courier: { id: user.id, firstName: user.firstName },
              home: { lat: user.lat, lng: user.lng },
              at: null,
              lastReport: 0,
              pausedUntil: 0,
              arrivedAt: new Map(),
            }),
          );
        try {
          await simulateStep(ride, new Date(), pace);
        } catch (error) {
          // A step that lost a race (the owner assigned, the order was canceled) is retried next step.
          if (Date.now() - lastError > 60_000) {
            lastError = Date.now();
            appLog.warn(`courier simulator: ${user.firstName}: ${(error as Error).message}`);
          }
        }
      }
    } catch (error) {
      appLog.error("courier simulator failed", { err: error });
    } finally {
      running = false;
    }
  };
  holder.__noshCourierSimulator = setInterval(() => void tick(), pace.stepMs);
  holder.__noshCourierSimulator.unref();
  appLog.info("the demo courier simulator is riding the demo couriers (COURIER_SIMULATOR=off stops it)");
}
