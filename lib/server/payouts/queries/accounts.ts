import "server-only";
import { row, rowOf, type RowOf } from "../../platform/row";
import type { Sql } from "../../platform/sql";

// Payout accounts in plain SQL (accounts.ts, docs/architecture/payouts.md): the payee's row, the
// provider's answer stored, and its account.updated applied; each row shape with its decoder.

const payoutAccountRow = rowOf({
  status: row.text,
  payoutsEnabled: row.bool,
  disabledReason: row.textOrNull,
  holderName: row.text,
  bankLast4: row.text,
  routingNumber: row.text,
  updatedAt: row.date,
});
export type PayoutAccountRow = RowOf<typeof payoutAccountRow>;

/** The payee's payout account (by its ledger account), or undefined. */
export async function payoutAccountRowOf(sql: Sql, ledgerAccount: string): Promise<PayoutAccountRow | undefined> {
  const [found] = await sql.all(
    `SELECT "status", "payoutsEnabled", "disabledReason", "holderName", "bankLast4", "routingNumber", "updatedAt" FROM "PayoutAccount" WHERE "account" = ?`,
    [ledgerAccount],
  );
  return found === undefined ? undefined : payoutAccountRow(found);
}

const providerAccountRow = rowOf({ provider: row.text, providerAccountId: row.text });

/** Which provider's account the payee has, and its id there. */
export async function providerAccountOf(sql: Sql, ledgerAccount: string) {
  const [found] = await sql.all(`SELECT "provider", "providerAccountId" FROM "PayoutAccount" WHERE "account" = ?`, [ledgerAccount]);
  return found === undefined ? undefined : providerAccountRow(found);
}

/** The provider's answer stored: one row per ledger account (two saves at once leave one). */
export async function upsertPayoutAccount(
  sql: Sql,
  ledgerAccount: string,
  provider: string,
  account: { id: string; status: string; payoutsEnabled: boolean; disabledReason: string | null; holderName: string; bankLast4: string; routingNumber: string },
  now: Date,
): Promise<void> {
  await sql.all(
    `INSERT INTO "PayoutAccount" ("account", "provider", "providerAccountId", "status", "payoutsEnabled", "disabledReason", "holderName", "bankLast4", "routingNumber", "createdAt", "updatedAt")
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT ("account") DO UPDATE SET "provider" = excluded."provider", "providerAccountId" = excluded."providerAccountId", "status" = excluded."status",
       "payoutsEnabled" = excluded."payoutsEnabled", "disabledReason" = excluded."disabledReason", "holderName" = excluded."holderName",
       "bankLast4" = excluded."bankLast4", "routingNumber" = excluded."routingNumber", "updatedAt" = excluded."updatedAt"`,
    [
      ledgerAccount,
      provider,
      account.id,
      account.status,
      account.payoutsEnabled,
      account.disabledReason,
      account.holderName,
      account.bankLast4,
      account.routingNumber,
      now,
      now,
    ],
  );
}

/** The provider's account.updated applied to its row: false when Nosh has no such account. */
export async function updateAccountState(
  sql: Sql,
  provider: string,
  account: { id: string; status: string; payoutsEnabled: boolean; disabledReason: string | null },
  now: Date,
): Promise<boolean> {
  const rows = await sql.all(
    `UPDATE "PayoutAccount" SET "status" = ?, "payoutsEnabled" = ?, "disabledReason" = ?, "updatedAt" = ? WHERE "provider" = ? AND "providerAccountId" = ? RETURNING "id"`,
    [account.status, account.payoutsEnabled, account.disabledReason, now, provider, account.id],
  );
  return rows.length > 0;
}
