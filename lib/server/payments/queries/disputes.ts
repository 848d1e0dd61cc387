import "server-only";
import { sharedAccountSql } from "../../ledger/currency";
import { ledgerSum } from "../../ledger/queries/order-sums";
import { row, rowOf, type Decoder, type RowOf } from "../../platform/row";
import type { Sql } from "../../platform/sql";
import type { DisputeStatus } from "../providers/provider";

// Nosh's Dispute rows in plain SQL (payments/disputes.ts, operators/disputes.ts): inserted once per
// provider dispute, moved forward by one conditional UPDATE, claimed for an evidence submission.

const status: Decoder<DisputeStatus> = (value, column) => row.text(value, column) as DisputeStatus;

export const DISPUTE_COLUMNS = `d."id", d."provider", d."providerDisputeId", d."intentId", d."paymentId", d."orderId", d."restaurantId", d."account", d."amountCents", d."reason",
  d."status", d."evidenceDueBy", d."evidence", d."evidenceSubmittedAt", d."evidenceSubmittedById", d."absorbedAt", d."createdAt", d."closedAt"`;

export const disputeRow = rowOf({
  id: row.int,
  provider: row.text,
  providerDisputeId: row.text,
  intentId: row.text,
  paymentId: row.intOrNull,
  orderId: row.intOrNull,
  restaurantId: row.intOrNull,
  account: row.textOrNull,
  amountCents: row.int,
  reason: row.text,
  status,
  evidenceDueBy: row.dateOrNull,
  evidence: row.textOrNull,
  evidenceSubmittedAt: row.dateOrNull,
  evidenceSubmittedById: row.intOrNull,
  absorbedAt: row.dateOrNull,
  createdAt: row.date,
  closedAt: row.dateOrNull,
});
export type DisputeRow = RowOf<typeof disputeRow>;

export async function disputeById(sql: Sql, id: number): Promise<DisputeRow | null> {
  const [found] = await sql.all(`SELECT ${DISPUTE_COLUMNS} FROM "Dispute" d WHERE d."id" = ?`, [id]);
  return found ? disputeRow(found) : null;
}

export async function disputeOfProvider(sql: Sql, provider: string, providerDisputeId: string): Promise<DisputeRow | null> {
  const [found] = await sql.all(`SELECT ${DISPUTE_COLUMNS} FROM "Dispute" d WHERE d."provider" = ? AND d."providerDisputeId" = ?`, [provider, providerDisputeId]);
  return found ? disputeRow(found) : null;
}

