import "server-only";
import { row, rowOf } from "../../platform/row";
import type { Sql } from "../../platform/sql";

// The one writer's statements (post.ts: the entry, the balances, the lines, a wallet's statement
// row) and the invariants' check (check.ts), each row shape with its decoder (docs/architecture/ledger.md).

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

/** A check's row names what broke (an account's id, or an entry's or order's number) and by how much. */
const problemRow = rowOf({
  id: (value, column) => (typeof value === "string" ? value : String(row.int(value, column))),
  cents: row.intOrZero,
});

/** One invariant's rows (prisma/ledger-checks.ts: each statement returns what breaks it). */
export async function checkRows(sql: Sql, text: string) {
  return (await sql.all(text)).map(problemRow);
}
