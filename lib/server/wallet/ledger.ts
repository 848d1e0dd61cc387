import "server-only";
import { ApiError } from "../platform/errors";
import type { Sql } from "../platform/sql";

export type LedgerKind = "signup" | "topup" | "payment" | "refund" | "deduct" | "earning";

/**
 * Moves money in or out of a wallet inside the caller's transaction (`sqlOf(tx)` in a Prisma
 * one, or lib/server/platform/sql.ts's sqlTransaction): a conditional update (never below zero, on SQLite
 * and PostgreSQL alike) and a ledger row with the balance after. Returns the new balance in
 * cents; throws 400 `insufficientMessage` when the balance is short (or the user is gone).
 */
export async function moveWallet(
  sql: Sql,
  move: { userId: number; amountCents: number; kind: LedgerKind; orderId?: number | null },
  insufficientMessage = "Insufficient funds",
  now = new Date(),
): Promise<number> {
  const { userId, amountCents, kind, orderId = null } = move;
  if (!Number.isInteger(amountCents) || amountCents === 0) throw new Error("moveWallet needs a non-zero whole number of cents");
  // One statement (UPDATE ... RETURNING): the condition and the new balance come together, so
  // the ledger row cannot record a balance another transaction's move has already changed.
  // updatedAt: what Prisma's @updatedAt would write.
  const debit = amountCents < 0;
  const [row] = await sql.all<{ walletCents: number | bigint }>(
    `UPDATE "User" SET "walletCents" = "walletCents" + ?, "updatedAt" = ? WHERE "id" = ?${debit ? ` AND "walletCents" >= ?` : ""} RETURNING "walletCents"`,
    debit ? [amountCents, now, userId, -amountCents] : [amountCents, now, userId],
  );
  if (!row) throw new ApiError("bad_request", insufficientMessage);
  const walletCents = Number(row.walletCents);
  // An INSERT without RETURNING (nothing of the row is needed back).
  await sql.all(`INSERT INTO "WalletTransaction" ("userId", "kind", "amountCents", "balanceAfterCents", "orderId", "createdAt") VALUES (?, ?, ?, ?, ?, ?)`, [
    userId,
    kind,
    amountCents,
    walletCents,
    orderId,
    now,
  ]);
  return walletCents;
}
