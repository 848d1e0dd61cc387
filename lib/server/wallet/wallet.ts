import "server-only";
import type { WalletTransactionJson } from "@/lib/contract/wallet/schemas";
import { DEFAULT_CURRENCY, minorToMajor } from "@/lib/shared/money/currency";
import type { Paging } from "@/lib/contract/restaurants/browse-rules";
import { db } from "../platform/db";
import { conflict, fieldError, forbidden } from "../platform/errors";
import { config } from "../platform/config";
import { moveWallet, walletBalances } from "./ledger";
import { statementRows, walletCodes } from "./queries/statement";
import { readSql, sqlOf, sqlTransaction } from "../platform/sql";
import type { SessionUser } from "../platform/session-user";
import { said } from "@/lib/shared/words/said";

// The wallet calls act on the caller's own wallet only; another user's answers 403 and
// reveals nothing. Guests' top-ups stay in their browser. The balance is the ledger account
// "wallet:{userId}" (docs/architecture/ledger.md); the statement is WalletTransaction, one row per
// wallet line with the balance after it, written by post().

function assertOwnWallet(user: SessionUser, walletUserId: number) {
  if (user.id !== walletUserId) throw forbidden(said("messages.ownWallet"));
}

/** Outside demo mode "Add Funds" is a card payment (POST /api/users/wallet/{id}/top-ups, payments/top-up.ts): the free PUT is refused, nothing added. */
export const TOP_UP_NEEDS_PAYMENT = said("messages.topUpNeedsPayment");
export const topUpTooLargeMessage = (maxCents: number) => said("rules.common.atMostValue", { field: "amount", max: maxCents / 100 });

/**
 * Adds promotional credit to the caller's wallet: the spec's free "Add Funds", only where demo
 * data is on (NOSH_DEMO), at most WALLET_TOPUP_MAX a call (400 naming `amount`).
 * Spendable, never paid out (docs/architecture/ledger.md "Promotional money"). Returns the user
 * with the wallet's new balance (the user row itself does not change).
 */
export async function topUpWallet(user: SessionUser, walletUserId: number, amountCents: number): Promise<SessionUser & { walletCents: number }> {
  assertOwnWallet(user, walletUserId);
  if (user.guestAccount) throw forbidden(said("messages.signUpFunds"));
  const { topUpMaxCents } = config().money;
  if (amountCents > topUpMaxCents) throw fieldError("amount", topUpTooLargeMessage(topUpMaxCents));
  if (!config().demoLogin) throw conflict(TOP_UP_NEEDS_PAYMENT, { amount: TOP_UP_NEEDS_PAYMENT });
  const walletCents = await db.$transaction((tx) => moveWallet(sqlOf(tx), { userId: user.id, amountCents, kind: "topup" }));
  return { ...user, walletCents };
}

/** The caller's wallet in its two parts (docs/architecture/ledger.md "A wallet's two parts"): paid money and promotional credit, in `currency` (USD by default). */
export async function walletParts(
  user: SessionUser,
  walletUserId: number,
  currency?: string,
): Promise<{ paidCents: number; promotionalCents: number; totalCents: number }> {
  assertOwnWallet(user, walletUserId);
  return sqlTransaction((sql) => walletBalances(sql, user.id, currency));
}

/** Deducts atomically; a short balance is 400 "Insufficient funds" and nothing changes. */
export async function deductWallet(user: SessionUser, walletUserId: number, amountCents: number): Promise<SessionUser & { walletCents: number }> {
  assertOwnWallet(user, walletUserId);
  const walletCents = await db.$transaction((tx) =>
    moveWallet(sqlOf(tx), { userId: user.id, amountCents: -amountCents, kind: "deduct" }, said("messages.insufficientFunds")),
  );
  return { ...user, walletCents };
}

/**
 * The wallet statement in one currency (the default market's unless `paging.currency`), newest
 * first, each row's balance after that currency's: one statement on the connection (readSql), the
 * page out of WalletTransaction's indexes with each line's order joined by key. Through Prisma's
 * include it was two statements and most of the read's CPU (a personal read of the rush).
 */
export async function walletStatement(user: SessionUser, walletUserId: number, paging: Paging & { currency?: string }): Promise<WalletTransactionJson[]> {
  assertOwnWallet(user, walletUserId);
  const rows = await statementRows(await readSql(), user.id, paging.currency ?? DEFAULT_CURRENCY, paging);
  return rows.map((line) => ({
    id: line.id,
    kind: line.kind,
    amount: minorToMajor(line.amountCents, line.currency),
    balanceAfter: minorToMajor(line.balanceAfterCents, line.currency),
    orderId: line.orderId,
    restaurantName: line.restaurantName,
    createdAt: line.createdAt.toISOString(),
    currency: line.currency,
  }));
}

/**
 * The currencies the user's wallet has rows in, the default market's first (always, even with no
 * row), then the others by code, each with its balance (paid money and promotional credit together).
 */
export async function walletCurrencies(user: SessionUser, walletUserId: number): Promise<{ currency: string; cents: number }[]> {
  assertOwnWallet(user, walletUserId);
  return sqlTransaction(async (sql) => {
    const codes = await walletCodes(sql, user.id);
    const others = codes.filter((code) => code !== DEFAULT_CURRENCY).sort();
    const held: { currency: string; cents: number }[] = [];
    for (const currency of [DEFAULT_CURRENCY, ...others]) held.push({ currency, cents: (await walletBalances(sql, user.id, currency)).totalCents });
    return held;
  });
}
