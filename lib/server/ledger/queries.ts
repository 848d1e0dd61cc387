import "server-only";
import { row, rowOf, type Decoder } from "../platform/row";
import type { Sql } from "../platform/sql";
import type { OrderMoney } from "./split";
import { sharedAccountSql } from "./currency";

// The ledger's plain SQL (docs/architecture/ledger.md), each row shape with its decoder: the one
// writer's statements (post.ts: the entry, the balances, the lines, a wallet's statement row), the
// order's sums the settlement, the refund planner and the receipt read, and the invariants' check.

/** A sum that is NULL over no rows reads as 0. */
const cents: Decoder<number> = (value, column) => row.intOrNull(value, column) ?? 0;

// post.ts

/**
 * The entry (its key posted once: null when it was already, nothing written), with its currency:
 * `currency` if given, else its order's, else its payout's, else USD (ledger/currency.ts), in the same one statement.
 */
export async function insertEntry(
  sql: Sql,
  entry: { kind: string; key: string | null; orderId: number | null; payoutId: number | null; createdAt: Date; currency: string | null },
): Promise<{ id: number; currency: string } | null> {
  const currency = `COALESCE(?, (SELECT "currency" FROM "Order" WHERE "id" = ?), (SELECT "currency" FROM "Payout" WHERE "id" = ?), 'USD')`;
  const [inserted] = await sql.all(
    `INSERT INTO "LedgerEntry" ("kind", "key", "orderId", "payoutId", "createdAt", "currency") VALUES (?, ?, ?, ?, ?, ${currency})${
      entry.key === null ? "" : ` ON CONFLICT ("key") DO NOTHING`
    } RETURNING "id", "currency"`,
    [entry.kind, entry.key, entry.orderId, entry.payoutId, entry.createdAt, entry.currency, entry.orderId, entry.payoutId],
  );
  return inserted === undefined ? null : entryRow(inserted);
}
const entryRow = rowOf({ id: row.int, currency: row.text });

/** The entry's lines, in one INSERT. */
export async function insertLines(sql: Sql, entryId: number, lines: readonly { account: string; amountCents: number }[]): Promise<void> {
  await sql.all(
    `INSERT INTO "LedgerLine" ("entryId", "account", "amountCents") VALUES ${lines.map(() => "(?, ?, ?)").join(", ")}`,
    lines.flatMap((line) => [entryId, line.account, line.amountCents]),
  );
}

const balanceRow = rowOf({ balanceCents: row.int });

/**
 * A debit that may not overdraw: one statement (UPDATE ... RETURNING), the condition (at least
 * `atLeast` held) and the new balance together. The balance after, or null (refused, nothing moved).
 */
export async function debitAccount(sql: Sql, id: string, amountCents: number, atLeast: number, now: Date): Promise<number | null> {
  const [moved] = await sql.all(
    `UPDATE "LedgerAccount" SET "balanceCents" = "balanceCents" + ?, "updatedAt" = ? WHERE "id" = ? AND "balanceCents" >= ? RETURNING "balanceCents"`,
    [amountCents, now, id, atLeast],
  );
  return moved === undefined ? null : balanceRow(moved).balanceCents;
}

/** A credit (or a debit that may go below zero): the account is created by its first line. The balance after. */
export async function creditAccount(sql: Sql, id: string, kind: string, amountCents: number, now: Date, currency: string): Promise<number> {
  const [moved] = await sql.all(
    `INSERT INTO "LedgerAccount" ("id", "kind", "balanceCents", "updatedAt", "currency") VALUES (?, ?, ?, ?, ?)
       ON CONFLICT ("id") DO UPDATE SET "balanceCents" = "LedgerAccount"."balanceCents" + excluded."balanceCents", "updatedAt" = excluded."updatedAt" RETURNING "balanceCents"`,
    [id, kind, amountCents, now, currency],
  );
  return balanceRow(moved).balanceCents;
}

const movedRow = rowOf({ id: row.text, balanceCents: row.int });

