import "server-only";
import { nameKey } from "@/lib/shared/menu/menu-file";
import { db } from "../platform/db";
import { plainSql } from "../platform/sql";
import { authOf } from "./connection";
import { queueAcceptedOrders } from "./queries";
import { PosError, type PosOrderInput } from "./providers/provider";

// Each accepted order pushed into the POS once (docs/architecture/kitchen.md "The point of sale").
// The pos.push job turns the accepted orders' events into PosOrder rows (queries.ts: one per order,
// its idempotency key the order's own), then sends the due ones. A row is leased by a conditional
// update before it is sent, so two processes never send it at once; and a send whose answer was
// lost (a timeout, a 500 after the POS made it) is retried with the same key, which the POS answers
// with the order it already made: never a second one. Failures back off (30 s doubling, at most
// 30 minutes) and stop after 12 tries, kept as `failed` with the POS's last words.

const SETTLE_MS = 60_000;
const LEASE_MS = 60_000;
const MAX_ATTEMPTS = 12;
const backoffMs = (attempts: number) => Math.min(30_000 * 2 ** (attempts - 1), 30 * 60_000);

async function orderInput(orderId: number, restaurantId: number): Promise<PosOrderInput> {
  const order = await db.order.findUniqueOrThrow({
    where: { id: orderId },
    select: {
      id: true,
      currency: true,
      pickup: true,
      estimatedReadyAt: true,
      scheduledFor: true,
      createdAt: true,
      user: { select: { firstName: true } },
      orderItems: {
        select: { menuItemId: true, name: true, priceCents: true, quantity: true, instructions: true, options: { select: { groupName: true, name: true } } },
      },
    },
  });
  const links = await db.posLink.findMany({
    where: { restaurantId, menuItemId: { in: order.orderItems.flatMap((item) => (item.menuItemId === null ? [] : [item.menuItemId])) } },
  });
  const linkOf = new Map(links.map((link) => [link.menuItemId, link]));
  return {
    reference: `Nosh #${order.id}`,
    customerName: order.user.firstName,
    pickupAt: order.estimatedReadyAt ?? order.scheduledFor ?? order.createdAt,
    fulfillment: order.pickup ? "pickup" : "delivery",
    currency: order.currency,
    lines: order.orderItems.map((item) => {
      const link = item.menuItemId === null ? undefined : linkOf.get(item.menuItemId);
      const modifiers = link ? (JSON.parse(link.modifiers) as Record<string, string>) : {};
      const chosen = item.options.map((option) => modifiers[`${nameKey(option.groupName)}/${nameKey(option.name)}`]);
      const extras = item.options.filter((_, index) => !chosen[index]).map((option) => option.name);
      return {
        variationId: link?.variationId ?? null,
        name: item.name,
        unitPriceCents: item.priceCents,
        quantity: item.quantity,
        modifierIds: chosen.filter((id): id is string => Boolean(id)),
        // Choices the POS has no modifier for, then the customer's instructions.
        note: [extras.join(", "), item.instructions ?? ""].filter(Boolean).join(" | ") || null,
      };
    }),
  };
}

/** One due row sent under its lease; "pushed", "retry" or "failed" (or "busy": another process holds it). */
async function pushOrder(posOrderId: number, now = new Date()): Promise<"pushed" | "retry" | "failed" | "busy"> {
  const row = await db.posOrder.findUnique({ where: { id: posOrderId } });
  if (!row || row.state !== "pending") return "busy";
  const leased = await db.posOrder.updateMany({
    where: { id: row.id, state: "pending", nextAttemptAt: row.nextAttemptAt },
    data: { nextAttemptAt: new Date(now.getTime() + LEASE_MS), attempts: { increment: 1 } },
  });
  if (leased.count !== 1) return "busy";
  const attempts = row.attempts + 1;
  const connection = await db.posConnection.findUnique({ where: { restaurantId: row.restaurantId } });
  try {
    const opened = connection && (await authOf(connection, now));
    if (!opened) throw new PosError("The restaurant's point of sale is not connected to the provider configured");
    const { externalId } = await opened.provider.createOrder(opened.auth, await orderInput(row.orderId, row.restaurantId), row.idempotencyKey);
    await db.posOrder.update({ where: { id: row.id }, data: { state: "pushed", externalId, pushedAt: now, lastError: null } });
    return "pushed";
  } catch (error) {
    if (!(error instanceof PosError)) throw error;
    const failed = attempts >= MAX_ATTEMPTS;
    await db.posOrder.update({
      where: { id: row.id },
      data: { state: failed ? "failed" : "pending", lastError: error.message.slice(0, 500), nextAttemptAt: new Date(now.getTime() + backoffMs(attempts)) },
    });
    return failed ? "failed" : "retry";
  }
}

/** The pos.push job's pass: the accepted orders queued for each connection, then every due row sent (at most 50). */
export async function pushAcceptedOrders(now = new Date()): Promise<{ pushed: number; retrying: number }> {
  const sql = plainSql();
  const connections = await db.posConnection.findMany({ select: { id: true } });
  for (const connection of connections) await queueAcceptedOrders(sql, connection.id, new Date(now.getTime() - SETTLE_MS));
  const due = await db.posOrder.findMany({ where: { state: "pending", nextAttemptAt: { lte: now } }, orderBy: { id: "asc" }, take: 50, select: { id: true } });
  let pushed = 0;
  let retrying = 0;
  for (const row of due) {
    const outcome = await pushOrder(row.id, now);
    if (outcome === "pushed") pushed++;
    else if (outcome === "retry") retrying++;
  }
  return { pushed, retrying };
}
