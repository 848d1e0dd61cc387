import "server-only";
import { row, rowOf } from "../../platform/row";
import type { Sql } from "../../platform/sql";
import { sharedAccountSql } from "../currency";
import { orderLines, sumRow } from "./order-sums";

// What an order's refunds and disputes read (refundable.ts, refund.ts, orders.ts, tax.ts): the card's
// side of its lines, its refund entries, each account's share, its tax (docs/architecture/ledger.md).

/**
 * A refund entry that is not a provider's confirmation of a card refund (card-refunds to external,
 * key "card-refund:{paymentId}:{refunded}", payments/state.ts): the confirmations move money the
 * refunds already owed, so the customer's refunds are the others.
 */
export const NOT_CONFIRMATION = `(e."key" IS NULL OR e."key" NOT LIKE 'card-refund:%')`;

/** A line on the card's side: card-refunds or external, in any currency. */
export const CARD_SIDE = `(${sharedAccountSql("card-refunds")} OR ${sharedAccountSql("external")})`;

/** A refund's credit owed to the card (card-refunds; external's, for refunds posted before card-refunds existed). */
const REFUND_OWED = `(e."kind" = 'refund' AND ${NOT_CONFIRMATION} AND ${CARD_SIDE} AND l."amountCents" > 0)`;
/** A dispute's card-refunds line: owed refunds its bank returned instead (-), owed again when it is won (+) (payments/disputes.ts). */
const DISPUTE_SETTLED = `(e."kind" = 'dispute' AND ${sharedAccountSql("card-refunds")})`;
/** What the order's refunds owe its card through the provider: their credits, less what a dispute settled. */
export const CARD_OWED = `(${REFUND_OWED} OR ${DISPUTE_SETTLED})`;

const EXTERNAL = sharedAccountSql("external");
const roomRow = rowOf({ paid: row.intOrZero, owed: row.intOrZero, disputed: row.intOrZero, settled: row.intOrZero, disputeAccount: row.textOrNull });

/**
 * The card side of an order (ledger/refundable.ts): what its card captures paid (`payment`
 * entries' external lines), what its refunds owed the card, what its disputes took back through
 * the bank (their external lines; an absorption is Nosh's own money, not the card's), the owed
 * refunds they settled, and the account that answered for a dispute.
 */
export async function cardRoomFacts(sql: Sql, orderId: number) {
  const sum = (when: string, value = `l."amountCents"`) => `CAST(SUM(CASE WHEN ${when} THEN ${value} ELSE 0 END) AS BIGINT)`;
  const [found] = await sql.all(
    `SELECT ${sum(`e."kind" = 'payment' AND ${EXTERNAL}`, `-l."amountCents"`)} AS "paid", ${sum(REFUND_OWED)} AS "owed",
       ${sum(`e."kind" = 'dispute' AND e."key" NOT LIKE '%:absorbed' AND ${EXTERNAL}`)} AS "disputed", ${sum(DISPUTE_SETTLED)} AS "settled",
       MIN(CASE WHEN e."kind" = 'dispute' AND e."key" LIKE '%:withdrawn' AND l."amountCents" < 0 AND NOT ${CARD_SIDE} THEN l."account" END) AS "disputeAccount"
     FROM ${orderLines("?")}`,
    [orderId],
  );
  return roomRow(found ?? {});
}

/** Locks the order's row for the rest of the transaction (a no-op UPDATE): its refunds and disputes move its money one at a time. */
export async function lockOrderMoney(sql: Sql, orderId: number): Promise<void> {
  await sql.all(`UPDATE "Order" SET "updatedAt" = "updatedAt" WHERE "id" = ? RETURNING "id"`, [orderId]);
}

const refundRow = rowOf({ key: row.textOrNull, createdAt: row.date, problemId: row.intOrNull, refundCents: row.intOrZero, cents: row.intOrZero, card: row.intOrZero });

/** The order's refund entries (not confirmations), oldest first: the payers' lines of each (`payers`), the card's, the problem report's refund. */
export async function refundEntries(sql: Sql, orderId: number, payers: readonly [string, string, string, string]) {
  const rows = await sql.all(
    `SELECT e."key", e."createdAt", p."id" AS "problemId", p."refundCents",
       (SELECT CAST(SUM(l."amountCents") AS BIGINT) FROM "LedgerLine" l WHERE l."entryId" = e."id" AND l."account" IN (?, ?, ?, ?) AND l."amountCents" > 0) AS "cents",
       (SELECT CAST(SUM(l."amountCents") AS BIGINT) FROM "LedgerLine" l WHERE l."entryId" = e."id" AND ${CARD_SIDE} AND l."amountCents" > 0) AS "card"
     FROM "LedgerEntry" e
     LEFT JOIN "ProblemReport" p ON p."entryId" = e."id"
     WHERE e."orderId" = ? AND e."kind" = 'refund' AND ${NOT_CONFIRMATION}
     ORDER BY e."id"`,
    [...payers, orderId],
  );
  return rows.map(refundRow);
}

/** What the provider confirmed it refunded of the order's card payments. */
export async function cardRefundedCents(sql: Sql, orderId: number): Promise<number> {
  const [found] = await sql.all(`SELECT CAST(SUM("refundedCents") AS BIGINT) AS "cents" FROM "Payment" WHERE "orderId" = ?`, [orderId]);
  return found === undefined ? 0 : sumRow(found).cents;
}

const shareRow = rowOf({ account: row.text, cents: row.int, currency: row.text });

/** What each account holds of the order: the sum of its lines on the order's entries (all in the order's currency). */
export async function orderShareRows(sql: Sql, orderId: number) {
  const rows = await sql.all(
    `SELECT l."account", CAST(SUM(l."amountCents") AS BIGINT) AS "cents", MIN(e."currency") AS "currency" FROM ${orderLines("?")} GROUP BY l."account"`,
    [orderId],
  );
  return rows.map(shareRow);
}

const taxRow = rowOf({ taxCents: row.int, taxRateMilliPercent: row.intOrNull, taxesFees: row.bool, given: row.intOrZero });

/** The order's tax, its rate, whether it taxed the fees, and what refunds took from `taxAccount` (negative); undefined: no order. */
export async function orderTaxFacts(sql: Sql, orderId: number, taxAccount: string) {
  const [found] = await sql.all(
    `SELECT o."taxCents", o."taxRateMilliPercent", o."taxesFees",
       (SELECT CAST(SUM(l."amountCents") AS BIGINT) FROM ${orderLines('o."id"')} AND e."kind" = 'refund' AND (l."account" = ? OR l."account" = CAST(? AS TEXT) || ':' || o."currency")) AS "given"
     FROM "Order" o WHERE o."id" = ?`,
    [taxAccount, taxAccount, orderId],
  );
  return found === undefined ? undefined : taxRow(found);
}
