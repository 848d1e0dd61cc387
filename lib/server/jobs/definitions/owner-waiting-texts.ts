import "server-only";
import { momentBit, OWNER_WAITING_KIND } from "@/lib/shared/people/texts";
import { insertTextOutbox } from "../../notifications/queries";
import { config } from "../../platform/config";
import { db } from "../../platform/db";
import { sqlTransaction } from "../../platform/sql";
import { logCount, type TimedJob } from "../job";

/**
 * One pass at `now`: each order placed OWNER_WAIT_TEXT (a third of the accept timeout, at most 3
 * minutes) ago and still not accepted is texted once to its restaurant's owner, when the owner
 * confirmed a number for "an order waits" (docs/architecture/text-messages.md). Returns how many.
 */
async function textWaitingOrders(now: Date): Promise<number> {
  if (config().texts.provider === "none") return 0;
  const waitMs = Math.min(3 * 60_000, config().orderAcceptMs / 3);
  const found = await db.order.findMany({
    where: { stage: "placed", submittedAt: { lte: new Date(now.getTime() - waitMs), gte: new Date(now.getTime() - config().orderAcceptMs) } },
    select: { id: true, restaurantId: true, restaurant: { select: { ownerId: true } } },
    take: 500,
  });
  const orders = found.flatMap((o) => (o.restaurant && o.restaurantId !== null ? [{ id: o.id, restaurantId: o.restaurantId, ownerId: o.restaurant.ownerId }] : []));
  if (!orders.length) return 0;
  const owners = new Set(
    (
      await db.textNumber.findMany({
        where: { userId: { in: orders.map((o) => o.ownerId) }, confirmedAt: { not: null } },
        select: { userId: true, moments: true },
      })
    )
      .filter((n) => (n.moments & momentBit("waiting")) !== 0)
      .map((n) => n.userId),
  );
  const rows = orders
    .filter((o) => owners.has(o.ownerId))
    .map((o) => ({ userId: o.ownerId, kind: OWNER_WAITING_KIND, cause: `order:${o.id}:waiting`, payload: { orderId: o.id, restaurantId: o.restaurantId } }));
  if (rows.length) await sqlTransaction((sql) => insertTextOutbox(sql, rows, now));
  return rows.length;
}

export const ownerWaitingTextsJob: TimedJob = {
  id: "texts.owner-waiting",
  does: "Owners who chose it are texted once when an order waits to be accepted (lib/server/texts/, docs/architecture/text-messages.md).",
  cadence: { label: "every 20 s", everyMs: () => 20_000 },
  once: "The text's cause is one per order (order:{id}:waiting) and the outbox's unique key makes a second write of it a no-op.",
  run: logCount(textWaitingOrders, (told) => `texted ${told} owners an order waiting`),
};
