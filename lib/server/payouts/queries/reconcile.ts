import "server-only";
import { ledgerSum, orderLedgerSum } from "../../ledger/queries/order-sums";
import { sharedAccountSql } from "../../ledger/currency";
import { row, rowOf, type RowOf } from "../../platform/row";
import type { Sql } from "../../platform/sql";

// The reconciliation's plain SQL (reconcile.ts, docs/architecture/payouts.md "Reconciliation"):
// Nosh's payments and payouts to compare, the ledger's external lines of each, the operators, and
// the issue raised once (by its key); each row shape with its decoder.

/** External in any currency (ledger/currency.ts): each of these reads is of one entry's or order's lines. */
const EXTERNAL = sharedAccountSql("external");

/** What external's lines of the entry keyed `key` sum to (the card's side of a capture: negative). */
export function externalCentsOfKey(sql: Sql, key: string): Promise<number> {
  return ledgerSum(sql, `e."key" = ? AND ${EXTERNAL}`, [key]);
}

/** What card refunds of the order's other payments (its tip's, its replacement's: payments/spill-refund.ts) put on external, past `paymentId`'s own refunds. */
export function externalRefundsSpilled(sql: Sql, orderId: number, paymentId: number): Promise<number> {
  return orderLedgerSum(sql, orderId, `e."key" LIKE 'card-refund:%' AND e."key" NOT LIKE ? AND ${EXTERNAL}`, [`card-refund:${paymentId}:%`]);
}

const captureRefundRow = rowOf({ capture: row.intOrZero, refund: row.intOrZero });

/** A tip's or a replacement's charge (its entry keyed `key`) and what its confirmations (keys like `refundKeys`) gave back, on external. */
export async function externalCaptureAndRefunds(sql: Sql, key: string, refundKeys: string) {
  const [found] = await sql.all(
    `SELECT CAST(SUM(CASE WHEN e."key" = ? THEN -l."amountCents" ELSE 0 END) AS BIGINT) AS "capture", CAST(SUM(CASE WHEN e."key" LIKE ? THEN l."amountCents" ELSE 0 END) AS BIGINT) AS "refund"
     FROM "LedgerLine" l JOIN "LedgerEntry" e ON e."id" = l."entryId" WHERE (e."key" = ? OR e."key" LIKE ?) AND ${EXTERNAL}`,
    [key, refundKeys, key, refundKeys],
  );
  return found === undefined ? { capture: 0, refund: 0 } : captureRefundRow(found);
}

const paymentRow = rowOf({ id: row.int, intentId: row.text, orderId: row.intOrNull, userId: row.int, state: row.text, purpose: row.text, updatedAt: row.date });
export type ReconciledPayment = RowOf<typeof paymentRow>;

/** The provider's payments changed since `since`, or named by the provider's records (`intentIds`). */
export async function paymentsToReconcile(sql: Sql, provider: string, since: Date, intentIds: readonly string[]): Promise<ReconciledPayment[]> {
  const rows = await sql.all(
    `SELECT "id", "intentId", "orderId", "userId", "state", "purpose", "updatedAt" FROM "Payment" WHERE "provider" = ? AND ("updatedAt" >= ? OR "intentId" IN (${intentIds.map(() => "?").join(", ") || "NULL"}))`,
    [provider, since, ...intentIds],
  );
  return rows.map(paymentRow);
}

const payoutRow = rowOf({ id: row.int, providerPayoutId: row.textOrNull, createdAt: row.date, paidAt: row.dateOrNull, failedAt: row.dateOrNull, cents: row.intOrZero });

/** The provider's payouts made, paid or failed since `since`, or named by its records (`payoutIds`), each with what external took when it was paid. */
export async function payoutsToReconcile(sql: Sql, provider: string, since: Date, payoutIds: readonly string[]) {
  const rows = await sql.all(
    `SELECT p."id", p."providerPayoutId", p."createdAt", p."paidAt", p."failedAt",
       (SELECT CAST(SUM(l."amountCents") AS BIGINT) FROM "LedgerLine" l JOIN "LedgerEntry" e ON e."id" = l."entryId" WHERE e."key" = 'payout:' || p."id" || ':paid' AND ${EXTERNAL}) AS "cents"
     FROM "Payout" p WHERE p."provider" = ? AND (p."createdAt" >= ? OR p."paidAt" >= ? OR p."failedAt" >= ? OR p."providerPayoutId" IN (${payoutIds.map(() => "?").join(", ") || "NULL"}))`,
    [provider, since, since, since, ...payoutIds],
  );
  return rows.map(payoutRow);
}

const idRow = rowOf({ id: row.int });

/** Every operator's user id. */
export async function operatorIds(sql: Sql): Promise<number[]> {
  return (await sql.all(`SELECT "id" FROM "User" WHERE "operator" = true`)).map((found) => idRow(found).id);
}

/** The difference recorded under its key: its id, or undefined when it was raised before. */
export async function insertIssue(
  sql: Sql,
  issue: { key: string; kind: string; objectId: string; providerCents: number; ledgerCents: number },
  now: Date,
): Promise<number | undefined> {
  const [inserted] = await sql.all(
    `INSERT INTO "ReconciliationIssue" ("key", "kind", "objectId", "providerCents", "ledgerCents", "createdAt") VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING RETURNING "id"`,
    [issue.key, issue.kind, issue.objectId, issue.providerCents, issue.ledgerCents, now],
  );
  return inserted === undefined ? undefined : idRow(inserted).id;
}
