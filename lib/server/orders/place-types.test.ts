import { expectTypeOf, it } from "vitest";
import type { SubmitOrderInput } from "@/lib/contract/orders/checkout-rules";
import type { CreateOrderInput } from "@/lib/contract/orders/rules";
import type { SessionUser } from "../platform/session-user";
import type { PrismaSql, Sql } from "../platform/sql";
import type { IdempotentStep } from "../web/idempotency";
import type { checkoutGroup } from "../group-orders/group-checkout";
import type { Tx } from "../platform/db";
import type { OrderPayment } from "./payment";
import type { placeOrder, SqlFor } from "./place";
import type { quoteOrder } from "./quote";

// An Active order's checkout is priced with Prisma (place.ts priceActiveOrder): placing or quoting
// it on a plain Sql, or in an idempotent step without `{ prisma: true }`, does not compile (the
// typecheck reads this file; the function below is never called).
export function checkoutsNeedingPrisma(
  place: typeof placeOrder,
  quote: typeof quoteOrder,
  once: IdempotentStep,
  sql: Sql,
  prisma: PrismaSql,
  user: SessionUser,
  submit: SubmitOrderInput,
  cart: CreateOrderInput,
  pay: OrderPayment,
) {
  // @ts-expect-error: the Active order's source needs a PrismaSql.
  void place(sql, user, { activeOrderId: 1 }, submit, pay);
  void place(prisma, user, { activeOrderId: 1 }, submit, pay);
  void place(sql, user, { cart }, submit, pay);
  // @ts-expect-error: so does the quote of one.
  void quote(sql, user, { activeOrderId: 1 }, submit);
  void quote(sql, user, { cart }, submit);
  // @ts-expect-error: and the quote route's either-source.
  void quote(sql, user, Math.random() ? { cart } : { activeOrderId: 1 }, submit);
  // @ts-expect-error: an idempotent step without { prisma: true } is handed a plain Sql.
  void once(async (step) => ({ status: 200, body: await place(step, user, { activeOrderId: 1 }, submit, pay) }));
  void once(async (step) => ({ status: 200, body: await place(step, user, { activeOrderId: 1 }, submit, pay) }), { prisma: true });
}

// A placement is handed its payment (place.ts OrderPayment: the wallet, or a card's authorization):
// a new way in that forgets it, or hands in the placement's date where the payment goes, does not compile.
export function placementsNeedingTheirPayment(
  place: typeof placeOrder,
  group: typeof checkoutGroup,
  sql: Sql,
  tx: Tx,
  user: SessionUser,
  submit: SubmitOrderInput,
  cart: CreateOrderInput,
  pay: OrderPayment,
) {
  // @ts-expect-error: no payment.
  void place(sql, user, { cart }, submit);
  // @ts-expect-error: the date is not a payment.
  void place(sql, user, { cart }, submit, new Date());
  // @ts-expect-error: nor is nothing.
  void place(sql, user, { cart }, submit, undefined);
  void place(sql, user, { cart }, submit, pay, new Date());
  // @ts-expect-error: a group's checkout is placed with its payment too.
  void group(tx, user, "token", submit);
  void group(tx, user, "token", submit, pay);
}

it("an Active order's source is placed with a PrismaSql, the others with any Sql", () => {
  expectTypeOf<SqlFor<{ activeOrderId: number }>>().toEqualTypeOf<PrismaSql>();
  expectTypeOf<SqlFor<{ activeOrderId: number } | { cart: never }>>().toEqualTypeOf<PrismaSql>();
  expectTypeOf<SqlFor<{ cart: never }>>().toEqualTypeOf<Sql>();
  expectTypeOf(checkoutsNeedingPrisma).toBeFunction();
});

it("a placement's payment is an argument without a default", () => {
  expectTypeOf<Parameters<typeof placeOrder>[4]>().toEqualTypeOf<OrderPayment>();
  expectTypeOf(placementsNeedingTheirPayment).toBeFunction();
});
