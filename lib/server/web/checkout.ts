import "server-only";
import type { NextRequest } from "next/server";
import type { SubmitOrderInput } from "@/lib/contract/orders/checkout-rules";
import type { CreateOrderInput } from "@/lib/contract/orders/rules";
import type { SessionUser } from "../platform/session-user";
import { checkoutGroup, quoteGroupCheckout } from "../group-orders/group-checkout";
import { assertCartOpen, claimCart } from "../orders/cart-claim";
import { payAndPlace } from "../orders/pay-and-place";
import type { OrderPayment } from "../orders/payment";
import { locateGuestAddress } from "../orders/destination";
import { placeOrder, quotePlacement } from "../orders/place";
import { orderToJson } from "../orders/to-json";
import { config } from "../platform/config";
import { prismaOf, sqlTransaction, type Sql } from "../platform/sql";
import { withPromoCodeGuard } from "../promotions/guesses";
import { clientAddress } from "./client-address";
import type { Answer, IdempotentStep } from "./idempotency";
import { json } from "./route";

// The three checkouts' one composition (docs/architecture/payments.md "Authorized at placement"):
// the promo-code throttle (promotions/guesses.ts; a group takes no promotion), the payment
// (orders/checkout.ts payAndPlace: the wallet, or a card authorized for the explicit quote's total)
// and the Idempotency-Key (idempotency.ts: a card checkout whose key was answered already replays
// the answer before anything is authorized). A route names its source and nothing else.

/** What is checked out: the cart in the request (POST /api/orders with `submit`), the customer's Active order (PUT /api/orders/{id}/submit), a group (POST /api/group-orders/{token}/checkout). */
export type CheckoutSource = { cart: CreateOrderInput } | { activeOrderId: number; cartId?: string } | { groupToken: string };

/** What a checkout route is handed (handle.ts Call) that the checkout reads. */
export type CheckoutCall = { request: NextRequest; user: SessionUser; idempotent: IdempotentStep };

/** `source` checked out as `input` says, answered as its route answers (201 with the order for a cart, 200 otherwise). */
export async function checkout({ request, user, idempotent }: CheckoutCall, source: CheckoutSource, sent: SubmitOrderInput): Promise<Response> {
  // A guest's address sent without its pin: placed by the geocoder first, outside every transaction.
  const input = await locateGuestAddress(user, sent);
  const { fields, returnPath, quote, place } = stepsOf(user, source, input, idempotent);
  const paid = async (): Promise<Answer> => {
    // An answered key replays its answer: nothing is authorized for it again.
    const replayed = input.paymentMethod === "card" ? await idempotent.replayed() : null;
    return replayed ?? payAndPlace(user, input, { fields, returnPath }, quote, place);
  };
  const answer =
    "groupToken" in source ? await paid() : await withPromoCodeGuard(user.id, clientAddress(request, config().trustProxy), input.promoCode, `${fields}promoCode`, paid);
  return json(answer.body, answer.status);
}

/** A source's quote (the total a card is authorized for) and its placement with the payment, in an idempotent step. */
function stepsOf(user: SessionUser, source: CheckoutSource, input: SubmitOrderInput, once: IdempotentStep) {
  if ("cart" in source) {
    const cart = { cart: source.cart };
    return {
      fields: "submit." as const,
      returnPath: "/checkout",
      quote: () => sqlTransaction((sql) => quotePlacement(sql, user, cart, input)),
      place: (payment: OrderPayment) => once(async (sql) => ({ status: 201, body: orderToJson(await placeOrder(sql, user, cart, input, payment)) })),
    };
  }
  if ("activeOrderId" in source) {
    const active = { activeOrderId: source.activeOrderId };
    // A cart already ordered (from another tab) is told as such before anything is priced or charged.
    const cartOpen = (sql: Sql) => (source.cartId ? assertCartOpen(sql, user.id, source.cartId) : Promise.resolve());
    return {
      fields: "" as const,
      returnPath: "/checkout",
      quote: () =>
        sqlTransaction(
          async (sql) => {
            await cartOpen(sql);
            return quotePlacement(sql, user, active, input);
          },
          { prisma: true },
        ),
      place: (payment: OrderPayment) =>
        once(
          async (sql) => {
            await cartOpen(sql);
            const submitted = await placeOrder(sql, user, active, input, payment);
            if (source.cartId) await claimCart(prismaOf(sql), user.id, source.cartId, submitted.id);
            return { status: 200, body: orderToJson(submitted) };
          },
          { prisma: true },
        ),
    };
  }
  const { groupToken } = source;
  return {
    fields: "" as const,
    returnPath: `/group/${encodeURIComponent(groupToken)}`,
    quote: () => sqlTransaction((sql) => quoteGroupCheckout(prismaOf(sql), user, groupToken, input), { prisma: true }),
    place: (payment: OrderPayment) =>
      once(async (sql) => ({ status: 200, body: await checkoutGroup(prismaOf(sql), user, groupToken, input, payment) }), { prisma: true }),
  };
}
