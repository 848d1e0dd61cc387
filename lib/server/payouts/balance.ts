import "server-only";
import { majorIn } from "@/lib/shared/money/currency";
import { PENDING_LIST_MAX, pendingEarningJson, type availableOf, type PayoutJson, type PendingEarningJson } from "./lifecycle";

// What both payouts pages show of an account's money (restaurant.ts's owner, courier.ts's courier):
// one JSON part built one way, each page's own fields after it.

export type BalanceJson = {
  /** What can be paid out now: the balance less the earnings still pending. */
  available: number;
  /** The page's own pending earnings (a restaurant's paid orders not yet delivered, a courier's held jobs), and delivered orders' whose report window is still open. */
  pending: number;
  /** The delivered orders' earnings still pending, each with when it becomes available (soonest first). */
  pendingEarnings: PendingEarningJson[];
  /** Earned on orders paid with promotional credit (the demo's wallet money): shown, never paid out (docs/architecture/ledger.md "Promotional money"). */
  promotional: number;
  /** A refund clawed back after a payout left the balance below zero by this much: later earnings repay it before any payout. */
  owed: number;
  /** The payout on its way, if any (at most one). */
  inFlight: PayoutJson | null;
  payouts: PayoutJson[];
};

/**
 * The account's balance (availableOf) as the pages show it, `ownPendingCents` (the page's own) added to
 * what is pending, in major units of the account's `currency` (a restaurant's market's; a courier's the default).
 */
export function balanceJson(balance: Awaited<ReturnType<typeof availableOf>>, ownPendingCents: number, payouts: PayoutJson[], currency: string): BalanceJson {
  const centsToDollars = majorIn(currency);
  return {
    available: centsToDollars(balance.availableCents),
    pending: centsToDollars(ownPendingCents + balance.pending.reduce((sum, row) => sum + row.cents, 0)),
    pendingEarnings: balance.pending.slice(0, PENDING_LIST_MAX).map((row) => pendingEarningJson(row, currency)),
    promotional: centsToDollars(balance.promotionalCents),
    owed: centsToDollars(balance.owedCents),
    inFlight: payouts.find((payout) => payout.state === "pending") ?? null,
    payouts,
  };
}
