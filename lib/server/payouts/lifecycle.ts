import "server-only";
import { DEFAULT_CURRENCY, majorIn } from "@/lib/shared/money/currency";
import { appLog } from "../platform/log";
import { randomBytes } from "node:crypto";
import { formatCents } from "@/lib/shared/money/money";
import { config } from "../platform/config";
import { conflict, isUniqueViolation } from "../platform/errors";
import { sqlTransaction, type Sql } from "../platform/sql";
import { notify, type NotificationInput } from "../notifications/outbox";
import { account, balanceOf, post } from "../ledger/post";
import { providerNamed } from "../payments/providers/select";
import type { ProviderPayout } from "../payments/providers/provider";
import { endPayout, heldShares, insertPayout, latestPayouts, payoutIdOf, payoutPending, payoutsToSend, storeProviderPayout, type PayoutRow } from "./queries/payouts";
import { said } from "@/lib/shared/words/said";

// A payout's lifecycle (docs/architecture/payouts.md): a restaurant's or a courier's available
// balance moved to "clearing:payouts" (money on its way) in one entry, with a Payout row (its
// reference, state pending) written in the same transaction. At most one payout in flight per
// account: a partial unique index on Payout(account) WHERE state = 'pending'. It is sent to the
// provider once the payee's payout account has payouts enabled (sendPayouts: a new account's first
// payout waits for its verification), and only the provider's word ends it (applyPayoutEvent, from
// its signed webhook): paid moves the money from clearing:payouts to external (the bank), failed
// moves it back to the payee's balance and tells them; each once, by a conditional UPDATE of the
// row in the webhook's own transaction.

/** The ledger account of money on its way to a bank (kind clearing). */
export const PAYOUTS_IN_TRANSIT = "clearing:payouts";
export const PAYOUT_IN_FLIGHT_MESSAGE = said("messages.payoutInFlight");
export const payoutTooLargeMessage = (availableCents: number) => said("messages.payoutTooLarge", { amount: formatCents(availableCents) });

export type PayoutJson = { id: number; reference: string; amount: number; state: "pending" | "paid" | "failed"; createdAt: string; paidAt: string | null };

/** A payout's JSON, its amount in major units of its currency (its account's). */
const payoutJson = (row: PayoutRow): PayoutJson => ({
  id: row.id,
  reference: row.reference,
  amount: majorIn(row.currency)(row.amountCents),
  state: row.state as PayoutJson["state"],
  createdAt: row.createdAt.toISOString(),
  paidAt: row.paidAt === null ? null : row.paidAt.toISOString(),
});

/** "PO-20261125-7F3A9C": the day and six random hex digits, unique by the table's index. */
const newReference = (now: Date) => `PO-${now.toISOString().slice(0, 10).replace(/-/g, "")}-${randomBytes(3).toString("hex").toUpperCase()}`;

export type PendingEarning = { orderId: number; cents: number; availableAt: Date; openReport: boolean };

/** What an account holds that cannot be paid out now: earnings pending, and earnings of promotional orders (never). */
export type Held = { pending: PendingEarning[]; promotionalCents: number };

/**
 * Earnings not yet available (a hold): each delivered order's share held by
 * `accountId` (the sum of its lines on the order's entries: the settlement, less refunds taken
 * back) while the order's problem report window is open, `earningsHoldMs` (EARNINGS_HOLD_SECONDS,
 * default 48 hours) after its delivery (Order.closedAt), and while any report on it is open
 * (`openReport`, whatever the window). Soonest first. And the account's shares of promotional
 * orders (PROMOTIONAL_ORDER: paid, even in part, with a wallet's promotional credit,
 * docs/architecture/ledger.md "Promotional money"), never available.
 */
export async function heldEarnings(sql: Sql, accountId: string, now = new Date(), holdMs = config().earningsHoldMs): Promise<Held> {
  const pending: PendingEarning[] = [];
  let promotionalCents = 0;
  for (const { orderId, closedAt, promotional, openReport, cents } of await heldShares(sql, accountId, new Date(now.getTime() - holdMs))) {
    if (cents <= 0) continue;
    if (promotional) {
      promotionalCents += cents;
      continue;
    }
    // A delivered order always has its closedAt (no date reads as the epoch, as before).
    pending.push({ orderId, cents, availableAt: new Date((closedAt?.getTime() ?? 0) + holdMs), openReport });
  }
  pending.sort((a, b) => a.availableAt.getTime() - b.availableAt.getTime() || a.orderId - b.orderId);
  return { pending, promotionalCents };
}

