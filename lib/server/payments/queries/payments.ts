import "server-only";
import { CARD_OWED, ledgerSum, orderLines } from "../../ledger/queries";
import { sharedAccountSql } from "../../ledger/currency";
import { row, rowOf, type Decoder, type RowOf } from "../../platform/row";
import type { Sql } from "../../platform/sql";
import { DEFAULT_CURRENCY } from "@/lib/shared/currency";

// Nosh's Payment rows in plain SQL (docs/architecture/payments.md), with their one decoder: the
// rows inserted (a checkout's authorization, a held order's fix, a charge's once per intent), read
// (by intent, an order's newest), moved (applyIntent's conditional UPDATE, the link to an order),
// and what the sync and the customer's order payment read beside them.

export type PaymentState = "requires_action" | "authorized" | "captured" | "capture_failed" | "voided" | "failed";

const paymentState: Decoder<PaymentState> = (value, column) => row.text(value, column) as PaymentState;

export const PAYMENT_COLUMNS = `"id", "userId", "orderId", "provider", "intentId", "paymentMethodId", "brand", "last4", "amountCents", "state", "capturedCents", "refundedCents", "failureCode", "createdAt", "updatedAt", "purpose", "currency"`;

export const paymentRow = rowOf({
  id: row.int,
  userId: row.int,
  orderId: row.intOrNull,
  provider: row.text,
  intentId: row.text,
  paymentMethodId: row.intOrNull,
  brand: row.text,
  last4: row.text,
  amountCents: row.int,
  state: paymentState,
  capturedCents: row.int,
  refundedCents: row.int,
  failureCode: row.textOrNull,
  createdAt: row.date,
  updatedAt: row.date,
  /** order | topup (a wallet top-up, payments/top-up.ts) | tip (a tip raised after delivery, orders/tip-raise.ts) | change (a dearer replacement, order-changes/answer.ts): charge.ts PaymentPurpose. */
  purpose: row.text,
  /** What the provider was told (lib/shared/currency.ts): the order's. */
  currency: row.text,
});
export type PaymentRow = RowOf<typeof paymentRow>;

export async function paymentByIntent(sql: Sql, provider: string, intentId: string): Promise<PaymentRow | null> {
  const [found] = await sql.all(`SELECT ${PAYMENT_COLUMNS} FROM "Payment" WHERE "provider" = ? AND "intentId" = ?`, [provider, intentId]);
  return found ? paymentRow(found) : null;
}

/** The order's payment: its newest authorization (a held order fixed with another card has two). */
export async function paymentOfOrder(sql: Sql, orderId: number): Promise<PaymentRow | null> {
  const [found] = await sql.all(`SELECT ${PAYMENT_COLUMNS} FROM "Payment" WHERE "orderId" = ? ORDER BY "id" DESC LIMIT 1`, [orderId]);
  return found ? paymentRow(found) : null;
}

type Card = { id: number | null; brand: string; last4: string };

/**
 * A checkout's authorization, before the provider's answer is applied (requires_action, no failure code).
 * Its times bound, not the column's default: SQLite's CURRENT_TIMESTAMP text sorts before any bound
 * date of the same day, and the orphan sweep (sync.ts) voided a 3-D Secure challenge still open.
 */
export async function insertAuthorization(
  sql: Sql,
  userId: number,
  provider: string,
  intentId: string,
  card: Card,
  amountCents: number,
  currency = DEFAULT_CURRENCY,
): Promise<PaymentRow> {
  const [inserted] = await sql.all(
    `INSERT INTO "Payment" ("userId", "provider", "intentId", "paymentMethodId", "brand", "last4", "amountCents", "state", "failureCode", "createdAt", "updatedAt", "currency") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING ${PAYMENT_COLUMNS}`,
    [userId, provider, intentId, card.id, card.brand, card.last4, amountCents, "requires_action", null, new Date(), new Date(), currency],
  );
  return paymentRow(inserted);
}

/** A held order's new authorization (order-payment.ts) or a pay link's (pay-link.ts), before the provider's answer is applied: as the checkout's. */
export const insertFixAuthorization = insertAuthorization;

