import "server-only";
import type { Sql } from "../platform/sql";
import { account, balanceOf, walletAccounts, type Line } from "./post";

// A wallet's two parts (docs/architecture/ledger.md "A wallet's two parts"): its
// promotional credit ("wallet:{id}": the signup credit, the demo's "Add Funds", never paid out) and
// its paid money ("wallet-paid:{id}": card top-ups through the provider). The customer sees one
// balance, their sum, with the promotional part named. A payment spends the credit first, then
// paid money; a refund gives each part back what the order took from it (ledger/refund.ts).

/** A wallet's two parts in cents of `currency` (USD by default; 0 before their first credit). */
export async function walletBalances(sql: Sql, userId: number, currency?: string): Promise<{ paidCents: number; promotionalCents: number; totalCents: number }> {
  const [paid, promo] = walletAccounts(userId);
  const paidCents = await balanceOf(sql, paid, currency);
  const promotionalCents = await balanceOf(sql, promo, currency);
  return { paidCents, promotionalCents, totalCents: paidCents + promotionalCents };
}

/**
 * The wallet's lines paying `cents`: the promotional credit first, then paid money. When the two
 * together are short, the rest is asked of the paid account, so post() refuses it (the 400 with
 * its `insufficientMessage`) and nothing moves.
 */
export async function walletDebit(sql: Sql, userId: number, cents: number, currency?: string): Promise<Line[]> {
  // The wallet of the order's currency (ledger/currency.ts): post() places the lines in it.
  const promotionalCents = await balanceOf(sql, account.wallet(userId), currency);
  const fromCredit = Math.min(cents, Math.max(0, promotionalCents));
  return [
    { account: account.wallet(userId), amountCents: -fromCredit },
    { account: account.walletPaid(userId), amountCents: -(cents - fromCredit) },
  ];
}
