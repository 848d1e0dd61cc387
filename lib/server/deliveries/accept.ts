import "server-only";
import { DEFAULT_CURRENCY } from "@/lib/shared/money/currency";
import { randomBytes } from "node:crypto";
import { DELIVERY_SAID } from "@/lib/shared/delivery/deliveries";
import { PREP_MINUTES } from "@/lib/shared/orders/order-stages";
import type { DeliveryAcceptInput } from "@/lib/contract/deliveries/rules";
import { createJobForOrder } from "../dispatch/create";
import { insertOrderEvents } from "../order-events/write";
import { conflict, notFound } from "../platform/errors";
import { prismaOf, type PrismaSql } from "../platform/sql";
import { getOwnedRestaurant, type Actor } from "../team/owned";
import { recordOrderAction } from "../team/order-actions";
import { assertOpenRoom, payDelivery, type DeliveryPayment } from "./pay";
import { said, word } from "@/lib/shared/words/said";

// Accepting a delivery-only quote (docs/architecture/api-keys.md "Delivery only"), in one
// transaction (the route's, with its Idempotency-Key's stored answer): the quote moves quoted ->
// accepted by one conditional update (of two accepts at once one moves it, the other is the 409),
// and the same transaction makes the order it becomes (no lines, already accepted, its ready time
// the pickup's; its customer a guest account named after the recipient), pays its fee and tip up
// front (pay.ts: from the restaurant's available earnings, one ledger entry keyed by the order into
// clearing, or the owner's card authorized for it, linked to the order and captured once this
// commits; split to the courier on delivery like any order's fees), and makes its delivery job,
// offered at once. First of all, room for one more of the owner's deliveries on their way (pay.ts).

const MINUTE = 60_000;

export async function acceptDelivery(
  sql: PrismaSql,
  actor: Actor,
  restaurantId: number,
  input: DeliveryAcceptInput,
  payment: DeliveryPayment,
  now = new Date(),
): Promise<number> {
  const tx = prismaOf(sql);
  const restaurant = await getOwnedRestaurant(actor, restaurantId, tx);
  await assertOpenRoom(tx, restaurant.ownerId);
  const quote = await tx.deliveryRequest.findFirst({ where: { quoteId: input.quoteId, restaurantId } });
  if (!quote) throw notFound(said("messages.notFound", { what: word("quote") }));
  if (quote.state !== "quoted") throw conflict(said("messages.quoteTaken"));
  if (quote.expiresAt <= now) throw conflict(DELIVERY_SAID.quoteExpired);
  const trackingToken = randomBytes(24).toString("base64url");
  const claimed = await tx.deliveryRequest.updateMany({ where: { id: quote.id, state: "quoted" }, data: { state: "accepted", acceptedAt: now, trackingToken } });
  if (claimed.count !== 1) throw conflict(said("messages.quoteTaken"));

  const recipient = await tx.user.create({ data: { firstName: quote.dropoffName.slice(0, 60), guestAccount: true, createdAt: now } });
  const readyAt = quote.pickupEta > now ? quote.pickupEta : now;
  const prepMinutes = Math.min(PREP_MINUTES.max, Math.max(PREP_MINUTES.min, Math.round((readyAt.getTime() - now.getTime()) / MINUTE)));
  const totalCents = quote.feeCents + quote.tipCents;
  const order = await tx.order.create({
    data: {
      userId: recipient.id,
      restaurantId,
      restaurantName: restaurant.name,
      restaurantImage: restaurant.storeImage,
      // The restaurant's market's: its balance pays the fee (docs/architecture/languages.md "Markets and currencies").
      currency: (await tx.market.findFirst({ where: { restaurants: { some: { id: restaurantId } } }, select: { currency: true } }))?.currency ?? DEFAULT_CURRENCY,
      deliveryFeeCents: quote.feeCents,
      tipCents: quote.tipCents,
      totalCents,
      deliveryOption: "standard",
      // The owner's card's: its refunds go back to it (ledger/refund.ts refundTo). From earnings: none, as before.
      paymentMethod: payment.method === "card" ? "card" : null,
      createdAt: now,
      submittedAt: now,
      stage: "accepted",
      acceptedAt: now,
      prepMinutes,
      estimatedReadyAt: readyAt,
      promisedArrivalBy: quote.dropoffEta,
      deliveryStreet: quote.dropoffStreet,
      deliveryUnit: quote.dropoffUnit,
      deliveryCity: quote.dropoffCity,
      deliveryState: quote.dropoffState,
      deliveryZip: quote.dropoffZip,
      // What the courier reads: the order to ask for at the counter, the door's notes, whom to hand it to.
      deliveryNote: [`Delivery only${quote.reference ? `, order ${quote.reference}` : ""}`, quote.dropoffNotes, `${quote.dropoffName}, ${quote.dropoffPhone}`]
        .filter(Boolean)
        .join(" · "),
      deliveryLat: quote.dropoffLat,
      deliveryLng: quote.dropoffLng,
    },
  });
  await tx.deliveryRequest.update({ where: { id: quote.id }, data: { orderId: order.id, paidWith: payment.method } });
  await payDelivery(sql, restaurantId, { id: order.id, totalCents }, payment, now);

  await insertOrderEvents(sql, [{ orderId: order.id, userId: recipient.id, restaurantId, stage: "accepted", detail: null }], now);
  await recordOrderAction(tx, actor, restaurantId, order.id, "accepted", now);
  await createJobForOrder(tx, order.id, now);
  return quote.id;
}
