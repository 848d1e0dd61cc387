import "server-only";
import { INSUFFICIENT_FUNDS } from "@/lib/shared/messages";
import { account, balanceOf, post, type WalletKind } from "../ledger/post";
import type { Sql } from "../platform/sql";

export type LedgerKind = WalletKind;

/**
 * Moves money in or out of a wallet inside the caller's transaction (`sqlOf(tx)` in a Prisma
 * one, or lib/server/platform/sql.ts's sqlTransaction): one ledger entry (lib/server/ledger/post.ts)
 * between the wallet and the external account (a top-up comes from a card, a deduction and a
 * signup credit leave or enter from outside the marketplace). A wallet's statement row is written
 * by post(). Returns the new balance in cents; throws 400 `insufficientMessage` when the balance is
 * short (or the user is gone). Order payments and refunds are not moved here: lib/server/ledger/orders.ts.
 */
export async function moveWallet(
  sql: Sql,
  move: { userId: number; amountCents: number; kind: LedgerKind; orderId?: number | null },
  insufficientMessage = INSUFFICIENT_FUNDS,
  now = new Date(),
): Promise<number> {
  const { userId, amountCents, kind, orderId = null } = move;
  if (!Number.isInteger(amountCents) || amountCents === 0) throw new Error("moveWallet needs a non-zero whole number of cents");
  const wallet = account.wallet(userId);
  const posted = await post(sql, {
    kind,
    orderId,
    lines: [
      { account: wallet, amountCents },
      { account: account.external, amountCents: -amountCents },
    ],
    insufficientMessage,
    now,
  });
  return posted!.balances.get(wallet)!;
}

/** A user's wallet balance in cents: the ledger account "wallet:{userId}" (0 before its first credit). */
export const walletBalance = (sql: Sql, userId: number): Promise<number> => balanceOf(sql, account.wallet(userId));
