import "server-only";
import type { DeliveryJson } from "@/lib/contract/deliveries/schemas";
import { cancelJobForOrder } from "../dispatch/cancel-for-order";
import { endedWithoutFood, transition } from "../orders/transition";
import { db } from "../platform/db";
import { conflict, notFound } from "../platform/errors";
import { getOwnedRestaurant, type Actor } from "../team/owned";
import { recordOrderAction } from "../team/order-actions";
import { syncOrderPayment } from "../payments/sync";
import { readDelivery } from "./read";
import { said } from "@/lib/shared/words/said";

/**
 * The restaurant cancels a delivery-only request before its courier picks it up (the rule): its
 * order moves to canceled by the one conditional move (a pickup at the same time: one of the two
 * counts), the whole fee and tip go back to the restaurant's balance (the order's one refund,
 * ledger/orders.ts refundOrder: every share reversed: to the earnings it was paid from, or owed to
 * the owner's card and refunded through the provider once this commits), and a courier offered it
 * or on the way is told and freed. Picked up, delivered or already canceled: 409.
 */
export async function cancelDelivery(actor: Actor, restaurantId: number, deliveryId: number, now = new Date()): Promise<DeliveryJson> {
  const { delivery, card } = await db.$transaction(async (tx) => {
    await getOwnedRestaurant(actor, restaurantId, tx);
    const request = await tx.deliveryRequest.findFirst({ where: { id: deliveryId, restaurantId, state: "accepted" }, select: { orderId: true } });
    if (!request) throw notFound(said("messages.deliveryNotFound"));
    if (request.orderId === null) throw conflict(said("messages.deliveryClosed"));
    const order = await transition(
      tx,
      request.orderId,
      { restaurantId },
      {
        from: { stage: { in: ["accepted", "ready"] } },
        to: "canceled",
        data: { closedAt: now },
        conflict: (current) => (current.stage === "out_for_delivery" ? said("messages.deliveryPickedUp") : said("messages.deliveryClosed")),
        now,
      },
    );
    await recordOrderAction(tx, actor, restaurantId, order.id, "canceled", now);
    await endedWithoutFood(tx, order);
    await cancelJobForOrder(tx, order.id, now);
    return { delivery: await readDelivery(actor, restaurantId, deliveryId, tx), card: order.paymentMethod === "card" };
  });
  if (card && delivery.orderId !== null) await syncOrderPayment(delivery.orderId);
  return delivery;
}
