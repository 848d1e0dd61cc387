import "server-only";
import { config } from "../platform/config";
import type { Sql } from "../platform/sql";
import { account, post, type Entry, type Line } from "./post";
import { orderSharesIn, planRefund, refundTo } from "./refund";
import { lockedCardRoom, placeBeyondCard, readCardRoom } from "./refundable";
import { splitOrder } from "./split";
import { settleMemberBenefit } from "./member-benefit";
import { walletDebit } from "./wallet-parts";
import { inCurrency } from "./currency";
import { cardRefundedCents, refundEntries } from "./queries/refunds";
import { clearingHeld, settleFacts } from "./queries/order-sums";
import { said } from "@/lib/shared/words/said";

// An order's money (docs/architecture/ledger.md): its payment puts the total in clearing (from the
// wallet, or from the external card account), its delivery splits clearing between the
// restaurant, the courier and the platform, and a cancel, reject, expiry or refund reverses every
// line the order's entries wrote, in one entry (refund.ts, the one refund planner). Each is keyed by the order, so none is written twice.

/**
 * A wallet payment: the total from the customer's wallet into clearing, its promotional credit first,
 * then its paid money (wallet-parts.ts; 400 `insufficientMessage` when short). A card's payment
 * is written from the provider's capture (lib/server/payments/state.ts, same key), never here: nothing is posted for it.
 */
export async function chargeOrder(
  sql: Sql,
  order: { id: number; userId: number; paymentMethod: string; totalCents: number; currency?: string },
  insufficientMessage = said("messages.insufficientFunds"),
  now = new Date(),
): Promise<void> {
  if (order.totalCents <= 0 || order.paymentMethod !== "wallet") return;
  await post(sql, {
    kind: "payment",
    key: `order:${order.id}:payment`,
    orderId: order.id,
    lines: [...(await walletDebit(sql, order.userId, order.totalCents, order.currency)), { account: account.clearing, amountCents: order.totalCents }],
    insufficientMessage,
    now,
  });
}

/**
 * An order's payment from `from` into clearing, keyed like any order's payment (once): a door
 * payment from the restaurant's balance (its staff hold the cash), a delivery-only order from its
 * earnings, cash collected from the courier's cash account. `guard`: what the debit may do
 * (overdraw `from`, or keep what is held with a message when short).
 */
export async function payOrderFrom(
  sql: Sql,
  from: string,
  order: { id: number; totalCents: number },
  guard: Pick<Entry, "overdraw" | "keep" | "shortMessage">,
  now: Date,
): Promise<void> {
  await post(sql, {
    kind: "payment",
    key: `order:${order.id}:payment`,
    orderId: order.id,
    lines: [
      { account: from, amountCents: -order.totalCents },
      { account: account.clearing, amountCents: order.totalCents },
    ],
    ...guard,
    now,
  });
}

/**
 * The split of a delivered order, in the transaction that marks it delivered (orders/transition.ts):
 * what its payment put in clearing goes to the restaurant, the courier who delivered it (a
 * delivery job in state delivered) and the platform. Without a courier (the restaurant's own staff
 * delivered it, or a pickup) the courier's share (delivery and priority fees, tip) is the
 * restaurant's. An order whose payment is not in clearing (placed before the ledger, or free) moves nothing.
 * A flagged delivery (a step taken away from its stop, docs/architecture/couriers.md) leaves the
 * courier's share in clearing until an operator decides (`decideCourierPay`).
 */
export async function settleOrder(sql: Sql, orderId: number, now = new Date()): Promise<void> {
  const row = await settleFacts(sql, orderId);
  const held = row?.held ?? 0;
  if (!row || held <= 0) return;
  const percent = row.commissionPercent ?? config().platformCommissionPercent;
  // An offer the platform pays (docs/architecture/promotions.md "Who pays"): the promotions account
  // (the marketing budget) makes up that part of the discount, so the restaurant's share is whole.
  const funded = Math.max(0, Math.min(row.platformFundedCents, row.discountCents));
  const split = splitOrder({ ...row, discountCents: row.discountCents - funded }, percent, held + funded);
  // A restaurant deleted since (its orders are canceled first, so only in theory): its share is the platform's.
  const restaurant = row.restaurantId === null ? account.platform : account.restaurant(row.restaurantId);
  const courier = row.courierId === null ? restaurant : row.courierPayWaits > 0 ? account.clearing : account.courier(row.courierId);
  await post(sql, {
    kind: "settlement",
    key: `order:${orderId}:settlement`,
    orderId,
    lines: [
      { account: account.clearing, amountCents: -held },
      ...(funded > 0 ? [{ account: account.promotions, amountCents: -funded }] : []),
      { account: restaurant, amountCents: split.restaurantCents },
      { account: courier, amountCents: split.courierCents },
      { account: account.platform, amountCents: split.platformCents },
      // Collected sales tax: tax payable, apart from the platform's revenue (docs/architecture/ledger.md "Accounts").
      { account: account.tax, amountCents: split.taxCents },
    ],
    now,
  });
  // A member's order: the fees its membership waived, paid by the platform to those who earned them.
  await settleMemberBenefit(sql, orderId, courier, now);
}

