import "server-only";
import { account, post, type WalletKind } from "../ledger/post";
import { walletBalances, walletDebit } from "../ledger/wallet-parts";
import type { Sql } from "../platform/sql";
import { said } from "@/lib/shared/words/said";

export type LedgerKind = WalletKind;

/**
 * Moves money in or out of a wallet inside the caller's transaction (`sqlOf(tx)` in a Prisma
 * one, or lib/server/platform/sql.ts's sqlTransaction): one ledger entry (lib/server/ledger/post.ts)
 * between the wallet and the promotions account, the marketing budget: the signup
 * credit and the demo's free "Add Funds" are promotional credit nobody paid for, issued from it (a
 * cost: its balance goes below zero), and a deduction gives credit back to it. Never from
 * external: external is money that came in through a payment. A wallet's statement row is written
 * by post(). Returns the new balance in cents; throws 400 `insufficientMessage` when the balance is
 * short (or the user is gone). Order payments and refunds are not moved here: lib/server/ledger/orders.ts.
 * A deduction spends the credit first, then the wallet's paid money (walletDebit); a paid top-up
 * (a card payment) is credited from its capture (lib/server/payments/state.ts), never here.
 */
export async function moveWallet(
  sql: Sql,
  move: { userId: number; amountCents: number; kind: LedgerKind; orderId?: number | null },
  insufficientMessage = said("messages.insufficientFunds"),
  now = new Date(),
): Promise<number> {
  const { userId, amountCents, kind, orderId = null } = move;
  if (!Number.isInteger(amountCents) || amountCents === 0) throw new Error("moveWallet needs a non-zero whole number of cents");
  // Credit is issued to the promotional account; a deduction spends it first, then paid money (which goes back to nobody: it left the wallet for the marketing budget, as the spec's deduct).
  const lines = amountCents > 0 ? [{ account: account.wallet(userId), amountCents }] : await walletDebit(sql, userId, -amountCents);
  await post(sql, { kind, orderId, lines: [...lines, { account: account.promotions, amountCents: -amountCents }], insufficientMessage, now });
  return walletBalance(sql, userId);
}

/** A user's wallet balance in cents: its paid money and its promotional credit together. */
export { walletBalances };

export const walletBalance = async (sql: Sql, userId: number): Promise<number> => (await walletBalances(sql, userId)).totalCents;