/** Several credits (creditAccount's) in one statement, the accounts distinct; each balance after, by account. */
export async function creditAccounts(
  sql: Sql,
  lines: readonly { id: string; kind: string; amountCents: number }[],
  now: Date,
  currency: string,
): Promise<Map<string, number>> {
  const moved = await sql.all(
    `INSERT INTO "LedgerAccount" ("id", "kind", "balanceCents", "updatedAt", "currency") VALUES ${lines.map(() => "(?, ?, ?, ?, ?)").join(", ")}
       ON CONFLICT ("id") DO UPDATE SET "balanceCents" = "LedgerAccount"."balanceCents" + excluded."balanceCents", "updatedAt" = excluded."updatedAt" RETURNING "id", "balanceCents"`,
    lines.flatMap((line) => [line.id, line.kind, line.amountCents, now, currency]),
  );
  return new Map(moved.map((found) => [movedRow(found).id, movedRow(found).balanceCents]));
}

/** A wallet's statement row in `currency`: its balance after is `balance` plus the wallet's other account in that currency (`other`). */
export async function insertWalletTransaction(
  sql: Sql,
  line: { userId: number; kind: string; amountCents: number; balance: number; other: string; orderId: number | null; createdAt: Date; entryId: number; currency: string },
): Promise<void> {
  await sql.all(
    `INSERT INTO "WalletTransaction" ("userId", "kind", "amountCents", "balanceAfterCents", "orderId", "createdAt", "entryId", "currency")
       VALUES (?, ?, ?, ? + COALESCE((SELECT "balanceCents" FROM "LedgerAccount" WHERE "id" = ?), 0), ?, ?, ?, ?)`,
    [line.userId, line.kind, line.amountCents, line.balance, line.other, line.orderId, line.createdAt, line.entryId, line.currency],
  );
}

/** An account's balance; 0 for an account with no lines yet. */
export async function accountBalance(sql: Sql, id: string): Promise<number> {
  const [found] = await sql.all(`SELECT "balanceCents" FROM "LedgerAccount" WHERE "id" = ?`, [id]);
  return found === undefined ? 0 : balanceRow(found).balanceCents;
}

// orders.ts, refund.ts, tax.ts

/**
 * The Order row's money columns (split.ts OrderMoney, its tax aside), a decoder each: the one field
 * set every reader of an order's amounts decodes them with (the settlement here, payouts' orders
 * not yet delivered, order-changes' order as a change reads it).
 */
export const orderMoneyFields = {
  subtotalCents: row.int,
  deliveryFeeCents: row.int,
  priorityFeeCents: row.int,
  serviceFeeCents: row.int,
  smallOrderFeeCents: row.int,
  tipCents: row.int,
  discountCents: row.int,
  totalCents: row.int,
} satisfies Record<Exclude<keyof OrderMoney, "taxCents">, Decoder<number>>;

/** orderMoneyFields' columns, in its order, of the order aliased `alias` (`o.`; "" for none): a SELECT list. */
export const orderMoneyColumns = (alias: string) =>
  Object.keys(orderMoneyFields)
    .map((column) => `${alias}"${column}"`)
    .join(", ");

const settleRow = rowOf({
  ...orderMoneyFields,
  taxCents: row.int,
  restaurantId: row.intOrNull,
  commissionPercent: row.intOrNull,
  courierId: row.intOrNull,
  courierPayWaits: row.int,
  held: cents,
});
export type SettleFacts = ReturnType<typeof settleRow>;

