import "server-only";
import { account, post } from "../ledger/post";
import { orderShares } from "../ledger/refund";
import { refundOrder, settleOrder } from "../ledger/orders";
import { sqlTransaction, type Sql } from "../platform/sql";
import type { Intent } from "./providers/provider";
import { movePayment, orderStage, paymentByIntent, type PaymentRow, type PaymentState } from "./queries/payments";
import { cardRefundsOfKeys } from "./queries/sync-claims";
import { postGiftCardSale } from "../gift-cards/book";

// Nosh's record of each authorization (the Payment table) follows what the provider reports, from
// its answers and its webhooks alike (applyIntent): a state only moves forward, so events applied
// in any order, or twice, end in the same place. The ledger's card lines are written here and only
// here, from what the provider confirmed (docs/architecture/payments.md): a capture (an order's
// payment, a wallet top-up's paid money, or gift cards sold: gift-cards/book.ts) and a refund (owed to the card in card-refunds until
// then, moved to external by its confirmation, once: the refunded amount only goes up).

const RANK: Record<PaymentState, number> = { requires_action: 0, authorized: 1, capture_failed: 2, failed: 3, captured: 3, voided: 3 };

export function stateOf(intent: Intent): PaymentState {
  switch (intent.status) {
    case "requires_action":
      return "requires_action";
    case "requires_capture":
      return "authorized";
    case "succeeded":
      return "captured";
    case "canceled":
      return "voided";
    case "failed":
      return intent.failureCode === "capture_failed" ? "capture_failed" : "failed";
  }
}

/**
 * The provider's report of an intent applied to its Payment row, in the caller's transaction: the
 * state moved forward only (an older report changes nothing), the refunded amount only up. When
 * the move is into captured, the order's payment is posted (external to clearing, the amount the
 * provider captured, keyed by the order: once however many reports say so), and an order already
 * delivered is settled. Returns the row as it stands.
 */
export async function applyIntent(sql: Sql, provider: string, intent: Intent, now = new Date()): Promise<PaymentRow | null> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const current = await paymentByIntent(sql, provider, intent.id);
    if (!current) return null;
    const next = stateOf(intent);
    const forward = RANK[next] > RANK[current.state];
    const refunded = Math.max(current.refundedCents, intent.refundedCents);
    if (!forward && refunded === current.refundedCents) return current;
    const state = forward ? next : current.state;
    const updated = await movePayment(
      sql,
      current,
      {
        state,
        capturedCents: forward && state === "captured" ? intent.capturedCents : current.capturedCents,
        refundedCents: refunded,
        failureCode: forward ? intent.failureCode : current.failureCode,
      },
      now,
    );
    if (!updated) continue; // Another report moved it meanwhile: read it again.
    if (forward && state === "captured" && updated.orderId !== null) await postCapture(sql, updated, now);
    if (forward && state === "captured" && updated.purpose === "topup") await postTopUp(sql, updated, now);
    if (forward && state === "captured" && updated.purpose === "giftcard") await postGiftCardSale(sql, updated, now);
    if (forward && state === "captured" && updated.purpose === "membership") await postMembershipCharge(sql, updated, now);
    if (refunded > current.refundedCents && updated.orderId !== null) await postRefundConfirmed(sql, updated.orderId, updated, current.refundedCents, now);
    if (refunded > current.refundedCents && updated.purpose === "membership") await postMembershipRefund(sql, updated, current.refundedCents, now);
    if (refunded > current.refundedCents && (updated.purpose === "tip" || updated.purpose === "change"))
      await postTipRefundConfirmed(sql, updated, current.refundedCents, now);
    return updated;
  }
  throw new Error(`Payment ${intent.id}: too many concurrent updates`);
}

/** The captured amount into clearing from external (the card), keyed by the order; an order delivered meanwhile is settled now. */
async function postCapture(sql: Sql, payment: PaymentRow, now: Date): Promise<void> {
  const orderId = payment.orderId!;
  await post(sql, {
    kind: "payment",
    key: `order:${orderId}:payment`,
    orderId,
    lines: [
      { account: account.external, amountCents: -payment.capturedCents },
      { account: account.clearing, amountCents: payment.capturedCents },
    ],
    now,
  });
  const stage = await orderStage(sql, orderId);
  if (stage === "delivered") await settleOrder(sql, orderId, now);
  // Captured after the order ended without food (a capture racing a cancel): given straight back (to the card, through the provider: sync.ts).
  if (stage === "rejected" || stage === "canceled" || stage === "expired") await refundOrder(sql, orderId, now);
}

