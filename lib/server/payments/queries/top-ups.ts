import "server-only";
import { row, rowOf } from "../../platform/row";
import type { Sql } from "../../platform/sql";

// Wallet top-ups' plain SQL (top-up.ts, top-up-limits.ts; docs/architecture/payments.md "Wallet
// top-ups"): the limits' row, the user's row locked, the day's sums and the reservations held
// against the day's limit; each row shape with its decoder.

const limitsRow = rowOf({ minCents: row.int, maxCents: row.int, dailyMaxCents: row.int });

/** The limits an operator set for `currency` (one row per currency), or undefined before any. */
export async function storedTopUpLimits(sql: Sql, currency = "USD") {
  const [found] = await sql.all(`SELECT "minCents", "maxCents", "dailyMaxCents" FROM "TopUpLimits" WHERE "currency" = ?`, [currency]);
  return found === undefined ? undefined : limitsRow(found);
}

/** The user's row locked for the transaction (a no-op write: PostgreSQL's row lock, SQLite's writer lock). */
export async function lockUser(sql: Sql, userId: number): Promise<void> {
  await sql.all(`UPDATE "User" SET "id" = "id" WHERE "id" = ?`, [userId]);
}

const usedRow = rowOf({ paid: row.intOrZero, held: row.intOrZero });

/**
 * In one statement (one snapshot): the user's top-ups in `currency` since `paidSince` (not failed or voided),
 * and the reservations in `currency` of other keys than `key` made since `heldSince`.
 */
export async function topUpsUsed(sql: Sql, userId: number, key: string, paidSince: Date, heldSince: Date, currency = "USD"): Promise<{ paid: number; held: number }> {
  const [sums] = await sql.all(
    `SELECT (SELECT CAST(SUM("amountCents") AS BIGINT) FROM "Payment" WHERE "userId" = ? AND "purpose" = 'topup' AND "currency" = ? AND "state" IN ('requires_action', 'authorized', 'captured') AND "createdAt" > ?) AS "paid",
            (SELECT CAST(SUM("amountCents") AS BIGINT) FROM "TopUpReservation" WHERE "userId" = ? AND "currency" = ? AND "key" <> ? AND "createdAt" > ?) AS "held"`,
    [userId, currency, paidSince, userId, currency, key, heldSince],
  );
  return sums === undefined ? { paid: 0, held: 0 } : usedRow(sums);
}

/** The reservation under `key` written (none when the key holds one already), then its holder read. */
export async function reserveTopUp(
  sql: Sql,
  reservation: { key: string; holder: string; userId: number; amountCents: number; currency: string; createdAt: Date },
): Promise<string | undefined> {
  await sql.all(
    `INSERT INTO "TopUpReservation" ("key", "holder", "userId", "amountCents", "currency", "createdAt") VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT ("key") DO NOTHING`,
    [reservation.key, reservation.holder, reservation.userId, reservation.amountCents, reservation.currency, reservation.createdAt],
  );
  const [found] = await sql.all(`SELECT "holder" FROM "TopUpReservation" WHERE "key" = ?`, [reservation.key]);
  return found === undefined ? undefined : holderRow(found).holder;
}
const holderRow = rowOf({ holder: row.text });

/** The reservation under `key` deleted if `holder` holds it. */
export async function releaseReservation(sql: Sql, key: string, holder: string): Promise<void> {
  await sql.all(`DELETE FROM "TopUpReservation" WHERE "key" = ? AND "holder" = ?`, [key, holder]);
}

/** The reservation under `key` deleted, whoever holds it (its Payment counts from here on). */
export async function deleteReservation(sql: Sql, key: string): Promise<void> {
  await sql.all(`DELETE FROM "TopUpReservation" WHERE "key" = ?`, [key]);
}
