import "server-only";
import { formatCents } from "@/lib/shared/money/money";
import { said } from "@/lib/shared/words/said";
import { inCurrency } from "../ledger/currency";
import { account, post } from "../ledger/post";
import { payOrderFrom } from "../ledger/orders";
import { conflict } from "../platform/errors";
import type { Sql } from "../platform/sql";
import { insertDeposit, lockCashAccount } from "./queries";

// A courier's cash in the ledger (docs/architecture/ledger.md "Cash at the door"), every move through post(): collected,
// the order's payment goes from the courier's cash account into clearing (below zero: the courier
// owes it), and the delivery splits clearing as for a card; handed over, the account comes back
// toward zero, from the outside world (a deposit an operator records) or from the courier's
// earnings (deducted at a payout). A deposit and a deduction each lock the account first
// (lockCashAccount), so two at once never take back more than is owed; a ledger check holds it at
// or below zero too.

type DepositMethod = "bank" | "office" | "payout";

/** The cash of `order` collected by `courierId`: its total from the courier's cash account into clearing, keyed as the order's payment (once). */
export async function postCollection(sql: Sql, order: { id: number; totalCents: number }, courierId: number, now: Date): Promise<void> {
  if (order.totalCents <= 0) return;
  await payOrderFrom(sql, account.courierCash(courierId), order, {}, now);
}

/** What the courier holds in `currency`, locked for the caller's transaction. */
async function lockedOwed(sql: Sql, courierId: number, currency: string, now: Date): Promise<number> {
  return -(await lockCashAccount(sql, inCurrency(account.courierCash(courierId), currency), now));
}

/**
 * Cash handed over: a CashDeposit row and its entry (key `cash-deposit:{id}`), from the outside
 * world (a bank deposit, the office) or from the courier's earnings (`payout`). A 409 naming
 * `amount` beyond what the courier holds.
 */
export async function postDeposit(
  sql: Sql,
  deposit: { courierId: number; currency: string; amountCents: number; method: DepositMethod; reference: string; recordedById: number | null },
  now: Date,
): Promise<{ id: number; owedCents: number }> {
  const owed = await lockedOwed(sql, deposit.courierId, deposit.currency, now);
  if (deposit.amountCents > owed) {
    const message = said("messages.cashDepositTooLarge", { owed: formatCents(owed, { currency: deposit.currency }) });
    throw conflict(message, { amount: message });
  }
  const id = await insertDeposit(sql, { ...deposit, now });
  const from = deposit.method === "payout" ? account.courier(deposit.courierId) : account.external;
  await post(sql, {
    kind: deposit.method === "payout" ? "deduct" : "payment",
    key: `cash-deposit:${id}`,
    currency: deposit.currency,
    lines: [
      { account: from, amountCents: -deposit.amountCents },
      { account: account.courierCash(deposit.courierId), amountCents: deposit.amountCents },
    ],
    now,
  });
  return { id, owedCents: owed - deposit.amountCents };
}

/**
 * At a courier's payout, in its transaction before the payout itself: the cash they hold in its
 * currency taken from their available earnings (as much as is available), so the payout pays only
 * what is left. Returns the cents deducted.
 */
export async function deductCashAtPayout(sql: Sql, courierId: number, currency: string, availableCents: number, now: Date): Promise<number> {
  const owed = await lockedOwed(sql, courierId, currency, now);
  const cents = Math.min(owed, availableCents);
  if (cents <= 0) return 0;
  await postDeposit(sql, { courierId, currency, amountCents: cents, method: "payout", reference: "", recordedById: null }, now);
  return cents;
}
