import type { SubmitOrderInput } from "@/lib/contract/orders/checkout-rules";
import type { SessionUser } from "../../platform/session-user";
import { sqlTransaction, type PrismaSql, type Sql } from "../../platform/sql";
import { payAndPlace } from "../pay-and-place";
import type { OrderRow } from "../include";
import { placeOrder, quotePlacement, type OrderSource, type SqlFor } from "../place";

/**
 * `source` placed and paid as `input` says, each step in its own transaction (a Prisma one for an
 * Active order): what a route does without its Idempotency-Key or promo-code throttle, for the
 * domain tests that place orders as customers do.
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
