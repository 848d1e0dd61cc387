import "server-only";
import { centsToDollars } from "@/lib/shared/money/money";
import type { Operator } from "../platform/operator";
import { page, type Page } from "../platform/paging";
import { db } from "../platform/db";
import { notFound } from "../platform/errors";
import { getOwnedRestaurant } from "../team/owned";
import type { SessionUser } from "../platform/session-user";
import { deliveredAt, orderForProblems, refundedBefore, REPORT_WINDOW_MS } from "./context";
import { DECIDED_STATUSES, OPEN_STATUSES, operatorQueueWhere, problemInclude, problemToJson, type ProblemJson, type ProblemRow } from "./read";
import { said } from "@/lib/shared/words/said";

/** What the customer's order page needs: the reports, and the items still reportable until when. */
export async function listOrderProblems(user: Pick<SessionUser, "id">, orderId: number, now = new Date()) {
  return db.$transaction(async (tx) => {
    const order = await orderForProblems(tx, orderId);
    if (!order || order.userId !== user.id) throw notFound(said("messages.orderNotFound"));
    const reports = await tx.problemReport.findMany({ where: { orderId }, include: problemInclude, orderBy: { id: "desc" } });
    const before = await refundedBefore(tx, orderId);
    const until = order.stage === "delivered" ? new Date(deliveredAt(order).getTime() + REPORT_WINDOW_MS) : null;
    const open = reports.some((report) => (OPEN_STATUSES as readonly string[]).includes(report.status));
    return {
      problems: reports.map(problemToJson),
      reportableUntil: until?.toISOString() ?? null,
      canReport: until !== null && now < until && !open && !before.fullyRefunded,
      items: order.items.map((item) => ({
        orderItemId: item.id,
        name: item.name,
        unitPrice: centsToDollars(item.priceCents),
        quantity: item.quantity,
        reportable: Math.max(0, item.quantity - (before.refundedQuantities.get(item.id) ?? 0)),
      })),
    };
  });
}

/** The owner's list: their restaurant's reports, open ones first (`open`: only those). */
export async function listRestaurantProblems(
  user: Pick<SessionUser, "id" | "guestAccount">,
  restaurantId: number,
  options: { open?: boolean } = {},
): Promise<ProblemJson[]> {
  await getOwnedRestaurant(user, restaurantId);
  const rows = await db.problemReport.findMany({
    where: { restaurantId, ...(options.open ? { status: "pending" } : {}) },
    include: problemInclude,
    orderBy: { id: "desc" },
    take: 100,
  });
  const open = (row: ProblemRow) => (row.status === "pending" ? 0 : 1);
  return rows.sort((a, b) => open(a) - open(b)).map(problemToJson);
}

/** The operators' queue: escalated and appealed reports (and pending ones past the owner's 24 hours), oldest first. */
export async function listOperatorProblems(_operator: Operator, now = new Date()): Promise<ProblemJson[]> {
  const rows = await db.problemReport.findMany({ where: operatorQueueWhere(now), include: problemInclude, orderBy: { id: "asc" }, take: 100 });
  return rows.map(problemToJson);
}

/**
 * The operators' history: decided reports (approved, partly approved, declined; by the owner,
 * Nosh support or at once), the latest decided first, a page at a time (`limit + 1` read).
 */
export async function listDecidedProblems(_operator: Operator, query: { limit: number; offset: number }): Promise<Page<ProblemJson>> {
  const rows = await db.problemReport.findMany({
    where: { status: { in: [...DECIDED_STATUSES] } },
    include: problemInclude,
    orderBy: [{ decidedAt: "desc" }, { id: "desc" }],
    skip: query.offset,
    take: query.limit + 1,
  });
  return page(rows.map(problemToJson), query);
}
