import "server-only";
import { centsToDollars, formatCents } from "@/lib/shared/money";
import type { ProblemDecisionInput, ProblemReportInput } from "@/lib/validation/problems";
import type { Operator } from "../admin/access";
import { recordAudit } from "../admin/audit";
import { notify } from "../notifications/outbox";
import { config } from "../platform/config";
import { db, type Tx } from "../platform/db";
import { conflict, fieldError, forbidden, isUniqueViolation, notFound } from "../platform/errors";
import { removePicture } from "../platform/pictures";
import { sqlOf, type Sql } from "../platform/sql";
import { getOwnedRestaurant } from "../restaurants/owned";
import type { SessionUser } from "../web/session";
import { AUTO_APPROVALS_PER_30_DAYS, autoApproveLimit, refundOf, type OrderMoney } from "./amounts";
import { loadProblem, OPEN_STATUSES, operatorQueueWhere, problemInclude, problemToJson, type ProblemJson, type ProblemRow, type ProblemStatus } from "./read";
import { planRefund, postRefund } from "./refund";

// "Something wrong with your order?" (issue 40, docs/architecture/problem-reports.md). Every
// change runs in one transaction that first locks the order's row (a no-op UPDATE), so a report
// and a decision on the same order never interleave: what was already refunded is read after the
// lock. A decision is one conditional UPDATE on the report's status (of two approvers, one
// matches) and its refund is a ledger entry keyed by the report (refund.ts): one refund, always.

const HOUR_MS = 3600 * 1000;
export const REPORT_WINDOW_MS = 48 * HOUR_MS;
export const OWNER_WINDOW_MS = 24 * HOUR_MS;
const DAY_MS = 24 * HOUR_MS;

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
} as const;

type Decider = { kind: "auto" } | { kind: "owner"; userId: number } | { kind: "operator"; operator: Operator };

/** Locks the order's row for the rest of the transaction (PostgreSQL; SQLite's write lock is the whole database). Null when there is no such order (of this customer). */
async function lockOrder(sql: Sql, orderId: number, userId?: number): Promise<boolean> {
  const rows = await sql.all(
    `UPDATE "Order" SET "updatedAt" = "updatedAt" WHERE "id" = ?${userId === undefined ? "" : ` AND "userId" = ?`} RETURNING "id"`,
    userId === undefined ? [orderId] : [orderId, userId],
  );
  return rows.length > 0;
}

type OrderForProblems = Omit<OrderMoney, "items"> & {
  id: number;
  userId: number;
  restaurantId: number | null;
  paymentMethod: string | null;
  stage: string | null;
  closedAt: Date | null;
  updatedAt: Date;
  items: { id: number; name: string; priceCents: number; quantity: number }[];
};

async function orderForProblems(tx: Tx, orderId: number): Promise<OrderForProblems | null> {
  const order = await tx.order.findUnique({ where: { id: orderId }, include: { orderItems: { orderBy: { id: "asc" } } } });
  if (!order) return null;
  return { ...order, items: order.orderItems.map((item) => ({ id: item.id, name: item.name, priceCents: item.priceCents, quantity: item.quantity })) };
}

