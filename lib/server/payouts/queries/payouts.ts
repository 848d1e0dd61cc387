import "server-only";
import { row, rowOf, type RowOf } from "../../platform/row";
import type { Sql } from "../../platform/sql";

// Payouts in plain SQL (lifecycle.ts, schedule.ts; docs/architecture/payouts.md): the Payout row,
// its conditional moves (sent, paid, failed), and the earnings an account holds that cannot be paid
// out yet; each row shape with its decoder.

const payoutRow = rowOf({ id: row.int, reference: row.text, amountCents: row.int, state: row.text, createdAt: row.date, paidAt: row.dateOrNull, currency: row.text });
export type PayoutRow = RowOf<typeof payoutRow>;

/** Whether the account has a payout on its way (at most one: a partial unique index). */
export async function payoutPending(sql: Sql, accountId: string): Promise<boolean> {
  const [pending] = await sql.all(`SELECT 1 AS "one" FROM "Payout" WHERE "account" = ? AND "state" = 'pending'`, [accountId]);
  return pending !== undefined;
}

/** A pending Payout row (its unique index refuses a second pending one: the caller's 409), in the account's currency (a restaurant's market's). */
export async function insertPayout(sql: Sql, accountId: string, reference: string, amountCents: number, now: Date): Promise<PayoutRow> {
  const [inserted] = await sql.all(
    `INSERT INTO "Payout" ("account", "reference", "amountCents", "state", "createdAt", "currency")
     VALUES (?, ?, ?, 'pending', ?, COALESCE((SELECT "currency" FROM "LedgerAccount" WHERE "id" = ?), 'USD')) RETURNING "id", "reference", "amountCents", "state", "createdAt", "paidAt", "currency"`,
    [accountId, reference, amountCents, now, accountId],
  );
  return payoutRow(inserted);
}

/** An account's latest payouts, newest first. */
export async function latestPayouts(sql: Sql, accountId: string, limit: number): Promise<PayoutRow[]> {
  const rows = await sql.all(
    `SELECT "id", "reference", "amountCents", "state", "createdAt", "paidAt", "currency" FROM "Payout" WHERE "account" = ? ORDER BY "createdAt" DESC, "id" DESC LIMIT ?`,
    [accountId, limit],
  );
  return rows.map(payoutRow);
}

const idRow = rowOf({ id: row.int });

/** Nosh's payout for the provider's, or undefined when not recorded (yet). */
export async function payoutIdOf(sql: Sql, provider: string, providerPayoutId: string): Promise<number | undefined> {
  const [known] = await sql.all(`SELECT "id" FROM "Payout" WHERE "provider" = ? AND "providerPayoutId" = ?`, [provider, providerPayoutId]);
  return known === undefined ? undefined : idRow(known).id;
}

const movedRow = rowOf({ id: row.int, account: row.text, reference: row.text, amountCents: row.int, currency: row.text });

/** A pending payout made paid, or failed with its code (one conditional UPDATE): undefined when it was not pending. */
export async function endPayout(sql: Sql, id: number, outcome: { paid: true } | { paid: false; failureCode: string }, now: Date) {
  const [moved] = await sql.all(
    outcome.paid
      ? `UPDATE "Payout" SET "state" = 'paid', "paidAt" = ? WHERE "id" = ? AND "state" = 'pending' RETURNING "id", "account", "reference", "amountCents", "currency"`
      : `UPDATE "Payout" SET "state" = 'failed', "failedAt" = ?, "failureCode" = ? WHERE "id" = ? AND "state" = 'pending' RETURNING "id", "account", "reference", "amountCents", "currency"`,
    outcome.paid ? [now, id] : [now, outcome.failureCode, id],
  );
  return moved === undefined ? undefined : movedRow(moved);
}

const waitingRow = rowOf({ id: row.int, amountCents: row.int, currency: row.text, provider: row.text, providerAccountId: row.text });

/** Pending payouts not yet sent whose payee's account has payouts enabled (only `only`, when given), oldest first. A courier's payout of another currency ("courier:7:MXN") goes to their one payout account ("courier:7"). */
export async function payoutsToSend(sql: Sql, only?: number) {
  const rows = await sql.all(
    `SELECT p."id", p."amountCents", p."currency", a."provider", a."providerAccountId" FROM "Payout" p JOIN "PayoutAccount" a ON (a."account" = p."account" OR a."account" || ':' || p."currency" = p."account")
     WHERE p."state" = 'pending' AND p."providerPayoutId" IS NULL AND a."payoutsEnabled" = true ${only === undefined ? "" : `AND p."id" = ?`}
     ORDER BY p."id" LIMIT 100`,
    only === undefined ? [] : [only],
  );
  return rows.map(waitingRow);
}