/** What the settlement of a delivered order reads: its amounts, the commission, the courier who delivered it, whether their pay waits, what clearing holds. */
export async function settleFacts(sql: Sql, orderId: number): Promise<SettleFacts | undefined> {
  const [found] = await sql.all(
    `SELECT ${orderMoneyColumns("o.")}, o."taxCents",
       o."restaurantId", r."commissionPercent",
       (SELECT j."courierId" FROM "DeliveryJob" j WHERE j."orderId" = o."id" AND j."state" = 'delivered' LIMIT 1) AS "courierId",
       (SELECT COUNT(*) FROM "DeliveryJob" j WHERE j."orderId" = o."id" AND j."state" = 'delivered' AND j."flaggedAt" IS NOT NULL AND j."payDecision" IS NULL) AS "courierPayWaits",
       (SELECT CAST(SUM(l."amountCents") AS BIGINT) FROM ${orderLines('o."id"')} AND ${sharedAccountSql("clearing")}) AS "held"
     FROM "Order" o LEFT JOIN "Restaurant" r ON r."id" = o."restaurantId" WHERE o."id" = ?`,
    [orderId],
  );
  return found === undefined ? undefined : settleRow(found);
}

const sumRow = rowOf({ cents });

/**
 * The lines of one order's entries (`orderRef`: a `?` or the outer query's column), for a FROM:
 * the order's few entries first (LedgerEntry_orderId_idx), then each one's lines (by entryId),
 * whatever account the rest of the condition names. Joined the other way SQLite (no statistics)
 * reads every line of the account named (external: one for each payment and top-up the
 * marketplace ever took) to find the order's: the card checkout's capture was 5-70 ms of CPU in the
 * dinner rush's city and grew with the ledger. CROSS JOIN fixes SQLite's join order; PostgreSQL
 * plans it like any inner join, by its statistics. ledger-plans.test.ts pins the plans.
 */
export const orderLines = (orderRef: string) => `"LedgerEntry" e CROSS JOIN "LedgerLine" l WHERE e."orderId" = ${orderRef} AND l."entryId" = e."id"`;

/** What the lines of order `orderId`'s entries where `where` holds sum to (ledgerSum's, read through orderLines). */
export async function orderLedgerSum(sql: Sql, orderId: number, where: string, params: readonly (string | number)[] = []): Promise<number> {
  const [found] = await sql.all(`SELECT CAST(SUM(l."amountCents") AS BIGINT) AS "cents" FROM ${orderLines("?")} AND ${where}`, [orderId, ...params]);
  return found === undefined ? 0 : sumRow(found).cents;
}

/**
 * What the ledger's lines (`l`, of their entries `e`) where `where` holds sum to, `params` bound in
 * its order; 0 over none. The one sum of lines every domain reads: clearing's hold on an order
 * (order-changes/ too), what an order owes its card, a capture's or a refund's side on external
 * (payments/, payouts/).
 */
export async function ledgerSum(sql: Sql, where: string, params: readonly (string | number)[]): Promise<number> {
  const [found] = await sql.all(
    `SELECT CAST(SUM(l."amountCents") AS BIGINT) AS "cents" FROM "LedgerLine" l JOIN "LedgerEntry" e ON e."id" = l."entryId" WHERE ${where}`,
    params,
  );
  return found === undefined ? 0 : sumRow(found).cents;
}

/** What clearing holds for the order (0: nothing): its payment, before the delivery's split. */
export function clearingHeld(sql: Sql, orderId: number): Promise<number> {
  return orderLedgerSum(sql, orderId, sharedAccountSql("clearing"));
}

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
const roomRow = rowOf({ paid: cents, owed: cents, disputed: cents, settled: cents, disputeAccount: row.textOrNull });

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

const refundRow = rowOf({ key: row.textOrNull, createdAt: row.date, problemId: row.intOrNull, refundCents: cents, cents, card: cents });

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

const taxRow = rowOf({ taxCents: row.int, taxRateMilliPercent: row.intOrNull, taxesFees: row.bool, given: cents });

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

// check.ts

/** A check's row names what broke (an account's id, or an entry's or order's number) and by how much. */
const problemRow = rowOf({
  id: (value, column) => (typeof value === "string" ? value : String(row.int(value, column))),
  cents,
});

/** One invariant's rows (prisma/ledger-checks.ts: each statement returns what breaks it). */
export async function checkRows(sql: Sql, text: string) {
  return (await sql.all(text)).map(problemRow);
}