/** The dispute's row written once (its provider id is unique: a second delivery, or a racing one, writes nothing). */
export async function insertDispute(
  sql: Sql,
  dispute: {
    provider: string;
    providerDisputeId: string;
    intentId: string;
    paymentId: number | null;
    orderId: number | null;
    restaurantId: number | null;
    account: string | null;
    amountCents: number;
    reason: string;
    status: DisputeStatus;
    evidenceDueBy: Date | null;
  },
  now: Date,
): Promise<void> {
  await sql.all(
    `INSERT INTO "Dispute" ("provider", "providerDisputeId", "intentId", "paymentId", "orderId", "restaurantId", "account", "amountCents", "reason", "status", "evidenceDueBy", "createdAt", "updatedAt", "closedAt")
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
    [
      dispute.provider,
      dispute.providerDisputeId,
      dispute.intentId,
      dispute.paymentId,
      dispute.orderId,
      dispute.restaurantId,
      dispute.account,
      dispute.amountCents,
      dispute.reason,
      dispute.status,
      dispute.evidenceDueBy,
      now,
      now,
      dispute.status === "won" || dispute.status === "lost" ? now : null,
    ],
  );
}

/** The status moved from `from` to `to` (one conditional UPDATE): false when another move came first. */
export async function moveDisputeStatus(sql: Sql, id: number, from: DisputeStatus, to: DisputeStatus, now: Date): Promise<boolean> {
  const closed = to === "won" || to === "lost";
  const rows = await sql.all(`UPDATE "Dispute" SET "status" = ?, "updatedAt" = ?, "closedAt" = ? WHERE "id" = ? AND "status" = ? RETURNING "id"`, [
    to,
    now,
    closed ? now : null,
    id,
    from,
  ]);
  return rows.length > 0;
}

/** The order's own mark ("Disputed" on its pages): the newest status of its dispute. */
export async function markOrderDisputed(sql: Sql, orderId: number, value: DisputeStatus): Promise<void> {
  await sql.all(`UPDATE "Order" SET "disputeStatus" = ? WHERE "id" = ?`, [value, orderId]);
}

const orderRestaurantRow = rowOf({ restaurantId: row.intOrNull });

/** The restaurant of an order (null: deleted since, or no such order). */
export async function restaurantOfOrder(sql: Sql, orderId: number): Promise<number | null> {
  const [found] = await sql.all(`SELECT "restaurantId" FROM "Order" WHERE "id" = ?`, [orderId]);
  return found ? orderRestaurantRow(found).restaurantId : null;
}

/** One submission claimed (still needing a response, none submitted): false when another operator's came first. */
export async function claimEvidence(sql: Sql, id: number, operatorId: number, evidence: string, now: Date): Promise<boolean> {
  const rows = await sql.all(
    `UPDATE "Dispute" SET "evidence" = ?, "evidenceSubmittedAt" = ?, "evidenceSubmittedById" = ?, "updatedAt" = ?
     WHERE "id" = ? AND "status" = 'needs_response' AND "evidenceSubmittedAt" IS NULL RETURNING "id"`,
    [evidence, now, operatorId, now, id],
  );
  return rows.length > 0;
}

/** A claim given back: the provider did not take the evidence (it can be sent again). */
export async function releaseEvidence(sql: Sql, id: number, submittedAt: Date): Promise<void> {
  await sql.all(`UPDATE "Dispute" SET "evidenceSubmittedAt" = NULL, "evidenceSubmittedById" = NULL WHERE "id" = ? AND "evidenceSubmittedAt" = ?`, [id, submittedAt]);
}

/** The order's newest dispute (a charge is disputed once; a second card's charge could be too). */
export async function disputeOfOrder(sql: Sql, orderId: number): Promise<DisputeRow | null> {
  const [found] = await sql.all(`SELECT ${DISPUTE_COLUMNS} FROM "Dispute" d WHERE d."orderId" = ? ORDER BY d."id" DESC LIMIT 1`, [orderId]);
  return found ? disputeRow(found) : null;
}

/** The operator's decision that Nosh absorbs the amount, claimed once (one conditional UPDATE: still open, not absorbed): false otherwise. */
export async function claimAbsorption(sql: Sql, id: number, operatorId: number, now: Date): Promise<boolean> {
  const rows = await sql.all(
    `UPDATE "Dispute" SET "absorbedAt" = ?, "absorbedById" = ?, "updatedAt" = ?
     WHERE "id" = ? AND "status" IN ('needs_response', 'under_review') AND "absorbedAt" IS NULL AND "account" IS NOT NULL RETURNING "id"`,
    [now, operatorId, now, id],
  );
  return rows.length > 0;
}

/** What a dispute's withdrawal took (its external line) and how much of it were owed refunds the bank returned instead (its card-refunds line, as a positive amount). */
export async function withdrawnParts(sql: Sql, id: number): Promise<{ withdrawn: number; settled: number }> {
  const key = `dispute:${id}:withdrawn`;
  const withdrawn = await ledgerSum(sql, `e."key" = ? AND ${sharedAccountSql("external")}`, [key]);
  const settled = -(await ledgerSum(sql, `e."key" = ? AND ${sharedAccountSql("card-refunds")}`, [key]));
  return { withdrawn, settled };
}

/** Why the provider refused to refund a captured payment (Stripe's `charge_disputed`), recorded on it: the sync asks no more (ordersToSync) until its dispute closes. */
export const REFUND_REFUSED = "charge_disputed";

/** The refusal recorded on the captured payment (its failure code). */
export async function markRefundRefused(sql: Sql, paymentId: number, now: Date): Promise<void> {
  await sql.all(`UPDATE "Payment" SET "failureCode" = ?, "updatedAt" = ? WHERE "id" = ? AND "state" = 'captured'`, [REFUND_REFUSED, now, paymentId]);
}

/** The refusal lifted: the dispute closed, refunds are taken again. */
export async function liftRefundRefusal(sql: Sql, paymentId: number): Promise<void> {
  await sql.all(`UPDATE "Payment" SET "failureCode" = NULL WHERE "id" = ? AND "failureCode" = ?`, [paymentId, REFUND_REFUSED]);
}
