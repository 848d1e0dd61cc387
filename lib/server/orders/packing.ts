import "server-only";
import type { PackingJson } from "@/lib/contract/orders/schemas";
import { packingSummary } from "@/lib/shared/kitchen/packing";
import { ENGLISH } from "@/lib/i18n/catalogues";
import type { PackingInput } from "@/lib/contract/orders/packing-rules";
import { db, type Tx } from "../platform/db";
import { conflict, fieldError, notFound } from "../platform/errors";
import { getOwnedRestaurant, type Actor } from "../team/owned";
import { said } from "@/lib/shared/words/said";

/** The stages a kitchen packs an order in. */
const PACKING_STAGES = ["accepted", "ready"];

async function packingOf(client: Tx | typeof db, restaurantId: number, orderId: number): Promise<PackingJson> {
  const order = await client.order.findFirst({
    where: { id: orderId, restaurantId, stage: { not: null } },
    select: {
      id: true,
      bags: true,
      bagsConfirmed: true,
      restaurant: { select: { timeZone: true } },
      orderItems: { orderBy: { id: "asc" }, select: { id: true, name: true, quantity: true, packedAt: true, packedBy: true } },
    },
  });
  if (!order) throw notFound(said("messages.orderNotFound"));
  return {
    orderId: order.id,
    lines: order.orderItems.map((line) => ({
      orderItemId: line.id,
      name: line.name,
      quantity: line.quantity,
      packedAt: line.packedAt?.toISOString() ?? null,
      packedBy: line.packedBy,
    })),
    bags: order.bags,
    bagsConfirmed: order.bagsConfirmed,
    summary: packingSummary(order.orderItems, order.restaurant?.timeZone ?? "America/Los_Angeles", ENGLISH.lines.packing),
  };
}

/** The order's packing as the board and the ticket show it: each line ticked or not, by whom and when, and the bags. Anyone else's order: 404. */
export async function readPacking(actor: Actor, restaurantId: number, orderId: number): Promise<PackingJson> {
  await getOwnedRestaurant(actor, restaurantId);
  return packingOf(db, restaurantId, orderId);
}

/**
 * The kitchen ticks lines packed (or unticks them) and counts the bags, while the order is being
 * prepared or is ready (else a 409): each tick keeps who (their first name) and when (a line
 * ticked again keeps its first tick); a line not of the order is a 400 naming it.
 */
export async function setPacking(actor: Actor, restaurantId: number, orderId: number, input: PackingInput, now = new Date()): Promise<PackingJson> {
  return db.$transaction(async (tx) => {
    await getOwnedRestaurant(actor, restaurantId, tx);
    const order = await tx.order.findFirst({ where: { id: orderId, restaurantId }, select: { stage: true, orderItems: { select: { id: true } } } });
    if (!order || order.stage === null) throw notFound(said("messages.orderNotFound"));
    if (!PACKING_STAGES.includes(order.stage)) throw conflict(said("messages.packingStage"));
    const ids = new Set(order.orderItems.map((line) => line.id));
    input.lines?.forEach((line, index) => {
      if (!ids.has(line.orderItemId)) throw fieldError(`lines.${index}.orderItemId`, said("rules.handlers.lineNotInOrder"));
    });
    const member = await tx.user.findUnique({ where: { id: actor.id }, select: { firstName: true } });
    for (const line of input.lines ?? []) {
      await tx.orderItem.updateMany({
        where: { id: line.orderItemId, orderId, ...(line.packed ? { packedAt: null } : {}) },
        data: line.packed ? { packedAt: now, packedBy: member?.firstName ?? null, packedById: actor.id } : { packedAt: null, packedBy: null, packedById: null },
      });
    }
    if (input.bags !== undefined) await tx.order.update({ where: { id: orderId }, data: { bags: input.bags } });
    return packingOf(tx, restaurantId, orderId);
  });
}
