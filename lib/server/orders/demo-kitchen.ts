import "server-only";
import { db } from "../platform/db";
import { acceptOrder } from "./accept";
import { movedEach } from "./auto-accept";
import { markReady } from "./ready";

/** How long a demo restaurant's new order waits for a person before the simulated owner takes it. */
export const DEMO_KITCHEN_IDLE_MS = 60_000;
const BATCH = 20;

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
  const accepted = await movedEach(placed, (order, owner) => acceptOrder(owner, order.restaurantId, order.id, order.restaurant.defaultPrepMinutes, now));
  const cooked = await db.order.findMany({
    where: { stage: "accepted", estimatedReadyAt: { lte: now }, restaurant: demo },
    select: { id: true, restaurantId: true, restaurant: { select: { ownerId: true } } },
    orderBy: { estimatedReadyAt: "asc" },
    take: BATCH,
  });
  const ready = await movedEach(cooked, (order, owner) => markReady(owner, order.restaurantId, order.id, now));
  return { accepted, ready };
}