/** The provider's payout id stored, once (a conditional UPDATE): false when another sender stored it first. */
export async function storeProviderPayout(sql: Sql, id: number, provider: string, providerPayoutId: string): Promise<boolean> {
  const stored = await sql.all(`UPDATE "Payout" SET "provider" = ?, "providerPayoutId" = ? WHERE "id" = ? AND "providerPayoutId" IS NULL RETURNING "id"`, [
    provider,
    providerPayoutId,
    id,
  ]);
  return stored.length > 0;
}

/** The problem report statuses that hold an order's earnings (problems/read.ts OPEN_STATUSES). */
const OPEN_REPORT = `EXISTS (SELECT 1 FROM "ProblemReport" p WHERE p."orderId" = o."id" AND p."status" IN ('pending', 'escalated', 'appealed'))`;

/**
 * An order (alias o) paid, even in part, with a wallet's promotional credit (its payment took from a
 * "wallet:{id}" account): its earnings are never paid out. An order paid with a wallet's paid money
 * ("wallet-paid:{id}", card top-ups) or by card is not (docs/architecture/ledger.md "A wallet's two parts").
 */
const PROMOTIONAL_ORDER = `EXISTS (SELECT 1 FROM "LedgerLine" pl JOIN "LedgerEntry" pe ON pe."id" = pl."entryId" WHERE pe."orderId" = o."id" AND pe."kind" = 'payment' AND pl."account" LIKE 'wallet:%' AND pl."amountCents" < 0)`;

const heldRow = rowOf({ orderId: row.int, closedAt: row.dateOrNull, promotional: row.bool, openReport: row.bool, cents: row.int });

/** The account's share of each delivered order closed after `closedAfter`, or promotional, or with a report open. A dispute's lines are not the order's share: what it took is owed from the whole balance, never netted against what is held. */
export async function heldShares(sql: Sql, accountId: string, closedAfter: Date) {
  const rows = await sql.all(
    `SELECT e."orderId", o."closedAt", CASE WHEN ${PROMOTIONAL_ORDER} THEN 1 ELSE 0 END AS "promotional",
       CASE WHEN ${OPEN_REPORT} THEN 1 ELSE 0 END AS "openReport", CAST(SUM(l."amountCents") AS BIGINT) AS "cents"
     FROM "LedgerLine" l JOIN "LedgerEntry" e ON e."id" = l."entryId" JOIN "Order" o ON o."id" = e."orderId"
     WHERE l."account" = ? AND e."kind" <> 'dispute' AND o."stage" = 'delivered' AND (o."closedAt" > ? OR ${PROMOTIONAL_ORDER} OR ${OPEN_REPORT})
     GROUP BY e."orderId", o."closedAt", o."paymentMethod", o."id"`,
    [accountId, closedAfter],
  );
  return rows.map(heldRow);
}

/** The schedule's day claimed (one conditional UPDATE of `lastDay`): false when it was claimed already. */
export async function claimScheduleDay(sql: Sql, restaurantId: number, day: string, now: Date): Promise<boolean> {
  const claimed = await sql.all(
    `UPDATE "PayoutSchedule" SET "lastDay" = ?, "updatedAt" = ? WHERE "restaurantId" = ? AND ("lastDay" IS NULL OR "lastDay" <> ?) RETURNING "restaurantId"`,
    [day, now, restaurantId, day],
  );
  return claimed.length > 0;
}

/** Why the day just claimed was skipped (null: it was not), for the payouts page. */
export async function recordScheduleSkip(sql: Sql, restaurantId: number, reason: string | null): Promise<void> {
  await sql.all(`UPDATE "PayoutSchedule" SET "skippedReason" = ? WHERE "restaurantId" = ?`, [reason, restaurantId]);
}

/** Whether the restaurant's owner has a verified email (accounts/email-verification.ts requireVerifiedEmail's rule). */
export async function ownerEmailVerified(sql: Sql, restaurantId: number): Promise<boolean> {
  const [verified] = await sql.all(
    `SELECT 1 AS "one" FROM "Restaurant" r JOIN "User" u ON u."id" = r."ownerId" WHERE r."id" = ? AND u."email" IS NOT NULL AND u."emailVerifiedAt" IS NOT NULL`,
    [restaurantId],
  );
  return verified !== undefined;
}
