import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { centsToDollars } from "@/lib/shared/money/money";
import type { OperatorDeliveriesQuery } from "@/lib/contract/operators/rules";
import { decideCourierPay } from "../ledger/orders";
import { db } from "../platform/db";
import { conflict, forbidden, notFound } from "../platform/errors";
import { sqlOf } from "../platform/sql";
import { takeOperatorAction } from "../platform/action-limits";
import type { Operator } from "../platform/operator";
import { recordAudit } from "../platform/audit";
import { page, type Page } from "../platform/paging";
import { said } from "@/lib/shared/words/said";
import { flagsOf, type StoredFlag, type StoredReason } from "@/lib/shared/words/stored-texts";
import { failureOf, flagReasonOf } from "../dispatch/job-words";

// Deliveries that need an operator (docs/architecture/stops-and-messages.md "Steps at a stop" and "Failed
// deliveries"): a flagged delivery (a step its courier took away from the stop) whose pay waits
// for a decision, and failed deliveries with the courier's own words (never shown to the customer).

export const OWN_DELIVERY = said("messages.operatorOwnDelivery");
export const NOT_WAITING = said("messages.deliveryPayNotWaiting");

export type OperatorDeliveryJson = {
  id: number;
  orderId: number;
  state: string;
  courier: { id: number; name: string } | null;
  pay: number;
  flaggedAt: string | null;
  flagReason: string | null;
  flags: StoredFlag[] | null;
  payDecision: "approved" | "refused" | null;
  failureReason: string | null;
  failure: StoredReason | null;
  failureNote: string | null;
  closedAt: string | null;
};

const select = {
  id: true,
  orderId: true,
  state: true,
  courierId: true,
  payCents: true,
  flaggedAt: true,
  flags: true,
  flagReason: true,
  payDecision: true,
  failureKey: true,
  failureReason: true,
  failureNote: true,
  closedAt: true,
} satisfies Prisma.DeliveryJobSelect;

/** `flagged` (the default): flagged deliveries, those waiting for a decision first; `failed`: failed deliveries with the courier's note. Newest first. */
export async function listAdminDeliveries(_operator: Operator, query: OperatorDeliveriesQuery): Promise<Page<OperatorDeliveryJson>> {
  const where: Prisma.DeliveryJobWhereInput = query.status === "failed" ? { state: "failed" } : { flaggedAt: { not: null } };
  const rows = await db.deliveryJob.findMany({
    where,
    select,
    orderBy:
      query.status === "failed" ? [{ closedAt: "desc" }, { id: "desc" }] : [{ payDecision: { sort: "asc", nulls: "first" } }, { flaggedAt: "desc" }, { id: "desc" }],
    skip: query.offset,
    take: query.limit + 1,
  });
  const couriers = await db.user.findMany({
    where: { id: { in: rows.flatMap((r) => (r.courierId === null ? [] : [r.courierId])) } },
    select: { id: true, firstName: true, lastName: true },
  });
  const nameOf = new Map(couriers.map((c) => [c.id, [c.firstName, c.lastName].filter(Boolean).join(" ")]));
  return page(
    rows.map((r) => ({
      id: r.id,
      orderId: r.orderId,
      state: r.state,
      courier: r.courierId === null ? null : { id: r.courierId, name: nameOf.get(r.courierId) ?? "" },
      pay: centsToDollars(r.payCents),
      flaggedAt: r.flaggedAt?.toISOString() ?? null,
      // The API's words are English's; a screen writes `flags` and `failure` in its reader's.
      flagReason: flagReasonOf(r),
      flags: flagsOf(r.flags),
      payDecision: r.payDecision as OperatorDeliveryJson["payDecision"],
      ...failureOf(r),
      failureNote: r.failureNote,
      closedAt: r.closedAt?.toISOString() ?? null,
    })),
    query,
  );
}

/**
 * POST /api/admin/deliveries/{id} `{ action: approve|refuse, reason }`: a flagged, delivered job's
 * pay, waiting in clearing, goes to the courier or back to the customer (ledger/orders.ts
 * decideCourierPay, through the ledger's one writer), once: the decision is a conditional update
 * from "waiting", recorded in the audit log in the same transaction. Not flagged, not delivered or
 * already decided: 409. The operator's own delivery or order: 403.
 */
export async function decideDeliveryPay(operator: Operator, jobId: number, input: { action: "approve" | "refuse"; reason: string }, now = new Date()) {
  return db.$transaction(async (tx) => {
    await takeOperatorAction(tx, operator.id, now);
    const job = await tx.deliveryJob.findUnique({ where: { id: jobId }, select: { id: true, orderId: true, userId: true, courierId: true, flaggedAt: true } });
    if (!job?.flaggedAt) throw notFound(said("messages.deliveryNotFound"));
    if (job.courierId === operator.id || job.userId === operator.id) throw forbidden(OWN_DELIVERY);
    const payDecision = input.action === "approve" ? "approved" : "refused";
    const { count } = await tx.deliveryJob.updateMany({
      where: { id: jobId, state: "delivered", flaggedAt: { not: null }, payDecision: null },
      data: { payDecision, payDecidedAt: now },
    });
    if (count !== 1 || job.courierId === null) throw conflict(NOT_WAITING);
    const order = await tx.order.findUniqueOrThrow({ where: { id: job.orderId }, select: { id: true, userId: true, paymentMethod: true } });
    const cents = await decideCourierPay(sqlOf(tx), order, job.courierId, payDecision === "approved", now);
    await recordAudit(tx, operator, {
      action: `delivery.${input.action}`,
      targetType: "delivery",
      targetId: jobId,
      reason: input.reason,
      detail: { orderId: job.orderId, courierId: job.courierId, amountCents: cents },
    });
    return { id: jobId, payDecision, amount: centsToDollars(cents) };
  });
}
