import "server-only";
import { DEFAULT_CURRENCY, majorIn } from "@/lib/shared/money/currency";
import type { OperatorDisputesQuery, DisputeActionInput, DisputeEvidenceInput } from "@/lib/contract/disputes/rules";
import { db } from "../platform/db";
import { ApiError, conflict, forbidden, notFound } from "../platform/errors";
import { page, type Page } from "../platform/paging";
import { sqlOf, sqlTransaction } from "../platform/sql";
import { takeOperatorAction } from "../platform/action-limits";
import type { Operator } from "../platform/operator";
import { recordAudit } from "../platform/audit";
import { applyDispute, isClosed, postAbsorption } from "../payments/disputes";
import type { DisputeEvidence, DisputeStatus } from "../payments/providers/provider";
import { claimAbsorption, claimEvidence, disputeById, releaseEvidence, type DisputeRow } from "../payments/queries/disputes";
import { providerNamed } from "../payments/providers/select";
import { gatherEvidence } from "./dispute-evidence";
import { disputeQueue } from "./queries";
import { said, word } from "@/lib/shared/words/said";

// The operators' disputes queue (docs/architecture/disputes.md "Disputes"): GET /api/admin/disputes
// (open: needing a response or under review, the soonest due first; closed: won or lost, newest
// first), one dispute with its evidence gathered (/admin/disputes/{id}), and the evidence sent as
// one submission (POST /api/admin/disputes/{id}/evidence): once, whoever presses at once (a
// conditional claim), audited, the provider's answer (under review) applied as its webhook would be.

export const DISPUTE_ERRORS = {
  submitted: "Evidence for this dispute was already submitted",
  closed: "This dispute is closed",
  own: "You cannot act on a dispute of your own restaurant or order",
  provider: "The payment provider did not take the evidence; nothing was submitted. Try again.",
  absorb: "Only an open dispute whose amount was taken from a restaurant, not absorbed yet, can be absorbed",
} as const;

export type DisputeJson = {
  id: number;
  provider: string;
  providerDisputeId: string;
  orderId: number | null;
  restaurant: { id: number; name: string } | null;
  amount: number;
  /** ISO 4217: `amount`'s (the disputed payment's). */
  currency: string;
  reason: string;
  status: DisputeStatus;
  /** Taken from the restaurant's balance (false: not an order's charge, nothing moved). */
  withdrawn: boolean;
  evidenceDueBy: string | null;
  evidenceSubmittedAt: string | null;
  /** When an operator decided Nosh absorbs the amount (the restaurant paid back), else null. */
  absorbedAt: string | null;
  createdAt: string;
  closedAt: string | null;
};

function toJson(row: DisputeRow, { names, currencies }: Lookups): DisputeJson {
  const currency = (row.paymentId !== null && currencies.get(row.paymentId)) || DEFAULT_CURRENCY;
  return {
    id: row.id,
    provider: row.provider,
    providerDisputeId: row.providerDisputeId,
    orderId: row.orderId,
    restaurant: row.restaurantId === null ? null : { id: row.restaurantId, name: names.get(row.restaurantId) ?? "" },
    amount: majorIn(currency)(row.amountCents),
    currency,
    reason: row.reason,
    status: row.status,
    withdrawn: row.account !== null,
    evidenceDueBy: row.evidenceDueBy?.toISOString() ?? null,
    evidenceSubmittedAt: row.evidenceSubmittedAt?.toISOString() ?? null,
    absorbedAt: row.absorbedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    closedAt: row.closedAt?.toISOString() ?? null,
  };
}

type Lookups = { names: ReadonlyMap<number, string>; currencies: ReadonlyMap<number, string> };

/** The disputes' restaurants' names and their payments' currencies. */
async function lookups(rows: readonly DisputeRow[]): Promise<Lookups> {
  const ids = [...new Set(rows.flatMap((row) => (row.restaurantId === null ? [] : [row.restaurantId])))];
  const payments = [...new Set(rows.flatMap((row) => (row.paymentId === null ? [] : [row.paymentId])))];
  const [found, paid] = await Promise.all([
    ids.length ? db.restaurant.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } }) : [],
    payments.length ? db.payment.findMany({ where: { id: { in: payments } }, select: { id: true, currency: true } }) : [],
  ]);
  return { names: new Map(found.map((restaurant) => [restaurant.id, restaurant.name])), currencies: new Map(paid.map((payment) => [payment.id, payment.currency])) };
}

/** GET /api/admin/disputes: one page of the open queue (the soonest due first) or the closed disputes (newest first). */
export async function listDisputes(_operator: Operator, query: OperatorDisputesQuery): Promise<Page<DisputeJson>> {
  const open = query.status !== "closed";
  const rows = await sqlTransaction((sql) => disputeQueue(sql, open, query.limit + 1, query.offset));
  const found = await lookups(rows);
  return page(
    rows.map((row) => toJson(row, found)),
    query,
  );
}

