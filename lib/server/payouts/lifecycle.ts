import "server-only";
import { randomBytes } from "node:crypto";
import { centsToDollars, formatCents } from "@/lib/shared/money";
import { config } from "../platform/config";
import { conflict, isUniqueViolation } from "../platform/errors";
import { dateOf, sqlTransaction, type Sql } from "../platform/sql";
import { notify, type NotificationInput } from "../notifications/outbox";
import { account, balanceOf, post } from "../ledger/post";
import { providerNamed } from "../payments/select";
import type { ProviderPayout } from "../payments/provider";

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
export const PAYOUT_IN_FLIGHT_MESSAGE = "A payout is already on its way. Wait until it is paid.";
export const payoutTooLargeMessage = (availableCents: number) => `You can pay out at most ${formatCents(availableCents)}`;

export type PayoutJson = { id: number; reference: string; amount: number; state: "pending" | "paid" | "failed"; createdAt: string; paidAt: string | null };

type PayoutRow = { id: number | bigint; reference: string; amountCents: number | bigint; state: string; createdAt: unknown; paidAt: unknown };

const payoutJson = (row: PayoutRow): PayoutJson => ({
  id: Number(row.id),
  reference: row.reference,
  amount: centsToDollars(Number(row.amountCents)),
  state: row.state as PayoutJson["state"],
  createdAt: dateOf(row.createdAt).toISOString(),
  paidAt: row.paidAt == null ? null : dateOf(row.paidAt).toISOString(),
});

/** "PO-20261125-7F3A9C": the day and six random hex digits, unique by the table's index. */
const newReference = (now: Date) => `PO-${now.toISOString().slice(0, 10).replace(/-/g, "")}-${randomBytes(3).toString("hex").toUpperCase()}`;

export type PendingEarning = { orderId: number; cents: number; availableAt: Date; openReport: boolean };

/** The problem report statuses that hold an order's earnings (problems/read.ts OPEN_STATUSES). */
const OPEN_REPORT = `EXISTS (SELECT 1 FROM "ProblemReport" p WHERE p."orderId" = o."id" AND p."status" IN ('pending', 'escalated', 'appealed'))`;

/**
 * An order (alias o) paid, even in part, with a wallet's promotional credit (its payment took from a
 * "wallet:{id}" account): its earnings are never paid out. An order paid with a wallet's paid money
 * ("wallet-paid:{id}", card top-ups) or by card is not (docs/architecture/ledger.md "A wallet's two parts").
 */
export const PROMOTIONAL_ORDER = `EXISTS (SELECT 1 FROM "LedgerLine" pl JOIN "LedgerEntry" pe ON pe."id" = pl."entryId" WHERE pe."orderId" = o."id" AND pe."kind" = 'payment' AND pl."account" LIKE 'wallet:%' AND pl."amountCents" < 0)`;

/** What an account holds that cannot be paid out now: earnings pending, and earnings of promotional orders (never). */
export type Held = { pending: PendingEarning[]; promotionalCents: number };

/**
 * Earnings not yet available (issue 49, issue 59 item 4): each delivered order's share held by
 * `accountId` (the sum of its lines on the order's entries: the settlement, less refunds taken
 * back) while the order's problem report window is open, `earningsHoldMs` (EARNINGS_HOLD_SECONDS,
 * default 48 hours) after its delivery (Order.closedAt), and while any report on it is open
 * (`openReport`, whatever the window). Soonest first. And the account's shares of promotional
 * orders (PROMOTIONAL_ORDER: paid, even in part, with a wallet's promotional credit,
 * docs/architecture/ledger.md "Promotional money"), never available.
 */
