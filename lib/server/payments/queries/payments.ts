import "server-only";
import { row, rowOf, type Decoder, type RowOf } from "../../platform/row";
import type { Sql } from "../../platform/sql";
import { DEFAULT_CURRENCY } from "@/lib/shared/money/currency";

// Nosh's Payment rows in plain SQL (docs/architecture/payments.md), with their one decoder: the
// rows inserted (a checkout's authorization, a held order's fix, a charge's once per intent), read
// (by intent, an order's newest), moved (applyIntent's conditional UPDATE, the link to an order),
// and the customer's order payment read beside them (what the sync reads and claims: sync-claims.ts).

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
  /** What the provider was told (lib/shared/money/currency.ts): the order's. */
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
