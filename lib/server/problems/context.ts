import "server-only";
import type { ProblemLineReason } from "@/lib/shared/orders/problems";
import { wordsFor } from "@/lib/i18n/translate";
import type { Operator } from "../platform/operator";
import type { Tx } from "../platform/db";
import type { Sql } from "../platform/sql";
import { lockOrderRow, lockUserRow } from "./queries";
import type { OrderMoney } from "./amounts";

// What every change to a problem report shares (docs/architecture/problem-reports.md): its
// windows and messages, the order's lock, the order as the rules read it, and what earlier
// reports of the order claimed and refunded. Every change runs in one transaction that first
// locks the order's row (a no-op UPDATE), so a report and a decision on the same order never
// interleave: what was already claimed is read after the lock.

const HOUR_MS = 3600 * 1000;
export const REPORT_WINDOW_MS = 48 * HOUR_MS;
export const OWNER_WINDOW_MS = 24 * HOUR_MS;
export const DAY_MS = 24 * HOUR_MS;

export const MESSAGES = {
  notDelivered: "A problem can be reported once the order is delivered",
  tooLate: "Problems can be reported up to 48 hours after delivery",
  openExists: "This order already has an open problem report",
  nothingLeft: "Everything in this order was already refunded",
  alreadyDecided: "This report was already decided",
  ownerTooLate: "The 24 hours to decide have passed: Nosh support decides this report now",
  notForOperator: "This report is not waiting for Nosh support",
  ownCase: "Operators cannot decide reports about their own restaurant or their own orders",
  appealOnce: "Only a declined report can be appealed, once",
  lateOnPickup: "A pickup order cannot be late: report what was wrong with its items",
  forSupport: "Nosh support decides this report",
  ownOrder: "You cannot decide a report on an order you placed: Nosh support decides it",
} as const;

/** "Fries was already reported as missing": a line's reason at most once per order, whatever became of the report (appeal a decision instead). */
export const alreadyReported = (name: string, reason: ProblemLineReason) =>
  reason === "late"
    ? "This order was already reported late"
    : `${name} was already reported as ${wordsFor("en", "orderflow").problems.summary.reasons[reason].toLowerCase()}`;

export type Decider = { kind: "auto" } | { kind: "owner"; userId: number } | { kind: "operator"; operator: Operator };

/** Locks the order's row for the rest of the transaction (PostgreSQL; SQLite's write lock is the whole database). False when there is no such order (of this customer). */
export async function lockOrder(sql: Sql, orderId: number, userId?: number): Promise<boolean> {
  return lockOrderRow(sql, orderId, userId);
}

/**
 * Locks the customer's row (a no-op UPDATE) before their automatic approvals are counted, so two
 * reports of one customer on two orders count one after the other (PostgreSQL's READ COMMITTED:
 * the second count runs after the first report committed). Taken after the order's lock, in the
 * order every path takes them (order, then user: a refund to the wallet updates the user's row).
 */
export async function lockCustomer(sql: Sql, userId: number): Promise<void> {
  await lockUserRow(sql, userId);
}

export type OrderForProblems = Omit<OrderMoney, "items"> & {
  id: number;
  userId: number;
  restaurantId: number | null;
  paymentMethod: string | null;
  stage: string | null;
  closedAt: Date | null;
  updatedAt: Date;
  pickup: boolean;
  promisedArrivalBy: Date | null;
  items: { id: number; name: string; priceCents: number; quantity: number }[];
};

export async function orderForProblems(tx: Tx, orderId: number): Promise<OrderForProblems | null> {
  const order = await tx.order.findUnique({ where: { id: orderId }, include: { orderItems: { orderBy: { id: "asc" } } } });
  if (!order) return null;
  return { ...order, items: order.orderItems.map((item) => ({ id: item.id, name: item.name, priceCents: item.priceCents, quantity: item.quantity })) };
}

/** What earlier decided reports of the order refunded (by order item and in cents), and whether the order's own refund gave it all back. */
export async function refundedBefore(tx: Tx, orderId: number, exceptProblemId?: number) {
  const decided = await tx.problemReport.findMany({
    where: { orderId, status: { in: ["approved", "partially_approved"] }, ...(exceptProblemId ? { id: { not: exceptProblemId } } : {}) },
    select: { refundCents: true, lines: { select: { orderItemId: true, approvedQuantity: true } } },
  });
  const refundedQuantities = new Map<number, number>();
  let refundedCents = 0;
  for (const report of decided) {
    refundedCents += report.refundCents;
    for (const line of report.lines) refundedQuantities.set(line.orderItemId, (refundedQuantities.get(line.orderItemId) ?? 0) + line.approvedQuantity);
  }
  const fullyRefunded = (await tx.ledgerEntry.count({ where: { key: `order:${orderId}:refund` } })) > 0;
  return { refundedQuantities, refundedCents, fullyRefunded };
}

/** When the order was delivered (its delivered step sets closedAt). */
export const deliveredAt = (order: Pick<OrderForProblems, "closedAt" | "updatedAt">) => order.closedAt ?? order.updatedAt;

/**
 * Delivered after the end of the window the restaurant's acceptance promised (Order.promisedArrivalBy,
 * stored then): the fact a "late" report is approved at once on. An order without it (accepted
 * before it was stored, or never accepted) is not known to be late: an operator decides.
 */
export const deliveredLate = (order: Pick<OrderForProblems, "closedAt" | "promisedArrivalBy">) =>
  order.closedAt !== null && order.promisedArrivalBy !== null && order.closedAt.getTime() > order.promisedArrivalBy.getTime();
