import "server-only";
import { INSUFFICIENT_FUNDS } from "@/lib/shared/messages";
import { account, balanceOf, post, type WalletKind } from "../ledger/post";
import type { Sql } from "../platform/sql";

export type LedgerKind = WalletKind;

/**
 * Moves money in or out of a wallet inside the caller's transaction (`sqlOf(tx)` in a Prisma
 * one, or lib/server/platform/sql.ts's sqlTransaction): one ledger entry (lib/server/ledger/post.ts)
 * between the wallet and the promotions account, the marketing budget (issue 59): the signup
 * credit and the demo's free "Add Funds" are promotional credit nobody paid for, issued from it (a
 * cost: its balance goes below zero), and a deduction gives credit back to it. Never from
 * external: external is money that came in through a payment. A wallet's statement row is written
 * by post(). Returns the new balance in cents; throws 400 `insufficientMessage` when the balance is
 * short (or the user is gone). Order payments and refunds are not moved here: lib/server/ledger/orders.ts.
 * A paid top-up (a card payment through the payment provider) is not built: it would need the
 * wallet's paid money apart from its credit (docs/architecture/ledger.md "Promotional money").
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
      { account: account.promotions, amountCents: -amountCents },
    ],
    insufficientMessage,
    now,
  });
  return posted!.balances.get(wallet)!;
}

/** A user's wallet balance in cents: the ledger account "wallet:{userId}" (0 before its first credit). */
export const walletBalance = (sql: Sql, userId: number): Promise<number> => balanceOf(sql, account.wallet(userId));
