import "server-only";
import { planRefund, postPartialRefund, type RefundPlan } from "../ledger/refund";
import type { Sql } from "../platform/sql";

// A problem report's refund: one ledger entry keyed `problem:{id}:refund`, so approving twice
// moves money once. What it takes from whom is the ledger's one refund planner
// (lib/server/ledger/refund.ts): the items from the restaurant, their service fee from the
// platform, the delivery and priority fees from whoever delivered them, a late delivery from the
// platform, never more from a party than it earned on the order (a party already paid out goes
// below zero: clawed back from its later earnings); what is beyond every share the platform pays
// (the report's `frontedCents`).

export type { RefundPlan };

/** The refund of `items`, their `serviceFee` and `tax`, and `fees` (cents) of a delivered order to its customer. */
export function planProblemRefund(
  sql: Sql,
  order: { id: number; userId: number; paymentMethod: string | null; restaurantId: number | null },
  parts: { items: number; serviceFee: number; fees: number; tax?: number },
  platformLiable: boolean,
  itemsFrom: "restaurant" | "courier" = "restaurant",
): Promise<RefundPlan> {
  return planRefund(sql, order.id, { order, items: parts.items, serviceFee: parts.serviceFee, fees: parts.fees, tax: parts.tax ?? 0, platformLiable, itemsFrom });
}

/** Posts the refund (a second post of the same report moves nothing and returns null). */
export async function postRefund(sql: Sql, problemId: number, orderId: number, plan: RefundPlan, now: Date): Promise<number | null> {
  const posted = await postPartialRefund(sql, `problem:${problemId}:refund`, orderId, plan, now);
  return posted?.entryId ?? null;
}