/** A top-up's captured amount into the wallet's paid money, from external (the card), keyed by the payment: once however many reports say so. */
async function postTopUp(sql: Sql, payment: PaymentRow, now: Date): Promise<void> {
  await post(sql, {
    kind: "topup",
    key: `topup:${payment.id}`,
    currency: payment.currency,
    lines: [
      { account: account.external, amountCents: -payment.capturedCents },
      { account: account.walletPaid(payment.userId), amountCents: payment.capturedCents },
    ],
    now,
  });
}

/** A membership period's charge (payments/membership-charge.ts): the platform's revenue from external (the card), keyed by the payment. */
async function postMembershipCharge(sql: Sql, payment: PaymentRow, now: Date): Promise<void> {
  await post(sql, {
    kind: "payment",
    key: `membership:${payment.id}`,
    currency: payment.currency,
    lines: [
      { account: account.external, amountCents: -payment.capturedCents },
      { account: account.platform, amountCents: payment.capturedCents },
    ],
    now,
  });
}

/** A membership period refunded (its refund rule: membership/cancel.ts): the platform gives back what the provider confirmed, once per confirmed amount. */
async function postMembershipRefund(sql: Sql, payment: PaymentRow, before: number, now: Date): Promise<void> {
  await postCardRefund(sql, payment, account.platform, Math.min(payment.refundedCents, payment.capturedCents) - before, { currency: payment.currency }, now);
}

/**
 * The provider confirmed refunds on a card (its refunded amount went up from `before`): that much
 * of what order `orderId` owes its card (card-refunds) leaves for external, keyed by the payment and
 * the new amount, so each confirmation posts once whether it came as the answer or the webhook. More
 * than the order owes the card (a refund made at the provider's dashboard) moves only what it owes.
 * The order is the payment's own, or (spill-refund.ts) the one a change's or tip's capture paid for.
 */
export async function postRefundConfirmed(sql: Sql, orderId: number, payment: PaymentRow, before: number, now: Date): Promise<void> {
  const owed = (await orderShares(sql, orderId)).get(account.cardRefunds) ?? 0;
  await postCardRefund(sql, payment, account.cardRefunds, Math.min(payment.refundedCents - before, owed), { orderId }, now);
}

/** A tip charge given back (a raise that lost to another, orders/tip-raise.ts), or a replacement's (an answer that lost, order-changes/answer.ts): what its entry owes the card (card-refunds, `{purpose}:{id}`) leaves for external as the provider confirms it. */
async function postTipRefundConfirmed(sql: Sql, payment: PaymentRow, before: number, now: Date): Promise<void> {
  const owed = await cardRefundsOfKeys(sql, `${payment.purpose}:${payment.id}`, `card-refund:${payment.id}:%`);
  await postCardRefund(sql, payment, account.cardRefunds, Math.min(payment.refundedCents - before, owed), { currency: payment.currency }, now);
}

/**
 * `cents` (when above 0) of a card's confirmed refund leave `from` for external, keyed by the
 * payment and its new refunded amount, so each confirmation posts once whether it came as the
 * answer or the webhook; the entry is in its order's currency, or the payment's.
 */
async function postCardRefund(sql: Sql, payment: PaymentRow, from: string, cents: number, on: { orderId: number } | { currency: string }, now: Date): Promise<void> {
  if (cents <= 0) return;
  await post(sql, {
    kind: "refund",
    key: `card-refund:${payment.id}:${payment.refundedCents}`,
    ...on,
    lines: [
      { account: from, amountCents: -cents },
      { account: account.external, amountCents: cents },
    ],
    now,
  });
}

/** applyIntent in its own transaction. */
export function recordIntent(provider: string, intent: Intent): Promise<PaymentRow | null> {
  return sqlTransaction((sql) => applyIntent(sql, provider, intent));
}