/**
 * A cancel, reject, expiry or a deleted restaurant's open order: every share of the order reversed
 * in one entry (refund.ts, `{ whole: true }`), so each account gives back exactly what it received
 * (the wallet or card gets its payment back). Keyed by the order: a second refund moves nothing.
 * A restaurant or courier that has paid its share out since goes below zero (a claw-back from its
 * later earnings); the platform short of its share: a 409 (`shortMessage`), and nothing moves.
 */
export async function refundOrder(sql: Sql, orderId: number, now = new Date(), shortMessage?: string): Promise<void> {
  const { lines, overdraw } = await planRefund(sql, orderId, { whole: true });
  await post(sql, { kind: "refund", key: `order:${orderId}:refund`, orderId, lines, overdraw, walletKind: "refund", shortMessage, now });
}

/**
 * An operator's decision on a flagged delivery's pay (operators/deliveries.ts), in its transaction:
 * what the settlement left in clearing for the order (the courier's share, or nothing if a refund
 * took it back since) goes to the courier (approved) or back the way the customer paid (refused:
 * refund.ts refundTo: the wallet, or the card through card-refunds). Keyed by the order: one decision moves money once.
 */
export async function decideCourierPay(
  sql: Sql,
  order: { id: number; userId: number; paymentMethod: string | null },
  courierId: number,
  approved: boolean,
  now = new Date(),
): Promise<number> {
  const cents = await clearingHeld(sql, order.id);
  if (cents <= 0) return 0;
  const to = approved ? [{ account: account.courier(courierId), amountCents: cents }] : await refusedPayBack(sql, order, cents);
  await post(sql, {
    kind: approved ? "settlement" : "refund",
    key: `order:${order.id}:courier-pay`,
    orderId: order.id,
    lines: [{ account: account.clearing, amountCents: -cents }, ...to],
    walletKind: "refund",
    now,
  });
  return cents;
}

/** A refused courier's pay back to the customer the way they paid (refund.ts refundTo, within the card's room); on a disputed charge the bank returned it already: to the dispute's account (refundable.ts). */
async function refusedPayBack(sql: Sql, order: { id: number; userId: number; paymentMethod: string | null; currency?: string }, cents: number): Promise<Line[]> {
  const card = await lockedCardRoom(sql, order.id);
  const { shares, currency } = await orderSharesIn(sql, order.id);
  const back = refundTo(shares, order, cents, card.cents);
  return [...back.lines, ...placeBeyondCard(back.rest, card, true, currency)];
}

/**
 * A refund on the customer's receipt: what went back to the wallet or card, when, and why; `pending` while the provider has not confirmed a card's.
 * `change`: an order change's (docs/architecture/order-changes.md), already taken off the order's total.
 */
export type ReceiptRefund = { cents: number; at: Date; problemId: number | null; label: string; pending: boolean; change: boolean };

export { NOT_CONFIRMATION } from "./queries/refunds";

/**
 * What the order's refund entries gave back to its customer (the receipt's "Refunded" lines, in
 * the order they were posted): the payer's lines of each (the wallet's two parts, the card's
 * through card-refunds); a problem report's is the report's refund, as its lines may be netted
 * with what the company fronted from its own money (refund.ts). A card's refunds beyond what the
 * provider confirmed (its payments' refundedCents), the newest, are "Refund pending".
 */
export async function receiptRefunds(sql: Sql, order: { id: number; userId: number; paymentMethod: string | null; currency?: string }): Promise<ReceiptRefund[]> {
  const payers = [account.wallet(order.userId), account.walletPaid(order.userId), account.cardRefunds, account.external].map((id) => inCurrency(id, order.currency));
  const rows = await refundEntries(sql, order.id, payers as [string, string, string, string]);
  // Confirmed: what the provider refunded, and owed refunds a dispute's chargeback returned instead (refundable.ts).
  let confirmed = order.paymentMethod === "card" ? (await cardRefundedCents(sql, order.id)) + (await readCardRoom(sql, order.id)).settledCents : Infinity;
  return rows
    .map((row) => {
      const { problemId, card } = row;
      const cents = problemId !== null ? row.refundCents : row.cents;
      // Oldest first: the provider's confirmed refunds cover the card's parts in order.
      const pending = card > confirmed;
      confirmed = Math.max(0, confirmed - card);
      const change = problemId === null && Boolean(row.key?.startsWith("order-change:"));
      const label = problemId !== null ? `problem report #${problemId}` : row.key?.endsWith(":courier-pay") ? "delivery" : change ? "unavailable dish" : null;
      return {
        cents,
        at: row.createdAt,
        problemId,
        label: `${pending ? "Refund pending" : "Refunded"}${label ? ` · ${label}` : ""}`,
        pending,
        change,
      };
    })
    .filter((refund) => refund.cents > 0);
}