/** The pending part of heldEarnings (the payouts pages' list). */
export async function pendingEarnings(sql: Sql, accountId: string, now = new Date(), holdMs = config().earningsHoldMs): Promise<PendingEarning[]> {
  return (await heldEarnings(sql, accountId, now, holdMs)).pending;
}

/** The most pending amounts a payouts answer lists (the soonest; the totals count every one). */
export const PENDING_LIST_MAX = 50;

export type PendingEarningJson = { orderId: number; amount: number; availableAt: string; openReport: boolean };
/** An earning still held, its amount in major units of its account's `currency`. */
export const pendingEarningJson = (row: PendingEarning, currency: string): PendingEarningJson => ({
  orderId: row.orderId,
  amount: majorIn(currency)(row.cents),
  availableAt: row.availableAt.toISOString(),
  openReport: row.openReport,
});

/**
 * What can be paid out now: the balance less the earnings held (pending, and promotional), never
 * below zero. A balance below what is held (a refund clawed back after a payout: `owedCents`, the
 * balance itself may be below zero) leaves nothing available: later earnings repay it first.
 */
export async function availableOf(
  sql: Sql,
  accountId: string,
  now = new Date(),
): Promise<{ availableCents: number; balanceCents: number; pending: PendingEarning[]; promotionalCents: number; owedCents: number }> {
  const balanceCents = await balanceOf(sql, accountId);
  const { pending, promotionalCents } = await heldEarnings(sql, accountId, now);
  const held = pending.reduce((sum, row) => sum + row.cents, 0) + promotionalCents;
  return { availableCents: Math.max(0, balanceCents - held), balanceCents, pending, promotionalCents, owedCents: Math.max(0, held - balanceCents) };
}

/**
 * Pays `amountCents` of `accountId`'s available balance out (its balance less the earnings still
 * pending: pendingEarnings): a 409 when a payout is already pending, or when the amount is more
 * than is available (`field` named, with the most that can be paid out). The Payout row and its
 * entry commit together.
 */
export async function requestPayout(accountId: string, amountCents: number, field = "amount", now = new Date()): Promise<PayoutJson> {
  const payout = await sqlTransaction((sql) => requestPayoutIn(sql, accountId, amountCents, field, now));
  // Sent at once when the payee's account is verified (else it waits: sendPayouts, the job).
  await sendPayouts(payout.id);
  return payout;
}

/** requestPayout in the caller's transaction (the weekly schedule's, lib/server/payouts/schedule.ts, with its claim of the day). */
export async function requestPayoutIn(sql: Sql, accountId: string, amountCents: number, field = "amount", now = new Date()): Promise<PayoutJson> {
  if (await payoutPending(sql, accountId)) throw conflict(PAYOUT_IN_FLIGHT_MESSAGE, { [field]: PAYOUT_IN_FLIGHT_MESSAGE });
  const { availableCents: available, balanceCents } = await availableOf(sql, accountId, now);
  if (amountCents > available) throw conflict(payoutTooLargeMessage(available), { [field]: payoutTooLargeMessage(available) });
  // What stays held (pending, promotional) is kept by the debit itself: a refund or claw-back
  // committed since the read above makes this payout the 409 rather than pay held money out.
  const keep = balanceCents - available;
  let row: PayoutRow;
  try {
    row = await insertPayout(sql, accountId, newReference(now), amountCents, now);
  } catch (error) {
    // Another request's payout committed between the check and the insert (PostgreSQL).
    if (isUniqueViolation(error) || /unique|duplicate/i.test(String(error))) throw conflict(PAYOUT_IN_FLIGHT_MESSAGE, { [field]: PAYOUT_IN_FLIGHT_MESSAGE });
    throw error;
  }
  await post(sql, {
    kind: "payout",
    key: `payout:${row.id}`,
    payoutId: row.id,
    lines: [
      { account: accountId, amountCents: -amountCents },
      { account: PAYOUTS_IN_TRANSIT, amountCents },
    ],
    keep: { [accountId]: keep },
    shortMessage: payoutTooLargeMessage(available),
    now,
  });
  return payoutJson(row);
}

