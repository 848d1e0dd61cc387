import "server-only";
import { PREP_CHANGE, PREP_CHANGED_EVENT } from "@/lib/shared/orders/order-stages";
import { db } from "../platform/db";
import { conflict, notFound } from "../platform/errors";
import { insertOrderEvents } from "../order-events/write";
import { getOwnedRestaurant, type Actor } from "../team/owned";
import { recordOrderAction } from "../team/order-actions";
import { withDeliveries } from "../dispatch/order-delivery";
import type { IncomingOrderRow } from "./include";
import { transition, wrongStage } from "./transition";
import { sqlOf } from "../platform/sql";
import { said } from "@/lib/shared/words/said";

export const PREP_TOO_LONG = said("messages.prepTooLong", { max: PREP_CHANGE.maxTotal });
export const PREP_CHANGED_MEANWHILE = said("messages.prepChangedMeanwhile");

/**
 * The board's +5 / +10 on an accepted order (docs/architecture/kitchen.md): its prep minutes and
 * ready time move by as much, so the customer's arrival window does (lib/shared/delivery/arrival.ts). A
 * conditional move on the stage and the prep minutes read: of two taps at once one counts and the
 * other is a 409 (nothing added twice unseen); a ready or closed order is a 409, anyone else's a
 * 404. A prep_changed event tells the customer's page and the board to read the order again.
 */
export async function addPrepMinutes(actor: Actor, restaurantId: number, orderId: number, addMinutes: number, now = new Date()): Promise<IncomingOrderRow> {
  return db.$transaction(async (tx) => {
    await getOwnedRestaurant(actor, restaurantId, tx);
    const current = await tx.order.findFirst({ where: { id: orderId, restaurantId }, select: { stage: true, prepMinutes: true, estimatedReadyAt: true } });
    if (!current) throw notFound(said("messages.orderNotFound"));
    const prepMinutes = (current.prepMinutes ?? 0) + addMinutes;
    if (current.stage === "accepted" && prepMinutes > PREP_CHANGE.maxTotal) throw conflict(PREP_TOO_LONG);
    const readyFrom = current.estimatedReadyAt ?? now;
    const order = await transition(
      tx,
      orderId,
      { restaurantId },
      {
        from: { stage: "accepted", prepMinutes: current.prepMinutes },
        // The minutes added are kept with the window they move (prepAddedMinutes): why it moved, after a reload too.
        data: { prepMinutes, prepAddedMinutes: { increment: addMinutes }, estimatedReadyAt: new Date(readyFrom.getTime() + addMinutes * 60_000) },
        conflict: (found) => (found.stage === "accepted" ? PREP_CHANGED_MEANWHILE : wrongStage(found, "givenMoreTime")),
        now,
      },
    );
    await insertOrderEvents(sqlOf(tx), [{ orderId, userId: order.userId, restaurantId: order.restaurantId, stage: PREP_CHANGED_EVENT }], now);
    await recordOrderAction(tx, actor, restaurantId, orderId, "prep", now);
    return (await withDeliveries(tx, [order]))[0]!;
  });
}
