import "server-only";
import { majorIn } from "@/lib/shared/money/currency";
import { DISPUTED, type DisputeStatus } from "@/lib/shared/money/disputes";
import { cardLabel } from "@/lib/shared/money/payment-cards";
import { formatCents } from "@/lib/shared/money/money";
import type { Locale } from "@/lib/i18n/locale";
import { translatorFor } from "@/lib/i18n/translate";
import { ApiError, conflict, errorTextIn, notFound } from "../platform/errors";
import { sqlTransaction } from "../platform/sql";
import type { SessionUser } from "../platform/session-user";
import { cardToCharge } from "./methods";
import { challengePayment } from "./card-checkout";
import { declineMessage } from "./providers/provider";
import { paymentProvider, providerNamed } from "./providers/select";
import { insertFixAuthorization, linkFixPayment, ownOrderOf, paymentByIntent, paymentOfOrder, type PaymentRow, type PaymentState } from "./queries/payments";
import { claimHeldPayment, releaseHeldPayment } from "./queries/sync-claims";
import { disputeOfOrder } from "./queries/disputes";
import { applyIntent } from "./state";
import { syncOrderPayment } from "./sync";
import { said } from "@/lib/shared/words/said";

// A card order's payment as its customer sees it (GET /api/orders/{id}/payment, the order page),
// and a held order fixed with another card (POST /api/orders/{id}/payment): docs/architecture/payments.md.

export type OrderPaymentJson = {
  state: PaymentState;
  card: string;
  amount: number;
  captured: number;
  refunded: number;
  /** What the order page says about the money. */
  message: string;
  /** True while the customer must choose another card (the capture failed). */
  actionNeeded: boolean;
  /** The charge disputed with the card's bank (docs/architecture/payments.md "Disputes"), else null. */
  dispute: { status: DisputeStatus; label: typeof DISPUTED; amount: number; message: string } | null;
};

/** What the order page says about the payment, in the reader's language (the catalogue's server.labels.payment). */
export function paymentMessage(payment: PaymentRow, locale: Locale = "en"): string {
  const t = translatorFor(locale, "server.labels.payment");
  const card = cardLabel(payment);
  // In the payment's currency (the order's): "$31.25", "MX$31.25"; Spanish "31,25 US$".
  const money = (cents: number) => formatCents(cents, { currency: payment.currency, locale });
  switch (payment.state) {
    case "requires_action":
      return t("waiting", { amount: money(payment.amountCents), card });
    case "authorized":
      return t("authorized", { amount: money(payment.amountCents), card });
    case "captured":
      return payment.refundedCents > 0
        ? t("chargedRefunded", { amount: money(payment.capturedCents), card, refunded: money(payment.refundedCents) })
        : t("charged", { amount: money(payment.capturedCents), card });
    case "voided":
      return t("voided", { card });
    case "capture_failed":
      return errorTextIn(locale, declineMessage("capture_failed"));
    case "failed":
      return errorTextIn(locale, declineMessage(payment.failureCode));
  }
}

/** What a dispute of the charge means for the customer, in their language. */
function disputeMessage(status: DisputeStatus, cents: number, currency: string, locale: Locale): string {
  const amount = formatCents(cents, { currency, locale });
  const t = translatorFor(locale, "server.labels.payment");
  return status === "won" ? t("disputeWon", { amount }) : status === "lost" ? t("disputeLost", { amount }) : t("disputeOpen", { amount });
}

/** The payment's JSON, its amounts in major units of its currency (the order's). */
function toJson(payment: PaymentRow, dispute: { status: DisputeStatus; amountCents: number } | null, locale: Locale): OrderPaymentJson {
  const major = majorIn(payment.currency);
  return {
    state: payment.state,
    card: cardLabel(payment),
    amount: major(payment.amountCents),
    captured: major(payment.capturedCents),
    refunded: major(payment.refundedCents),
    message: paymentMessage(payment, locale),
    actionNeeded: payment.state === "capture_failed",
    dispute: dispute
      ? {
          status: dispute.status,
          label: DISPUTED,
          amount: major(dispute.amountCents),
          message: disputeMessage(dispute.status, dispute.amountCents, payment.currency, locale),
        }
      : null,
  };
}

async function ownOrder(user: SessionUser, orderId: number): Promise<{ totalCents: number; paymentMethod: string | null; stage: string | null }> {
  const order = await sqlTransaction((sql) => ownOrderOf(sql, orderId, user.id));
  if (!order) throw notFound(said("messages.orderNotFound"));
  return order;
}

