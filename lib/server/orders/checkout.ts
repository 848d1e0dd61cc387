import "server-only";
import type { SubmitOrderInput } from "@/lib/validation/checkout";
import type { SessionUser } from "../platform/session-user";
import { cardCheckout, type CardCheckoutAt, type CardQuote } from "../payments/checkout";
import { sqlTransaction, type PrismaSql, type Sql } from "../platform/sql";
import type { OrderRow } from "./include";
import { WALLET_PAYMENT, type OrderPayment } from "./payment";
import { placeOrder, quotePlacement, type OrderSource, type SqlFor } from "./place";

// A checkout's payment, composed once (docs/architecture/payments.md "Authorized at placement"):
// the placement is handed its payment as an argument (place.ts OrderPayment), the wallet or a
// card's authorization, and for a card the total it is authorized for comes from one explicit
// quote before (place.ts quotePlacement). The routes reach it through web/checkout.ts, which adds
// the Idempotency-Key and the promo-code throttle; a domain test or a script calls placePaid.

/**
 * `place` paid as `input` says: with the wallet at once; by card (payments/checkout.ts
 * cardCheckout) once `quote()`'s total is authorized, the authorization voided if `place` is refused.
 */
export function payAndPlace<T>(
  user: SessionUser,
  input: SubmitOrderInput,
  at: CardCheckoutAt,
  quote: () => Promise<CardQuote>,
  place: (payment: OrderPayment) => Promise<T>,
): Promise<T> {
  if (input.paymentMethod === "wallet") return place(WALLET_PAYMENT);
  // Paid at the door is a phone order's, placed by staff (phone-order.ts), never a customer's checkout.
  if (input.paymentMethod === "door") throw new Error("payAndPlace: an order paid at the door is a phone order");
  return cardCheckout(user, input, at, quote, place);
}

/**
 * `source` placed and paid as `input` says, each step in its own transaction (a Prisma one for an
 * Active order): what a route does without its Idempotency-Key or promo-code throttle, for the
 * domain tests and scripts that place orders as customers do.
 */
export function placePaid<S extends OrderSource>(user: SessionUser, source: S, input: SubmitOrderInput, now?: Date): Promise<OrderRow> {
  const inTransaction = <T>(work: (sql: SqlFor<S>) => Promise<T>): Promise<T> =>
    "activeOrderId" in source ? sqlTransaction(work as (sql: PrismaSql) => Promise<T>, { prisma: true }) : sqlTransaction(work as (sql: Sql) => Promise<T>);
  return payAndPlace(
    user,
    input,
    { fields: "cart" in source ? "submit." : "", returnPath: "/checkout" },
    () => inTransaction((sql) => quotePlacement(sql, user, source, input, now)),
    (payment) => inTransaction((sql) => placeOrder(sql, user, source, input, payment, now)),
  );
}