/** The intent's row inserted once (`ON CONFLICT DO NOTHING` on the intent), then read: a duplicate's finds the first one's. */
export async function insertPaymentOnce(
  sql: Sql,
  payment: {
    userId: number;
    provider: string;
    intentId: string;
    card: { id: number; brand: string; last4: string };
    amountCents: number;
    state: PaymentState;
    capturedCents: number;
    purpose: string;
    orderChangeId: number | null;
    now: Date;
    currency?: string;
  },
): Promise<PaymentRow> {
  const { card, now } = payment;
  await sql.all(
    `INSERT INTO "Payment" ("userId", "provider", "intentId", "paymentMethodId", "brand", "last4", "amountCents", "state", "capturedCents", "purpose", "orderChangeId", "createdAt", "updatedAt", "currency")
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT ("provider", "intentId") DO NOTHING`,
    [
      payment.userId,
      payment.provider,
      payment.intentId,
      card.id,
      card.brand,
      card.last4,
      payment.amountCents,
      payment.state,
      payment.capturedCents,
      payment.purpose,
      payment.orderChangeId,
      now,
      now,
      payment.currency ?? DEFAULT_CURRENCY,
    ],
  );
  const [found] = await sql.all(`SELECT ${PAYMENT_COLUMNS} FROM "Payment" WHERE "provider" = ? AND "intentId" = ?`, [payment.provider, payment.intentId]);
  return paymentRow(found);
}

/**
 * The provider's report applied by one conditional UPDATE (the row still in the state and
 * refunded amount it was read with): the row after, or null when another report moved it meanwhile.
 */
export async function movePayment(
  sql: Sql,
  current: Pick<PaymentRow, "id" | "state" | "refundedCents">,
  next: { state: PaymentState; capturedCents: number; refundedCents: number; failureCode: string | null },
  now: Date,
): Promise<PaymentRow | null> {
  const [moved] = await sql.all(
    `UPDATE "Payment" SET "state" = ?, "capturedCents" = ?, "refundedCents" = ?, "failureCode" = ?, "updatedAt" = ?
     WHERE "id" = ? AND "state" = ? AND "refundedCents" = ? RETURNING ${PAYMENT_COLUMNS}`,
    [next.state, next.capturedCents, next.refundedCents, next.failureCode, now, current.id, current.state, current.refundedCents],
  );
  return moved ? paymentRow(moved) : null;
}

/** The authorization linked to the order if still unused, authorized and for exactly `totalCents` (the checkout's charge step); false: not linked. */
export async function linkAuthorizedPayment(sql: Sql, paymentId: number, orderId: number, totalCents: number): Promise<boolean> {
  const linked = await sql.all(
    `UPDATE "Payment" SET "orderId" = ? WHERE "id" = ? AND "orderId" IS NULL AND "state" = 'authorized' AND "amountCents" = ? RETURNING "id"`,
    [orderId, paymentId, totalCents],
  );
  return linked.length > 0;
}

/** A held order's new authorization made the order's payment (if no order has it yet). */
export async function linkFixPayment(sql: Sql, paymentId: number, orderId: number): Promise<void> {
  await sql.all(`UPDATE "Payment" SET "orderId" = ? WHERE "id" = ? AND "orderId" IS NULL`, [orderId, paymentId]);
}

const stageRow = rowOf({ stage: row.textOrNull });

/** The order's stage (null: still Active); undefined: no such order. */
export async function orderStage(sql: Sql, orderId: number): Promise<string | null | undefined> {
  const [order] = await sql.all(`SELECT "stage" FROM "Order" WHERE "id" = ?`, [orderId]);
  return order === undefined ? undefined : stageRow(order).stage;
}

const ownOrderRow = rowOf({ totalCents: row.int, paymentMethod: row.textOrNull, stage: row.textOrNull });

/** The customer's own order's total, payment method and stage; undefined: none of theirs. */
export async function ownOrderOf(sql: Sql, orderId: number, userId: number) {
  const [order] = await sql.all(`SELECT "totalCents", "paymentMethod", "stage" FROM "Order" WHERE "id" = ? AND "userId" = ?`, [orderId, userId]);
  return order === undefined ? undefined : ownOrderRow(order);
}

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
 * its later captures refunded (ledger/queries.ts CARD_OWED: a dispute's settled refunds deducted),
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
