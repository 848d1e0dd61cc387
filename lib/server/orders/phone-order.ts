import "server-only";
import type { SubmitOrderInput } from "@/lib/contract/orders/checkout-rules";
import type { PhoneOrderInput } from "@/lib/contract/orders/phone-order-rules";
import { ApiError } from "../platform/errors";
import { prismaOf, type PrismaSql } from "../platform/sql";
import { recordOrderAction } from "../team/order-actions";
import { getOwnedRestaurant, type Actor } from "../team/owned";
import type { OrderRow } from "./include";
import { createPayLink } from "../payments/pay-link";
import { doorPayment, type OrderPayment } from "./payment";
import { placeOrder } from "./place";

// A phone order (docs/architecture/phone-orders.md): the restaurant's staff enter on the board an
// order a customer gave by phone. It goes through placeOrder like any checkout (today's menu and
// prices, the fees, tax, the automatic offer, opening hours, pause, capacity, the delivery radius),
// for a guest account named after the customer (as a delivery-only request's recipient), paid at
// the door (payment.ts doorPayment: the restaurant's balance into clearing, settled on delivery like
// any order) or by a card over a payment link (payments/pay-link.ts: held until the link is paid). It lands in New on the board, marked as a phone order with the customer's number.
// Delivered by the restaurant's own staff (`delivery`) it is priced with no Nosh delivery fee and
// marked `staffDelivery`, so dispatch never makes it a courier job (dispatch/create.ts); `courier`
// is delivered by a Nosh courier at Nosh's fee, paid by a link (the body's rule: no cash for a courier).

/** Where placeOrder names a field (under `submit.`, the guest's one-line address) and where the phone order's form has it. */
function fieldOf(name: string): string {
  if (name === "submit.deliveryAddress") return "zip";
  if (name === "address" || name === "submit.address") return "street";
  return name.replace(/^submit\./, "");
}

/** placeOrder's refusal, its fields named as the phone order's body names them. */
function renamed(error: unknown): unknown {
  if (!(error instanceof ApiError) || !error.saidErrors) return error;
  const errors = Object.fromEntries(Object.entries(error.saidErrors).map(([name, message]) => [fieldOf(name), message]));
  return new ApiError(error.code, error.said, errors, error.headers, error.extra);
}

/** Places `input` for the staff member `actor` at their restaurant, in the caller's transaction; anyone else's restaurant is a 404. */
/**
 * Paid by a link (docs/architecture/phone-orders.md "Paid by a link"): a card order with no
 * authorization yet, so placement moves no money; the customer pays on the link (payments/pay-link.ts).
 */
const LINK_PAYMENT: OrderPayment = { method: "card", pay: async () => undefined };

export type PhoneOrderPlaced = OrderRow & { payLink?: { url: string; expiresAt: Date; minutes: number } };

export async function placePhoneOrder(sql: PrismaSql, actor: Actor, restaurantId: number, input: PhoneOrderInput, now = new Date()): Promise<PhoneOrderPlaced> {
  const tx = prismaOf(sql);
  await getOwnedRestaurant(actor, restaurantId, tx);
  const delivery = input.fulfilment !== "pickup";
  const staffDelivery = input.fulfilment === "delivery";
  const link = input.payment === "link";
  const note = [input.unit && `Unit ${input.unit}`, input.notes].filter(Boolean).join(" · ") || null;
  const { passwordHash: _unused, ...customer } = await tx.user.create({
    data: { firstName: input.name, guestAccount: true, deliveryInstructions: delivery ? note : null, createdAt: now },
  });
  const submit: SubmitOrderInput = {
    deliveryOption: delivery ? "standard" : "pickup",
    // A tip is the customer's to give at the door.
    tip: 0,
    paymentMethod: link ? "card" : "door",
    ...(staffDelivery && { staffDelivery }),
    ...(delivery && { deliveryAddress: [input.street, input.city, input.state, input.zip].join(", ") }),
  };
  let order: OrderRow;
  try {
    order = await placeOrder(sql, customer, { cart: { restaurantId, items: input.items } }, submit, link ? LINK_PAYMENT : doorPayment(restaurantId, now), now);
  } catch (error) {
    throw renamed(error);
  }
  await tx.order.update({ where: { id: order.id }, data: { phoneOrder: true, customerPhone: input.phone, staffDelivery } });
  await recordOrderAction(tx, actor, restaurantId, order.id, "phone_order", now);
  const payLink = link ? await createPayLink(sql, order.id, now) : undefined;
  return { ...order, phoneOrder: true, customerPhone: input.phone, staffDelivery, ...(payLink && { payLink }) };
}