/** Who is told of a payout: the restaurant's owner, or the courier. */
function noticeOf(
  row: { id: number; account: string; reference: string; amountCents: number; currency: string },
  stage: "paid" | "failed",
  reason?: string,
): NotificationInput[] {
  const [kind, id] = row.account.split(":");
  const payee = Number(id);
  if (!Number.isInteger(payee)) return [];
  return [
    {
      to: kind === "restaurant" ? { ownerOf: payee } : { userId: payee },
      kind: "payout_made",
      cause: `payout:${row.id}${stage === "failed" ? ":failed" : ""}`,
      payload: {
        amount: majorIn(row.currency)(row.amountCents),
        ...(row.currency !== DEFAULT_CURRENCY && { currency: row.currency }),
        note: stage === "failed" ? `${row.reference} failed: ${reason ?? "the bank returned it"}. The money is back in your balance.` : row.reference,
        ...(stage === "failed" ? { stage: "failed" } : {}),
        ...(kind === "restaurant" ? { restaurantId: payee } : {}),
      },
    },
  ];
}

/** What a payee reads for a provider's failure code. */
export const PAYOUT_FAILURES: Record<string, string> = {
  no_account: "the bank account does not exist",
  account_closed: "the bank account is closed",
  invalid_account_number: "the account number is invalid",
  could_not_process: "the bank could not process it",
};

/**
 * The provider's report of a payout applied, in the webhook's transaction: a pending payout
 * becomes paid (clearing:payouts to external: the ledger's payout to the outside world, only now)
 * or failed (clearing:payouts back to the payee's balance, and the payee told), by one conditional
 * UPDATE, so 20 deliveries of the event (or a payout.paid after a payout.failed) move it once. An
 * event for a payout Nosh has not recorded yet throws (the webhook is answered 500 and redelivered).
 */
export async function applyPayoutEvent(sql: Sql, provider: string, payout: ProviderPayout, now = new Date()): Promise<boolean> {
  if (payout.status === "pending") return false;
  const known = await payoutIdOf(sql, provider, payout.id);
  if (known === undefined) throw new Error(`Payout ${payout.id} of ${provider} is not recorded yet`);
  const paid = payout.status === "paid";
  const moved = await endPayout(sql, known, paid ? { paid } : { paid, failureCode: payout.failureCode ?? "could_not_process" }, now);
  if (!moved) return false;
  await post(sql, {
    kind: "payout",
    key: `payout:${moved.id}:${paid ? "paid" : "returned"}`,
    payoutId: moved.id,
    lines: [
      { account: PAYOUTS_IN_TRANSIT, amountCents: -moved.amountCents },
      { account: paid ? account.external : moved.account, amountCents: moved.amountCents },
    ],
    now,
  });
  const notices = noticeOf(moved, paid ? "paid" : "failed", PAYOUT_FAILURES[payout.failureCode ?? ""]);
  if (notices.length) await notify(sql, notices, now);
  return true;
}

/**
 * Pending payouts not yet sent whose payee's payout account has payouts enabled, sent to the
 * provider (the payouts.send job, and right after a payout is asked for). The provider's key is
 * the payout's (`payout:{id}`), so two instances sending at once make one payout; the id is
 * stored by a conditional UPDATE. A payee with no payout account, or one still pending
 * verification, keeps the payout waiting (its money already out of the balance).
 */
export async function sendPayouts(only?: number): Promise<number> {
  const waiting = await sqlTransaction((sql) => payoutsToSend(sql, only));
  let sent = 0;
  for (const row of waiting) {
    const provider = providerNamed(row.provider);
    const payout = await provider
      .createPayout({ accountId: row.providerAccountId, amountCents: row.amountCents, currency: row.currency, idempotencyKey: `payout:${row.id}` })
      .catch((error: unknown) => {
        appLog.error(`payout ${row.id}: the provider refused it`, { err: error });
        return null;
      });
    if (!payout) continue;
    if (await sqlTransaction((sql) => storeProviderPayout(sql, row.id, provider.name, payout.id))) sent++;
  }
  return sent;
}

/** An account's latest payouts, newest first. */
export async function payoutsOf(sql: Sql, accountId: string, limit = 20): Promise<PayoutJson[]> {
  return (await latestPayouts(sql, accountId, limit)).map(payoutJson);
}
