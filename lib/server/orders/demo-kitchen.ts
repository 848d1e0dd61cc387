import "server-only";
import { demoPace } from "@/lib/shared/demo/demo-pace";
import { config } from "../platform/config";
import { db } from "../platform/db";
import { acceptOrder } from "./accept";
import { movedEach } from "./auto-accept";
import { markReady } from "./ready";

const BATCH = 20;

/**
 * The restaurant side of the demo (docs/architecture/kitchen.md): with the demo
 * data (the job runs with the courier simulator), an order of a demo owner's restaurant that
 * nobody acted on for a minute (demoPace's idleMs) is accepted as its owner would, with the restaurant's
 * default prep time, and marked ready when that time is up; the demo couriers then take a
 * delivery as any courier would (courier-steps/simulator.ts). So `npm start` shows a newcomer who only
 * orders the whole journey without a second login, while the minute keeps the spec's flows (a
 * customer cancels a just-placed order; an owner who opens the board acts first). Orders for later
 * are left to their owner. DEMO_SPEED (`speed`) shortens the minute and the prep times
 * (lib/shared/demo/demo-pace.ts). Returns what it moved.
 */
export async function runDemoKitchen(now = new Date(), speed = config().dispatch.demoSpeed): Promise<{ accepted: number; ready: number }> {
  const pace = demoPace(speed);
  const demo = { owner: { demoAccount: true } };
  const placed = await db.order.findMany({
    where: { stage: "placed", scheduledFor: null, submittedAt: { lte: new Date(now.getTime() - pace.idleMs) }, restaurant: demo },
    select: { id: true, restaurantId: true, restaurant: { select: { ownerId: true, defaultPrepMinutes: true } } },
    orderBy: { submittedAt: "asc" },
    take: BATCH,
  });
  const accepted = await movedEach(placed, (order, owner) => acceptOrder(owner, order.restaurantId, order.id, order.restaurant.defaultPrepMinutes, now));
  // Faster than life, an order is ready before its estimate: the candidates are those due within a day.
  const due = speed === 1 ? now : new Date(now.getTime() + 24 * 3_600_000);
  const cooking = await db.order.findMany({
    where: { stage: "accepted", estimatedReadyAt: { lte: due }, restaurant: demo },
    select: { id: true, restaurantId: true, acceptedAt: true, estimatedReadyAt: true, restaurant: { select: { ownerId: true } } },
    orderBy: { estimatedReadyAt: "asc" },
    take: BATCH,
  });
  const cooked = cooking.filter((order) => pace.readyAt({ acceptedAt: order.acceptedAt ?? now, estimatedReadyAt: order.estimatedReadyAt ?? now }) <= now);
  const ready = await movedEach(cooked, (order, owner) => markReady(owner, order.restaurantId, order.id, now));
  return { accepted, ready };
}