export async function heldEarnings(sql: Sql, accountId: string, now = new Date(), holdMs = config().earningsHoldMs): Promise<Held> {
  const rows = await sql.all<{
    orderId: number | bigint;
    closedAt: unknown;
    promotional: number | bigint | boolean;
    openReport: number | bigint | boolean;
    cents: number | bigint;
  }>(
    `SELECT e."orderId", o."closedAt", CASE WHEN ${PROMOTIONAL_ORDER} THEN 1 ELSE 0 END AS "promotional",
       CASE WHEN ${OPEN_REPORT} THEN 1 ELSE 0 END AS "openReport", CAST(SUM(l."amountCents") AS BIGINT) AS "cents"
     FROM "LedgerLine" l JOIN "LedgerEntry" e ON e."id" = l."entryId" JOIN "Order" o ON o."id" = e."orderId"
     WHERE l."account" = ? AND o."stage" = 'delivered' AND (o."closedAt" > ? OR ${PROMOTIONAL_ORDER} OR ${OPEN_REPORT})
     GROUP BY e."orderId", o."closedAt", o."paymentMethod", o."id"`,
    [accountId, new Date(now.getTime() - holdMs)],
  );
  const pending: PendingEarning[] = [];
  let promotionalCents = 0;
  for (const row of rows) {
    const cents = Number(row.cents);
    if (cents <= 0) continue;
    if (Number(row.promotional)) {
      promotionalCents += cents;
      continue;
    }
    pending.push({ orderId: Number(row.orderId), cents, availableAt: new Date(dateOf(row.closedAt).getTime() + holdMs), openReport: Boolean(Number(row.openReport)) });
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
export const pendingEarningJson = (row: PendingEarning): PendingEarningJson => ({
  orderId: row.orderId,
  amount: centsToDollars(row.cents),
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
  const [pending] = await sql.all(`SELECT 1 AS "one" FROM "Payout" WHERE "account" = ? AND "state" = 'pending'`, [accountId]);
  if (pending) throw conflict(PAYOUT_IN_FLIGHT_MESSAGE, { [field]: PAYOUT_IN_FLIGHT_MESSAGE });
  const { availableCents: available, balanceCents } = await availableOf(sql, accountId, now);
  if (amountCents > available) throw conflict(payoutTooLargeMessage(available), { [field]: payoutTooLargeMessage(available) });
  // What stays held (pending, promotional) is kept by the debit itself: a refund or claw-back
  // committed since the read above makes this payout the 409 rather than pay held money out.
  const keep = balanceCents - available;
  let row: PayoutRow;
  try {
    [row] = (await sql.all<PayoutRow>(
      `INSERT INTO "Payout" ("account", "reference", "amountCents", "state", "createdAt") VALUES (?, ?, ?, 'pending', ?) RETURNING "id", "reference", "amountCents", "state", "createdAt", "paidAt"`,
      [accountId, newReference(now), amountCents, now],
    )) as [PayoutRow];
  } catch (error) {
    // Another request's payout committed between the check and the insert (PostgreSQL).
    if (isUniqueViolation(error) || /unique|duplicate/i.test(String(error))) throw conflict(PAYOUT_IN_FLIGHT_MESSAGE, { [field]: PAYOUT_IN_FLIGHT_MESSAGE });
    throw error;
  }
  await post(sql, {
    kind: "payout",
    key: `payout:${Number(row.id)}`,
    payoutId: Number(row.id),
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
function noticeOf(row: { id: number; account: string; reference: string; amountCents: number }, stage: "paid" | "failed", reason?: string): NotificationInput[] {
  const [kind, id] = row.account.split(":");
  const payee = Number(id);
  if (!Number.isInteger(payee)) return [];
  return [
    {
      to: kind === "restaurant" ? { ownerOf: payee } : { userId: payee },
      kind: "payout_made",
      cause: `payout:${row.id}${stage === "failed" ? ":failed" : ""}`,
      payload: {
        amount: centsToDollars(row.amountCents),
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
  const [known] = await sql.all<{ id: number | bigint }>(`SELECT "id" FROM "Payout" WHERE "provider" = ? AND "providerPayoutId" = ?`, [provider, payout.id]);
  if (!known) throw new Error(`Payout ${payout.id} of ${provider} is not recorded yet`);
  const paid = payout.status === "paid";
  const [row] = await sql.all<{ id: number | bigint; account: string; reference: string; amountCents: number | bigint }>(
    paid
      ? `UPDATE "Payout" SET "state" = 'paid', "paidAt" = ? WHERE "id" = ? AND "state" = 'pending' RETURNING "id", "account", "reference", "amountCents"`
      : `UPDATE "Payout" SET "state" = 'failed', "failedAt" = ?, "failureCode" = ? WHERE "id" = ? AND "state" = 'pending' RETURNING "id", "account", "reference", "amountCents"`,
    paid ? [now, Number(known.id)] : [now, payout.failureCode ?? "could_not_process", Number(known.id)],
  );
  if (!row) return false;
  const moved = { id: Number(row.id), account: row.account, reference: row.reference, amountCents: Number(row.amountCents) };
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
  const waiting = await sqlTransaction((sql) =>
    sql.all<{ id: number | bigint; amountCents: number | bigint; provider: string; providerAccountId: string }>(
      `SELECT p."id", p."amountCents", a."provider", a."providerAccountId" FROM "Payout" p JOIN "PayoutAccount" a ON a."account" = p."account"
       WHERE p."state" = 'pending' AND p."providerPayoutId" IS NULL AND a."payoutsEnabled" = true ${only === undefined ? "" : `AND p."id" = ?`}
       ORDER BY p."id" LIMIT 100`,
      only === undefined ? [] : [only],
    ),
  );
  let sent = 0;
  for (const row of waiting) {
    const provider = providerNamed(row.provider);
    const payout = await provider
      .createPayout({ accountId: row.providerAccountId, amountCents: Number(row.amountCents), idempotencyKey: `payout:${Number(row.id)}` })
      .catch((error: unknown) => {
        console.error(`payout ${Number(row.id)}: the provider refused it`, error);
        return null;
      });
    if (!payout) continue;
    const stored = await sqlTransaction((sql) =>
      sql.all(`UPDATE "Payout" SET "provider" = ?, "providerPayoutId" = ? WHERE "id" = ? AND "providerPayoutId" IS NULL RETURNING "id"`, [
        provider.name,
        payout.id,
        Number(row.id),
      ]),
    );
    sent += stored.length;
  }
  return sent;
}

/** An account's latest payouts, newest first. */
export async function payoutsOf(sql: Sql, accountId: string, limit = 20): Promise<PayoutJson[]> {
  const rows = await sql.all<PayoutRow>(
    `SELECT "id", "reference", "amountCents", "state", "createdAt", "paidAt" FROM "Payout" WHERE "account" = ? ORDER BY "createdAt" DESC, "id" DESC LIMIT ?`,
    [accountId, limit],
  );
  return rows.map(payoutJson);
}
