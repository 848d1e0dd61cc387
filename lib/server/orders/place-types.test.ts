import { expectTypeOf, it } from "vitest";
import type { SubmitOrderInput } from "@/lib/validation/checkout";
import type { CreateOrderInput } from "@/lib/validation/orders";
import type { SessionUser } from "../accounts/session-user";
import type { PrismaSql, Sql } from "../platform/sql";
import type { IdempotentStep } from "../web/idempotency";
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
) {
  // @ts-expect-error: the Active order's source needs a PrismaSql.
  void place(sql, user, { activeOrderId: 1 }, submit);
  void place(prisma, user, { activeOrderId: 1 }, submit);
  void place(sql, user, { cart }, submit);
  // @ts-expect-error: so does the quote of one.
  void quote(sql, user, { activeOrderId: 1 }, submit);
  void quote(sql, user, { cart }, submit);
  // @ts-expect-error: and the quote route's either-source.
  void quote(sql, user, Math.random() ? { cart } : { activeOrderId: 1 }, submit);
  // @ts-expect-error: an idempotent step without { prisma: true } is handed a plain Sql.
  void once(async (step) => ({ status: 200, body: await place(step, user, { activeOrderId: 1 }, submit) }));
  void once(async (step) => ({ status: 200, body: await place(step, user, { activeOrderId: 1 }, submit) }), { prisma: true });
}

it("an Active order's source is placed with a PrismaSql, the others with any Sql", () => {
  expectTypeOf<SqlFor<{ activeOrderId: number }>>().toEqualTypeOf<PrismaSql>();
  expectTypeOf<SqlFor<{ activeOrderId: number } | { cart: never }>>().toEqualTypeOf<PrismaSql>();
  expectTypeOf<SqlFor<{ cart: never }>>().toEqualTypeOf<Sql>();
  expectTypeOf(checkoutsNeedingPrisma).toBeFunction();
});