/** What earlier decided reports of the order refunded (by order item and in cents), and whether the order's own refund gave it all back. */
async function refundedBefore(tx: Tx, orderId: number, exceptProblemId?: number) {
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
const deliveredAt = (order: Pick<OrderForProblems, "closedAt" | "updatedAt">) => order.closedAt ?? order.updatedAt;

/** The customer's own order, or a 404 (a stranger cannot tell it exists). Cheap: checked before an upload is read. */
export async function assertOwnOrder(user: Pick<SessionUser, "id">, orderId: number): Promise<void> {
  const order = await db.order.findFirst({ where: { id: orderId, userId: user.id }, select: { id: true } });
  if (!order) throw notFound("Order");
}

/** What the customer's order page needs: the reports, and the items still reportable until when. */
export async function listOrderProblems(user: Pick<SessionUser, "id">, orderId: number, now = new Date()) {
  return db.$transaction(async (tx) => {
    const order = await orderForProblems(tx, orderId);
    if (!order || order.userId !== user.id) throw notFound("Order");
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

/**
 * A customer reports a problem with their delivered order. `photo` is already stored (the
 * profile picture's checks); it is removed again if the report is refused. Small claims are
 * approved at once (and refunded in this transaction); the rest wait for the owner.
 */
export async function submitProblem(
  user: Pick<SessionUser, "id">,
  orderId: number,
  input: ProblemReportInput,
  photo: string | null,
  now = new Date(),
): Promise<ProblemJson> {
  try {
    const id = await db.$transaction(async (tx) => {
      const sql = sqlOf(tx);
      if (!(await lockOrder(sql, orderId, user.id))) throw notFound("Order");
      const order = (await orderForProblems(tx, orderId))!;
      if (order.stage !== "delivered") throw conflict(MESSAGES.notDelivered);
      if (now.getTime() - deliveredAt(order).getTime() > REPORT_WINDOW_MS) throw conflict(MESSAGES.tooLate);
      if (await tx.problemReport.count({ where: { orderId, status: { in: [...OPEN_STATUSES] } } })) throw conflict(MESSAGES.openExists);
      const before = await refundedBefore(tx, orderId);
      if (before.fullyRefunded) throw conflict(MESSAGES.nothingLeft);
      const left = (item: { id: number; quantity: number }) => item.quantity - (before.refundedQuantities.get(item.id) ?? 0);

      const lines: { orderItemId: number; quantity: number; reason: string; note: string | null; amountCents: number }[] = [];
      if (input.reason === "late") {
        for (const item of order.items)
          if (left(item) > 0) lines.push({ orderItemId: item.id, quantity: left(item), reason: "late", note: null, amountCents: item.priceCents * left(item) });
        if (!lines.length) throw conflict(MESSAGES.nothingLeft);
      } else {
        input.lines.forEach((line, index) => {
          const item = order.items.find((candidate) => candidate.id === line.orderItemId);
          if (!item) throw fieldError(`lines.${index}.orderItemId`, "That item is not part of this order");
          const most = left(item);
          if (line.quantity > most)
            throw fieldError(`lines.${index}.quantity`, most === 0 ? `${item.name} was already refunded in full` : `At most ${most} of ${item.name} can be reported`);
          lines.push({ orderItemId: item.id, quantity: line.quantity, reason: line.reason, note: line.note || null, amountCents: item.priceCents * line.quantity });
        });
      }
      const all = new Map(lines.map((line) => [line.orderItemId, line.quantity]));
      const requested = refundOf(order, all, before).refundCents;
      const report = await tx.problemReport.create({
        data: {
          orderId,
          userId: order.userId,
          restaurantId: order.restaurantId,
          late: input.reason === "late",
          photo,
          requestedCents: requested,
          respondBy: new Date(now.getTime() + OWNER_WINDOW_MS),
          createdAt: now,
          lines: { create: lines },
        },
        include: problemInclude,
      });
      const automatic =
        requested > 0 &&
        requested <= autoApproveLimit(order.totalCents, config().supportAutoApproveCents) &&
        (await tx.problemReport.count({ where: { userId: order.userId, decidedBy: "auto", decidedAt: { gte: new Date(now.getTime() - 30 * DAY_MS) } } })) <
          AUTO_APPROVALS_PER_30_DAYS;
      if (automatic) {
        await applyDecision(tx, report, { decision: "approve_all" }, { kind: "auto" }, ["pending"], now);
      } else if (order.restaurantId !== null) {
        await notify(sql, {
          to: { ownerOf: order.restaurantId },
          kind: "owner_problem_reported",
          cause: `problem:${report.id}:reported`,
          payload: { orderId, restaurantId: order.restaurantId, amount: centsToDollars(requested) },
          orderId,
        });
      }
      return report.id;
    });
    return problemToJson((await loadProblem(db, id))!);
  } catch (error) {
    if (photo) await removePicture(photo).catch(() => {});
    if (isUniqueViolation(error)) throw conflict(MESSAGES.openExists);
    throw error;
  }
}

/**
 * The decision itself, in the caller's transaction (the order already locked by the caller or
 * here): the approved quantities, the conditional status UPDATE (only from `from`), the lines, the
 * refund entry and the customer told. Returns the new status.
 */
async function applyDecision(tx: Tx, report: ProblemRow, input: ProblemDecisionInput, decider: Decider, from: readonly string[], now: Date): Promise<ProblemStatus> {
  const sql = sqlOf(tx);
  const order = (await orderForProblems(tx, report.orderId))!;
  const approved = new Map<number, number>(); // ProblemLine id -> quantity
  if (input.decision === "approve_all") for (const line of report.lines) approved.set(line.id, line.quantity);
  if (input.decision === "approve_some") {
    input.lines!.forEach((choice, index) => {
      const line = report.lines.find((candidate) => candidate.id === choice.id);
      if (!line) throw fieldError(`lines.${index}.id`, "That line is not part of this report");
      if (choice.quantity > line.quantity) throw fieldError(`lines.${index}.quantity`, `At most ${line.quantity} can be approved`);
      approved.set(line.id, choice.quantity);
    });
    if (![...approved.values()].some((quantity) => quantity > 0)) throw fieldError("lines", "Approve at least one item, or decline the report");
  }
  const byItem = new Map<number, number>();
  for (const line of report.lines) byItem.set(line.orderItemId, approved.get(line.id) ?? 0);
  const before = await refundedBefore(tx, report.orderId, report.id);
  const refundCents = input.decision === "decline" ? 0 : refundOf(order, byItem, before).refundCents;
  const every = report.lines.every((line) => (approved.get(line.id) ?? 0) === line.quantity);
  const status: ProblemStatus = input.decision === "decline" ? "declined" : every ? "approved" : "partially_approved";
  const plan = await planRefund(sql, order, refundCents, report.late);

  const deciderId = decider.kind === "owner" ? decider.userId : decider.kind === "operator" ? decider.operator.id : null;
  const updated = await sql.all(
    `UPDATE "ProblemReport" SET "status" = ?, "decidedBy" = ?, "deciderId" = ?, "decidedAt" = ?, "declineReason" = ?, "refundCents" = ?, "frontedCents" = ?
     WHERE "id" = ? AND "status" IN (${from.map(() => "?").join(", ")}) RETURNING "id"`,
    [status, decider.kind, deciderId, now, input.decision === "decline" ? input.reason! : null, refundCents, plan.frontedCents, report.id, ...from],
  );
  if (!updated.length) throw conflict(MESSAGES.alreadyDecided);
  for (const line of report.lines) {
    const quantity = approved.get(line.id) ?? 0;
    if (quantity) await tx.problemLine.update({ where: { id: line.id }, data: { approvedQuantity: quantity } });
  }
  const entryId = await postRefund(sql, report.id, report.orderId, plan, now);
  if (entryId !== null) await tx.problemReport.update({ where: { id: report.id }, data: { entryId } });
  if (decider.kind === "operator")
    await recordAudit(tx, decider.operator, {
      action: `problem.${input.decision === "decline" ? "decline" : "approve"}`,
      targetType: "problem",
      targetId: report.id,
      reason: input.reason ?? (input.decision === "approve_all" ? "Approved in full" : "Approved in part"),
      detail: { orderId: report.orderId, status, refundCents, frontedCents: plan.frontedCents, lines: Object.fromEntries(approved) },
    });
  const to = order.paymentMethod === "wallet" ? "your wallet" : "your card";
  const note =
    status === "declined"
      ? "your problem report was declined"
      : `${formatCents(refundCents)} refunded to ${to}${decider.kind === "auto" ? "" : status === "partially_approved" ? " (part of your report)" : ""}`;
  await notify(sql, {
    to: { userId: order.userId },
    kind: "problem_update",
    cause: `problem:${report.id}:${decider.kind}:${status}`,
    payload: { orderId: order.id, note },
    orderId: order.id,
  });
  return status;
}

/** An owner's decision on their restaurant's report, within the 24 hours (others' reports: 404). */
export async function decideAsOwner(
  user: Pick<SessionUser, "id" | "guestAccount">,
  restaurantId: number,
  problemId: number,
  input: ProblemDecisionInput,
  now = new Date(),
): Promise<ProblemJson> {
  await getOwnedRestaurant(user, restaurantId);
  await db.$transaction(async (tx) => {
    const found = await tx.problemReport.findFirst({ where: { id: problemId, restaurantId }, select: { orderId: true } });
    if (!found) throw notFound("Problem report");
    await lockOrder(sqlOf(tx), found.orderId);
    const report = (await loadProblem(tx, problemId))!;
    if (report.status !== "pending") throw conflict(MESSAGES.alreadyDecided);
    if (now >= report.respondBy) throw conflict(MESSAGES.ownerTooLate);
    await applyDecision(tx, report, input, { kind: "owner", userId: user.id }, ["pending"], now);
  });
  return problemToJson((await loadProblem(db, problemId))!);
}

/** An operator's decision on an escalated or appealed report (or one past the owner's 24 hours), recorded in the audit log. */
export async function decideAsOperator(operator: Operator, problemId: number, input: ProblemDecisionInput, now = new Date()): Promise<ProblemJson> {
  await db.$transaction(async (tx) => {
    const found = await tx.problemReport.findUnique({ where: { id: problemId }, select: { orderId: true } });
    if (!found) throw notFound("Problem report");
    await lockOrder(sqlOf(tx), found.orderId);
    const report = (await loadProblem(tx, problemId))!;
    const restaurant = report.restaurantId === null ? null : await tx.restaurant.findUnique({ where: { id: report.restaurantId }, select: { ownerId: true } });
    if (report.order.userId === operator.id || restaurant?.ownerId === operator.id) throw forbidden(MESSAGES.ownCase);
    const waiting = report.status === "escalated" || report.status === "appealed" || (report.status === "pending" && now >= report.respondBy);
    if (!waiting) throw conflict((OPEN_STATUSES as readonly string[]).includes(report.status) ? MESSAGES.notForOperator : MESSAGES.alreadyDecided);
    await applyDecision(tx, report, input, { kind: "operator", operator }, [report.status], now);
  });
  return problemToJson((await loadProblem(db, problemId))!);
}

/** The customer's one appeal of a declined report: it goes to the operators' queue. */
export async function appealProblem(user: Pick<SessionUser, "id">, orderId: number, problemId: number, note: string, now = new Date()): Promise<ProblemJson> {
  const report = await db.problemReport.findFirst({ where: { id: problemId, orderId, userId: user.id }, select: { id: true } });
  if (!report) throw notFound("Problem report");
  const { count } = await db.problemReport.updateMany({
    where: { id: problemId, status: "declined", appealedAt: null },
    data: { status: "appealed", appealedAt: now, appealNote: note },
  });
  if (!count) throw conflict(MESSAGES.appealOnce);
  return problemToJson((await loadProblem(db, problemId))!);
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

/** The sweep: reports the owner left undecided for 24 hours go to the operators. One conditional UPDATE; safe in every process at once. */
export async function escalateOverdueProblems(now = new Date()): Promise<number> {
  const { count } = await db.problemReport.updateMany({ where: { status: "pending", respondBy: { lte: now } }, data: { status: "escalated", escalatedAt: now } });
  return count;
}