/** GET /api/orders/{id}/payment: the caller's order's card payment ({ payment: null } for a wallet order or one placed before card payments). */
export async function readOrderPayment(user: SessionUser, orderId: number, locale: Locale = "en"): Promise<{ payment: OrderPaymentJson | null }> {
  await ownOrder(user, orderId);
  const [payment, dispute] = await sqlTransaction(async (sql) => [await paymentOfOrder(sql, orderId), await disputeOfOrder(sql, orderId)] as const);
  return { payment: payment ? toJson(payment, dispute, locale) : null };
}

/** A held payment's claim left by a request that died holding it is taken over after this. */
export const HELD_CLAIM_STALE_MS = 2 * 60_000;

const BEING_PAID = said("messages.paymentBeingMade");

/**
 * POST /api/orders/{id}/payment: an order on hold (its capture failed) paid with another saved card
 * (or the default), or with the intent a 3-D Secure challenge authorized: authorized for the
 * order's total and captured at once. Anything but a held order is a 409; a decline a 402. The held
 * payment is claimed (one conditional UPDATE) before the provider is called, and the new
 * authorization's idempotency key is made from the claim: of 20 requests at once one pays, the
 * others are 409s, and the card is charged once.
 */
export async function fixHeldPayment(
  user: SessionUser,
  orderId: number,
  input: { paymentMethodId?: number; paymentIntent?: string },
  locale: Locale = "en",
): Promise<{ payment: OrderPaymentJson }> {
  const order = await ownOrder(user, orderId);
  const held = await sqlTransaction((sql) => paymentOfOrder(sql, orderId));
  if (held?.state !== "capture_failed") throw conflict(said("rules.handlers.paymentNothing"));
  // Checked before the claim: a card that is not theirs claims nothing.
  const saved = input.paymentIntent ? null : await cardToCharge(user, input.paymentMethodId, "paymentMethodId", "paymentMethodId");
  const now = new Date();
  const claim = await sqlTransaction((sql) => claimHeldPayment(sql, held.id, now, new Date(now.getTime() - HELD_CLAIM_STALE_MS)));
  if (claim === null) throw conflict(BEING_PAID, { paymentMethodId: BEING_PAID });
  try {
    return { payment: toJson(await payHeld(user, orderId, order.totalCents, held.id, claim, saved, input.paymentIntent, held.currency), null, locale) };
  } catch (error) {
    // Declined, a challenge to pass, or anything else before the capture: the customer may try again.
    await sqlTransaction((sql) => releaseHeldPayment(sql, held.id, claim)).catch(() => undefined);
    throw error;
  }
}

async function payHeld(
  user: SessionUser,
  orderId: number,
  totalCents: number,
  heldId: number,
  claim: number,
  saved: Awaited<ReturnType<typeof cardToCharge>> | null,
  paymentIntent: string | undefined,
  currency: string,
): Promise<PaymentRow> {
  const provider = paymentProvider();
  let intent;
  let card: { id: number | null; brand: string; last4: string };
  if (paymentIntent) {
    const resumed = await sqlTransaction((sql) => paymentByIntent(sql, provider.name, paymentIntent));
    if (!resumed || resumed.userId !== user.id || resumed.orderId !== null)
      throw new ApiError("bad_request", said("messages.paymentNotYours"), { paymentIntent: said("rules.handlers.unknownPayment") });
    intent = await providerNamed(resumed.provider).retrieveIntent(resumed.intentId);
    card = { id: resumed.paymentMethodId, brand: resumed.brand, last4: resumed.last4 };
    if (!intent || intent.amountCents !== totalCents)
      throw new ApiError("bad_request", said("rules.handlers.paymentNotThis"), { paymentIntent: said("rules.handlers.wrongPayment") });
  } else {
    card = saved!;
    intent = await provider.authorize({
      amountCents: totalCents,
      currency,
      paymentMethodId: saved!.providerId,
      idempotencyKey: `fix:${heldId}:${claim}`,
      returnUrl: `/orders/${orderId}`,
    });
  }
  const payment = await sqlTransaction(async (sql) => {
    const row =
      (await paymentByIntent(sql, provider.name, intent.id)) ?? (await insertFixAuthorization(sql, user.id, provider.name, intent.id, card, totalCents, currency));
    const applied = (await applyIntent(sql, provider.name, intent)) ?? row;
    // Authorized: it becomes the order's payment (the newest), captured below.
    if (applied.state === "authorized") await linkFixPayment(sql, applied.id, orderId);
    return applied;
  });
  if (payment.state === "requires_action") {
    const message = said("messages.confirmToKeepOrder");
    throw new ApiError("payment_required", message, { paymentMethodId: message }, undefined, { payment: challengePayment(payment, intent) });
  }
  if (payment.state !== "authorized") {
    const message = declineMessage(intent.failureCode);
    throw new ApiError("payment_required", message, { paymentMethodId: message });
  }
  return (await syncOrderPayment(orderId)) ?? payment;
}
