import "server-only";
import { ApiError } from "../platform/errors";
import { db } from "../platform/db";
import { acceptOrder } from "./accept";
import { markReady } from "./ready";

/** How long a demo restaurant's new order waits for a person before the simulated owner takes it. */
export const DEMO_KITCHEN_IDLE_MS = 60_000;
const BATCH = 20;

/** acceptOrder's and markReady's 409: a person (or another instance) moved the order first. */
const movedMeanwhile = (error: unknown) => error instanceof ApiError && error.status === 409;

/**
 * The restaurant side of the demo (issue 52 item 3, docs/architecture/kitchen.md): with the demo
 * data (the job runs with the courier simulator), an order of a demo owner's restaurant that
 * nobody acted on for DEMO_KITCHEN_IDLE_MS is accepted as its owner would, with the restaurant's
 * default prep time, and marked ready when that time is up; the demo couriers then take a
 * delivery as any courier would (dispatch/simulator.ts). So `npm start` shows a newcomer who only
 * orders the whole journey without a second login, while the minute keeps the spec's flows (a
 * customer cancels a just-placed order; an owner who opens the board acts first). Orders for later
 * are left to their owner. Returns what it moved.
 */
export async function runDemoKitchen(now = new Date()): Promise<{ accepted: number; ready: number }> {
  const demo = { owner: { demoAccount: true } };
  const placed = await db.order.findMany({
    where: { stage: "placed", scheduledFor: null, submittedAt: { lte: new Date(now.getTime() - DEMO_KITCHEN_IDLE_MS) }, restaurant: demo },
    select: { id: true, restaurantId: true, restaurant: { select: { ownerId: true, defaultPrepMinutes: true } } },
    orderBy: { submittedAt: "asc" },
    take: BATCH,
  });
  let accepted = 0;
  for (const { id, restaurantId, restaurant } of placed) {
    if (restaurantId === null || !restaurant) continue;
    try {
      await acceptOrder({ id: restaurant.ownerId, guestAccount: false }, restaurantId, id, restaurant.defaultPrepMinutes, now);
      accepted++;
    } catch (error) {
      if (!movedMeanwhile(error)) throw error;
    }
  }
  const cooked = await db.order.findMany({
    where: { stage: "accepted", estimatedReadyAt: { lte: now }, restaurant: demo },
    select: { id: true, restaurantId: true, restaurant: { select: { ownerId: true } } },
    orderBy: { estimatedReadyAt: "asc" },
    take: BATCH,
  });
  let ready = 0;
  for (const { id, restaurantId, restaurant } of cooked) {
    if (restaurantId === null || !restaurant) continue;
    try {
      await markReady({ id: restaurant.ownerId, guestAccount: false }, restaurantId, id, now);
      ready++;
    } catch (error) {
      if (!movedMeanwhile(error)) throw error;
    }
  }
  return { accepted, ready };
}