export type DisputeDetailJson = DisputeJson & {
  /** What was submitted, or what would be (gathered now, without the operator's explanation). */
  evidence: DisputeEvidence;
};

async function readDispute(id: number): Promise<DisputeRow> {
  const row = await sqlTransaction((sql) => disputeById(sql, id));
  if (!row) throw notFound(said("messages.notFound", { what: word("dispute") }));
  return row;
}

/** One dispute with its evidence: the submission once sent, else gathered from the order now. */
export async function disputeDetail(_operator: Operator, id: number): Promise<DisputeDetailJson> {
  const row = await readDispute(id);
  const evidence = row.evidence ? (JSON.parse(row.evidence) as DisputeEvidence) : await gatherEvidence(row.orderId, row.paymentId);
  return { ...toJson(row, await lookups([row])), evidence };
}

/** The operator's own restaurant or order: not theirs to defend (403). */
async function refuseOwn(operator: Operator, row: DisputeRow): Promise<void> {
  if (row.orderId === null) return;
  const order = await db.order.findUnique({ where: { id: row.orderId }, select: { userId: true, restaurant: { select: { ownerId: true } } } });
  if (order && (order.userId === operator.id || order.restaurant?.ownerId === operator.id)) throw forbidden(DISPUTE_ERRORS.own);
}

/**
 * POST /api/admin/disputes/{id}/evidence { explanation }: the evidence gathered with the operator's
 * explanation, claimed once (a second press, or another operator's: 409), sent to the provider
 * (keyed by the dispute: a retry is one submission), its answer applied, the audit row written.
 * The provider refusing gives the claim back (a 503: try again).
 */
export async function submitEvidence(operator: Operator, id: number, input: DisputeEvidenceInput, now = new Date()): Promise<DisputeDetailJson> {
  const row = await readDispute(id);
  await refuseOwn(operator, row);
  if (isClosed(row.status)) throw conflict(DISPUTE_ERRORS.closed);
  const evidence = await gatherEvidence(row.orderId, row.paymentId, input.explanation);
  await db.$transaction(async (tx) => {
    await takeOperatorAction(tx, operator.id, now);
    if (!(await claimEvidence(sqlOf(tx), id, operator.id, JSON.stringify(evidence), now))) throw conflict(DISPUTE_ERRORS.submitted);
  });
  let answer;
  try {
    answer = await providerNamed(row.provider).submitDisputeEvidence(row.providerDisputeId, evidence, `dispute:${row.id}:evidence`);
  } catch (error) {
    await sqlTransaction((sql) => releaseEvidence(sql, id, now));
    if (error instanceof ApiError && error.status < 500) throw error;
    throw new ApiError("unavailable", DISPUTE_ERRORS.provider);
  }
  await db.$transaction(async (tx) => {
    await applyDispute(sqlOf(tx), row.provider, answer, now);
    await recordAudit(tx, operator, {
      action: "dispute.evidence",
      targetType: "dispute",
      targetId: id,
      reason: input.explanation,
      detail: { providerDisputeId: row.providerDisputeId, orderId: row.orderId, amountCents: row.amountCents },
    });
  });
  return disputeDetail(operator, id);
}

/**
 * POST /api/admin/disputes/{id} { action: "absorb", reason }: Nosh pays the disputed amount back to
 * the restaurant (payments/disputes.ts postAbsorption), once: the row claimed by one conditional
 * UPDATE (still open, not absorbed, taken from a restaurant; else 409), the entry and the audit row
 * (`dispute.absorb`) in the same transaction. The operator's own restaurant's or order's: 403.
 */
export async function absorbDispute(operator: Operator, id: number, input: DisputeActionInput, now = new Date()): Promise<DisputeDetailJson> {
  const row = await readDispute(id);
  await refuseOwn(operator, row);
  await db.$transaction(async (tx) => {
    await takeOperatorAction(tx, operator.id, now);
    const sql = sqlOf(tx);
    if (!(await claimAbsorption(sql, id, operator.id, now))) throw conflict(DISPUTE_ERRORS.absorb);
    await postAbsorption(sql, (await disputeById(sql, id))!, now);
    await recordAudit(tx, operator, {
      action: "dispute.absorb",
      targetType: "dispute",
      targetId: id,
      reason: input.reason,
      detail: { providerDisputeId: row.providerDisputeId, orderId: row.orderId, restaurantId: row.restaurantId, amountCents: row.amountCents },
    });
  });
  return disputeDetail(operator, id);
}
