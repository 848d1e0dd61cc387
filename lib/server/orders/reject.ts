import "server-only";
import type { Tx } from "../platform/db";
import type { Actor } from "../team/owned";
import type { IncomingOrderRow } from "./include";
import { ownerStep } from "./owner-step";
import { endedWithoutFood, refund, transition, wrongStage } from "./transition";
import { whereStatus } from "./status";
import { cancelJobForOrder } from "../dispatch/cancel-for-order";
import { markDishesSoldOut } from "../menu/sold-out";
import { reasonColumns, type StoredReason } from "@/lib/shared/words/stored-texts";

/** An order rejected by its restaurant (or canceled unpaid, unpaid.ts): its refund and review (endedWithoutFood), and its delivery job canceled (a courier holding it is told). */
export async function rejected(tx: Tx, order: IncomingOrderRow): Promise<void> {
  await endedWithoutFood(tx, order);
  await cancelJobForOrder(tx, order.id);
}

/**
 * The restaurant turns an order down before preparing it (placed or accepted -> rejected,
 * status Canceled): `reason` is what the customer reads (lib/shared/orders/order-stages.ts rejectionOf), stored by its key,
 * and a wallet payment is refunded in full in the same transaction. `soldOut`: dishes of the
 * order the kitchen ran out of, marked sold out until its next opening in the same transaction
 * (docs/architecture/kitchen.md; ids not among the order's dishes are left alone).
 */
export function rejectOrder(
  actor: Actor,
  restaurantId: number,
  orderId: number,
  reason: StoredReason,
  now = new Date(),
  soldOut: number[] = [],
): Promise<IncomingOrderRow> {
  return ownerStep(
    actor,
    restaurantId,
    orderId,
    {
      from: { stage: { in: ["placed", "accepted"] } },
      to: "rejected",
      data: { ...reasonColumns(reason), closedAt: now },
      conflict: (current) => wrongStage(current, "rejected"),
      now,
    },
    async (tx, order) => {
      await rejected(tx, order);
      const ids = soldOut.filter((id) => order.orderItems.some((line) => line.menuItemId === id));
      if (ids.length) await markDishesSoldOut(tx, await tx.restaurant.findUniqueOrThrow({ where: { id: restaurantId } }), ids, now);
    },
  );
}

/**
 * The legacy cancel (PUT /api/manage/{id}/orders/{orderId} { status: "Canceled" }): any open
 * stage -> rejected with a refund, and that endpoint's own 409 message.
 */
export function cancelByRestaurant(actor: Actor, restaurantId: number, orderId: number, reason: StoredReason, conflictMessage: string, now = new Date()) {
  return ownerStep(
    actor,
    restaurantId,
    orderId,
    { from: whereStatus("Submitted"), to: "rejected", data: { ...reasonColumns(reason), closedAt: now }, conflict: () => conflictMessage, now },
    rejected,
  );
}

/**
 * A restaurant being deleted: its orders at checkout are canceled, and its open orders are
 * rejected (with a refund and their event) in the caller's transaction, so none is left that
 * can never be fulfilled.
 */
export async function rejectAllOpenOrders(tx: Tx, restaurantId: number, reason: StoredReason, now = new Date()): Promise<void> {
  await tx.order.updateMany({ where: { restaurantId, ...whereStatus("Active") }, data: { stage: "canceled", closedAt: now } });
  const open = await tx.order.findMany({ where: { restaurantId, ...whereStatus("Submitted") }, select: { id: true }, orderBy: { id: "asc" } });
  for (const { id } of open) {
    const order = await transition(
      tx,
      id,
      { restaurantId },
      {
        from: whereStatus("Submitted"),
        to: "rejected",
        data: { ...reasonColumns(reason), closedAt: now },
        conflict: (current) => wrongStage(current, "rejected"),
        now,
      },
    );
    await refund(tx, order);
    await cancelJobForOrder(tx, order.id, now);
  }
}
