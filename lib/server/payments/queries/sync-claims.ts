import "server-only";
import { CARD_OWED } from "../../ledger/queries/refunds";
import { ledgerSum, orderLines } from "../../ledger/queries/order-sums";
import { sharedAccountSql } from "../../ledger/currency";
import { row, rowOf } from "../../platform/row";
import type { Sql } from "../../platform/sql";
import { PAYMENT_COLUMNS, paymentRow, type PaymentRow } from "./payments";

// What the payments.sync job and the webhooks read and claim (sync.ts, spill-refund.ts, the held
// orders' fix): the orders to sync, the orphaned authorizations, a webhook event once, a capture's
// later siblings, and the claims that keep two runs off one payment.

/** What a tip's or replacement's entry (key `entryKey`) and its confirmations so far (keys like `confirmedKeys`) leave owed to the card (card-refunds). */
export function cardRefundsOfKeys(sql: Sql, entryKey: string, confirmedKeys: string): Promise<number> {
  return ledgerSum(sql, `${sharedAccountSql("card-refunds")} AND (e."key" = ? OR e."key" LIKE ?)`, [entryKey, confirmedKeys]);
}

const orderIdRow = rowOf({ orderId: row.int });
/** The payment's order's refunds confirmed on its later captures (spill-refund.ts), for the job's query: the order's entries first (orderLines). */
const SPILL_CONFIRMED = `SELECT COALESCE(SUM(l."amountCents"), 0) FROM ${orderLines('p."orderId"')}
  AND e."key" LIKE 'card-refund:%' AND e."key" NOT LIKE 'card-refund:' || p."id" || ':%' AND ${sharedAccountSql("external")}`;

/**
 * The payments.sync job's orders: an authorization waiting for a capture or a void (the order
 * past placed), or a capture the ledger owes its card more than the provider refunded, less what
 * its later captures refunded (ledger/queries/refunds.ts CARD_OWED: a dispute's settled refunds deducted),
 * but one whose refund was refused as disputed (disputes.ts), least recently updated first.
 * Each run reads the live authorizations and the captures of orders with a refund entry
 * (LedgerEntry_kind_orderId_idx), never every capture the marketplace ever took: asked of each
 * capture, the question was the job's whole cost, and it grew with the card orders and the
 * ledger (seconds a run in the dinner rush's city: docs/log/2026-11-28.md).
 */
export async function ordersToSync(sql: Sql, limit: number): Promise<number[]> {
  const rows = await sql.all(
    `SELECT "orderId" FROM (
       SELECT p."orderId", p."updatedAt" FROM "Payment" p JOIN "Order" o ON o."id" = p."orderId" WHERE p."state" = 'authorized' AND o."stage" <> 'placed'
       UNION
       SELECT p."orderId", p."updatedAt" FROM "LedgerEntry" r CROSS JOIN "Payment" p
       WHERE r."kind" = 'refund' AND p."orderId" = r."orderId" AND p."state" = 'captured' AND (p."failureCode" IS NULL OR p."failureCode" <> 'charge_disputed')
         AND p."refundedCents" + (${SPILL_CONFIRMED}) < (SELECT COALESCE(SUM(l."amountCents"), 0) FROM ${orderLines('p."orderId"')} AND ${CARD_OWED})
     ) AS "due" ORDER BY "updatedAt" LIMIT ?`,
    [limit],
  );
  return rows.map((found) => orderIdRow(found).orderId);
}

/** Authorizations no order took, made before `before`. */
export async function orphanedPayments(sql: Sql, before: Date, limit: number): Promise<PaymentRow[]> {
  const rows = await sql.all(
    `SELECT ${PAYMENT_COLUMNS} FROM "Payment" WHERE "orderId" IS NULL AND "state" IN ('authorized', 'requires_action') AND "createdAt" < ? LIMIT ?`,
    [before, limit],
  );
  return rows.map(paymentRow);
}

/** A provider's webhook event claimed by its id: false when it was handled before. */
export async function claimWebhookEvent(sql: Sql, provider: string, eventId: string, type: string, now: Date): Promise<boolean> {
  const claimed = await sql.all(
    `INSERT INTO "WebhookEvent" ("provider", "eventId", "type", "receivedAt") VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING RETURNING "eventId"`,
    [provider, eventId, type, now],
  );
  return claimed.length > 0;
}

const captureKeyRow = rowOf({ key: row.text });

