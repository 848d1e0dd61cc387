import "server-only";
import { row, rowOf, type RowOf } from "../../platform/row";
import { oneRow, type Sql } from "../../platform/sql";

// Payout accounts in plain SQL (accounts.ts, docs/architecture/payouts.md): the payee's row, the
// provider's answer stored, and its account.updated applied; each row shape with its decoder.

/** What the provider says of an account's state. */
type ProviderAccountState = { id: string; status: string; payoutsEnabled: boolean; disabledReason: string | null; detailsSubmitted: boolean; currentlyDue: string[] };

const payoutAccountRow = rowOf({
  status: row.text,
  payoutsEnabled: row.bool,
  disabledReason: row.textOrNull,
  holderName: row.text,
  bankLast4: row.text,
  routingNumber: row.text,
  detailsSubmitted: row.bool,
  currentlyDue: row.text,
  updatedAt: row.date,
});
export type PayoutAccountRow = RowOf<typeof payoutAccountRow>;

/** The payee's payout account (by its ledger account), or undefined. */
export function payoutAccountRowOf(sql: Sql, ledgerAccount: string): Promise<PayoutAccountRow | undefined> {
  return oneRow(
    sql,
    `SELECT "status", "payoutsEnabled", "disabledReason", "holderName", "bankLast4", "routingNumber", "detailsSubmitted", "currentlyDue", "updatedAt" FROM "PayoutAccount" WHERE "account" = ?`,
    [ledgerAccount],
    payoutAccountRow,
  );
}

const providerAccountRow = rowOf({ provider: row.text, providerAccountId: row.text });

/** Whether payouts can go to the payee's account now (verified, payouts enabled); none: no account. */
export async function payoutAccountReady(sql: Sql, ledgerAccount: string): Promise<"none" | "ready" | "not_ready"> {
  const [found] = await sql.all(`SELECT "status", "payoutsEnabled" FROM "PayoutAccount" WHERE "account" = ?`, [ledgerAccount]);
  if (found === undefined) return "none";
  const state = rowOf({ status: row.text, payoutsEnabled: row.bool })(found);
  return state.status === "verified" && state.payoutsEnabled ? "ready" : "not_ready";
}

/** Which provider's account the payee has, and its id there. */
export function providerAccountOf(sql: Sql, ledgerAccount: string) {
  return oneRow(sql, `SELECT "provider", "providerAccountId" FROM "PayoutAccount" WHERE "account" = ?`, [ledgerAccount], providerAccountRow);
}

/** The provider's answer stored: one row per ledger account (two saves at once leave one). */
export async function upsertPayoutAccount(
  sql: Sql,
  ledgerAccount: string,
  provider: string,
  account: ProviderAccountState & { holderName: string; bankLast4: string; routingNumber: string },
  now: Date,
): Promise<void> {
  await sql.all(
    `INSERT INTO "PayoutAccount" ("account", "provider", "providerAccountId", "status", "payoutsEnabled", "disabledReason", "holderName", "bankLast4", "routingNumber", "detailsSubmitted", "currentlyDue", "createdAt", "updatedAt")
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT ("account") DO UPDATE SET "provider" = excluded."provider", "providerAccountId" = excluded."providerAccountId", "status" = excluded."status",
       "payoutsEnabled" = excluded."payoutsEnabled", "disabledReason" = excluded."disabledReason", "holderName" = excluded."holderName",
       "bankLast4" = excluded."bankLast4", "routingNumber" = excluded."routingNumber", "detailsSubmitted" = excluded."detailsSubmitted",
       "currentlyDue" = excluded."currentlyDue", "updatedAt" = excluded."updatedAt"`,
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
      account.detailsSubmitted,
      JSON.stringify(account.currentlyDue),
      now,
      now,
    ],
  );
}

/**
 * The provider's account.updated applied to its row: its state and what it still needs, and the
 * bank account when the event names one (hosted onboarding attaches it at the provider). False
 * when Nosh has no such account.
 */
export async function updateAccountState(
  sql: Sql,
  provider: string,
  account: ProviderAccountState & { holderName?: string; bankLast4?: string; routingNumber?: string },
  now: Date,
): Promise<boolean> {
  const rows = await sql.all(
    `UPDATE "PayoutAccount" SET "status" = ?, "payoutsEnabled" = ?, "disabledReason" = ?, "detailsSubmitted" = ?, "currentlyDue" = ?,
       "holderName" = CASE WHEN ? <> '' THEN ? ELSE "holderName" END, "bankLast4" = CASE WHEN ? <> '' THEN ? ELSE "bankLast4" END,
       "routingNumber" = CASE WHEN ? <> '' THEN ? ELSE "routingNumber" END, "updatedAt" = ?
     WHERE "provider" = ? AND "providerAccountId" = ? RETURNING "id"`,
    [
      account.status,
      account.payoutsEnabled,
      account.disabledReason,
      account.detailsSubmitted,
      JSON.stringify(account.currentlyDue),
      ...[account.holderName ?? "", account.bankLast4 ?? "", account.routingNumber ?? ""].flatMap((value) => [value, value]),
      now,
      provider,
      account.id,
    ],
  );
  return rows.length > 0;
}