/** The order's captures after its payment (spill-refund.ts): the change and tip payments whose capture entry is the order's, oldest first. */
export async function laterCaptures(sql: Sql, orderId: number): Promise<PaymentRow[]> {
  const keys = (
    await sql.all(`SELECT "key" FROM "LedgerEntry" WHERE "orderId" = ? AND "kind" = 'payment' AND ("key" LIKE 'change:%' OR "key" LIKE 'tip:%')`, [orderId])
  ).map((found) => captureKeyRow(found).key);
  const ids = keys.map((key) => Number(key.slice(key.indexOf(":") + 1))).filter((id) => Number.isSafeInteger(id));
  if (!ids.length) return [];
  const rows = await sql.all(`SELECT ${PAYMENT_COLUMNS} FROM "Payment" WHERE "id" IN (${ids.map(() => "?").join(", ")}) AND "state" = 'captured' ORDER BY "id"`, ids);
  return rows.map(paymentRow).filter((payment) => keys.includes(`${payment.purpose}:${payment.id}`));
}

/** What the ledger has confirmed of a payment's refunds (its `card-refund:{id}:*` entries into external). */
export function confirmedCardRefunds(sql: Sql, paymentId: number): Promise<number> {
  return ledgerSum(sql, `e."key" LIKE ? AND ${sharedAccountSql("external")}`, [`card-refund:${paymentId}:%`]);
}

/**
 * A 3-D Secure authorization brought back to checkout, claimed for one placement: still unused
 * and unclaimed. Once only (never released): of two requests bringing it back, the other is a 409
 * and leaves it alone, where it used to void the authorization the first one's order stood on.
 */
export async function claimAuthorization(sql: Sql, paymentId: number, now: Date): Promise<boolean> {
  const claimed = await sql.all(`UPDATE "Payment" SET "claimedAt" = ? WHERE "id" = ? AND "orderId" IS NULL AND "claimedAt" IS NULL RETURNING "id"`, [now, paymentId]);
  return claimed.length > 0;
}

const claimsRow = rowOf({ claims: row.int });

/**
 * A held order's failed payment claimed by the request paying it with another card, or by the sweep
 * canceling it unpaid (orders/unpaid.ts, never released): still failed, still the order's newest, the
 * order still held (accepted or ready), and not claimed since `staleBefore` (a request that died holding it).
 * The claim's number (the new authorization's idempotency key is made from it), or null: another
 * request is paying it, or it is paid.
 */
export async function claimHeldPayment(sql: Sql, paymentId: number, now: Date, staleBefore: Date): Promise<number | null> {
  const [claimed] = await sql.all(
    `UPDATE "Payment" SET "claimedAt" = ?, "claims" = "claims" + 1
     WHERE "id" = ? AND "state" = 'capture_failed' AND ("claimedAt" IS NULL OR "claimedAt" < ?)
       AND NOT EXISTS (SELECT 1 FROM "Payment" n WHERE n."orderId" = "Payment"."orderId" AND n."id" > "Payment"."id")
       AND EXISTS (SELECT 1 FROM "Order" o WHERE o."id" = "Payment"."orderId" AND o."stage" IN ('accepted', 'ready'))
     RETURNING "claims"`,
    [now, paymentId, staleBefore],
  );
  return claimed ? claimsRow(claimed).claims : null;
}

/** A held payment's claim given back (the other card was declined or needs a challenge): the customer may try again. */
export async function releaseHeldPayment(sql: Sql, paymentId: number, claims: number): Promise<void> {
  await sql.all(`UPDATE "Payment" SET "claimedAt" = NULL WHERE "id" = ? AND "claims" = ?`, [paymentId, claims]);
}

const heldRow = rowOf({ orderId: row.int, updatedAt: row.date });

/** Of `orderIds`, those whose payment (the newest) is a failed capture, with when it failed: the board's "Waiting for payment", the held orders' sweep. */
export async function heldOrders(sql: Sql, orderIds: number[] | null, failedBefore?: Date): Promise<{ orderId: number; updatedAt: Date }[]> {
  if (orderIds?.length === 0) return [];
  const ids = orderIds ? `AND p."orderId" IN (${orderIds.map(() => "?").join(", ")})` : "";
  const before = failedBefore ? `AND p."updatedAt" < ?` : "";
  const rows = await sql.all(
    `SELECT p."orderId", p."updatedAt" FROM "Payment" p
     WHERE p."state" = 'capture_failed' AND p."orderId" IS NOT NULL ${ids} ${before}
       AND NOT EXISTS (SELECT 1 FROM "Payment" n WHERE n."orderId" = p."orderId" AND n."id" > p."id")
     ORDER BY p."updatedAt" LIMIT 100`,
    [...(orderIds ?? []), ...(failedBefore ? [failedBefore] : [])],
  );
  return rows.map(heldRow);
}
