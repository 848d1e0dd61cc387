import "server-only";
import { DEFAULT_CURRENCY } from "@/lib/shared/money/currency";
import type Stripe from "stripe";
import { config } from "../../../platform/config";
import { ApiError } from "../../../platform/errors";
import type { Intent, PaymentProvider, ProviderCard, ProviderEvent } from "../provider";
import { isStripeError, stripe, stripeCurrency } from "./client";
import { payoutAccountOf, providerPayoutOf, stripePayouts } from "./connect";
import { DISPUTE_EVENTS, disputeOf, stripeDisputes, type DisputeEventType } from "./disputes";
import { stripeBilling } from "./billing";
import { said } from "@/lib/shared/words/said";

// The Stripe provider (docs/architecture/payments.md, docs/deploying.md "Payments"), selected by
// STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, written with the official `stripe` package:
// PaymentIntents with manual capture (authorize at placement, capture at accept, cancel to void),
// Refunds against the PaymentIntent, webhooks verified with stripe.webhooks.constructEvent. The
// browser tokenizes the card with Stripe.js: Nosh only ever sees the pm_ id. Every write carries
// Nosh's idempotency key (Stripe's Idempotency-Key header), so a retry, or 20 racing accepts,
// moves the money once at Stripe. Tested against a local stand-in of the endpoints it calls
// (testing/stand-in.ts, STRIPE_API_BASE), never against Stripe itself.

export const STRIPE_PROVIDER = "stripe";
export const STRIPE_SIGNATURE_HEADER = "stripe-signature";
const nosh = (code: string | null | undefined) => (code ? code.toUpperCase() : DEFAULT_CURRENCY);
/** A signature older than this (seconds) is refused: Stripe's default tolerance. */
const SIGNATURE_TOLERANCE_S = 300;

const BRANDS: Record<string, string> = { visa: "Visa", mastercard: "Mastercard", amex: "American Express", discover: "Discover" };

type PaymentError = { code?: string | null; decline_code?: string | null } | null | undefined;

/** Stripe's error codes in Nosh's words (DECLINE_SAID): a failed challenge, the four declines, else a generic decline. */
function failureCodeOf(error: PaymentError): string {
  if (!error) return "card_declined";
  if (error.code === "payment_intent_authentication_failure") return "authentication_failed";
  for (const code of [error.decline_code, error.code]) if (code === "insufficient_funds" || code === "expired_card" || code === "incorrect_cvc") return code;
  return "card_declined";
}

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === "string" ? value : (value?.id ?? ""));

/** A PaymentIntent as Nosh's Intent; the refunded amount from its latest charge when expanded (else 0: applyIntent only takes it upward). */
export function intentOf(pi: Stripe.PaymentIntent): Intent {
  const charge = typeof pi.latest_charge === "object" ? pi.latest_charge : null;
  const base = {
    id: pi.id,
    amountCents: pi.amount,
    currency: nosh(pi.currency),
    capturedCents: pi.status === "succeeded" ? pi.amount_received : 0,
    refundedCents: charge?.amount_refunded ?? 0,
    paymentMethodId: idOf(pi.payment_method),
    failureCode: null,
    challengeUrl: null,
  };
  switch (pi.status) {
    case "requires_action":
      return {
        ...base,
        status: "requires_action",
        challengeUrl: pi.next_action?.redirect_to_url?.url ?? null,
        ...(pi.client_secret ? { clientSecret: pi.client_secret } : {}),
      };
    case "requires_capture":
      return { ...base, status: "requires_capture" };
    case "succeeded":
      return { ...base, status: "succeeded" };
    case "canceled":
      // Canceled by Stripe itself ("automatic", "expired": the authorization lapsed before its capture) or
      // released by Nosh after a refused capture ("abandoned", capture below): a failed capture, the
      // order held for another card, not a void. Nosh's voids give no reason.
      return pi.cancellation_reason === "automatic" || pi.cancellation_reason === "expired" || pi.cancellation_reason === "abandoned"
        ? { ...base, status: "failed", failureCode: "capture_failed" }
        : { ...base, status: "canceled" };
    case "requires_payment_method":
    case "requires_confirmation":
      return { ...base, status: "failed", failureCode: failureCodeOf(pi.last_payment_error) };
    default:
      throw new Error(`Stripe PaymentIntent ${pi.id}: unexpected status ${pi.status} for a card with manual capture`);
  }
}

/** A refunded charge (charge.refunded) as its PaymentIntent's Intent. */
function intentOfCharge(charge: Stripe.Charge): Intent {
  return {
    id: idOf(charge.payment_intent),
    status: "succeeded",
    amountCents: charge.amount,
    currency: nosh(charge.currency),
    capturedCents: charge.amount_captured,
    refundedCents: charge.amount_refunded,
    paymentMethodId: charge.payment_method ?? "",
    failureCode: null,
    challengeUrl: null,
  };
}

/** Stripe's answer to a move the PaymentIntent's state does not allow (a second cancel, a capture of a captured intent). */
const isStateError = (error: unknown) => isStripeError(error) && (error.type === "StripeInvalidRequestError" || error.type === "StripeCardError");

async function retrieve(id: string): Promise<Stripe.PaymentIntent> {
  return stripe().paymentIntents.retrieve(id, { expand: ["latest_charge"] });
}

/**
 * The customer a card is charged under: a pm_ from Stripe.js is attached to a Stripe Customer the
 * first time it is used (a PaymentMethod can be reused only once attached), one Customer per card,
 * keyed by the pm_ id so a retry makes one.
 */
async function customerOf(paymentMethodId: string): Promise<string> {
  const method = await stripe().paymentMethods.retrieve(paymentMethodId);
  if (method.customer) return idOf(method.customer);
  const customer = await stripe().customers.create({ metadata: { nosh_payment_method: paymentMethodId } }, { idempotencyKey: `customer:${paymentMethodId}` });
  await stripe().paymentMethods.attach(paymentMethodId, { customer: customer.id }, { idempotencyKey: `attach:${paymentMethodId}` });
  return customer.id;
}

/** A relative return path ("/checkout") as the absolute URL Stripe sends the customer back to. */
const absolute = (returnUrl: string) => new URL(returnUrl, config().linkOrigin).toString();

/** The events Nosh reads, and the intent each carries; docs/deploying.md lists them for the endpoint's configuration. */
export const STRIPE_EVENTS = [
  "payment_intent.amount_capturable_updated",
  "payment_intent.requires_action",
  "payment_intent.payment_failed",
  "payment_intent.succeeded",
  "payment_intent.canceled",
  "charge.refunded",
] as const;
/** The Connect events Nosh reads (an endpoint listening to connected accounts: STRIPE_CONNECT_WEBHOOK_SECRET, else the same endpoint). */
export const STRIPE_CONNECT_EVENTS = ["account.updated", "payout.paid", "payout.failed"] as const;

/** The event if one of the endpoints' secrets signed it (recently), else null. */
function constructEvent(rawBody: string, signature: string, now: Date): Stripe.Event | null {
  const settings = config().stripe;
  for (const secret of [settings?.webhookSecret, settings?.connectWebhookSecret]) {
    if (!secret) continue;
    try {
      return stripe().webhooks.constructEvent(rawBody, signature, secret, SIGNATURE_TOLERANCE_S, undefined, now.getTime()); // receivedAt: milliseconds
    } catch {
      // Not this secret's (or too old): the next, else refused.
    }
  }
  return null;
}

export const stripeProvider: PaymentProvider = {
  name: STRIPE_PROVIDER,

  async retrieveCard(paymentMethodId) {
    if (!/^pm_\w+$/.test(paymentMethodId)) return null;
    try {
      const method = await stripe().paymentMethods.retrieve(paymentMethodId);
      if (!method.card) return null;
      const card: ProviderCard = {
        id: method.id,
        brand: BRANDS[method.card.brand] ?? "Card",
        last4: method.card.last4,
        expMonth: method.card.exp_month,
        expYear: method.card.exp_year,
      };
      return card;
    } catch (error) {
      if (isStripeError(error) && error.code === "resource_missing") return null;
      throw error;
    }
  },

  async detachCard(paymentMethodId) {
    if (!/^pm_\w+$/.test(paymentMethodId)) return;
    try {
      // Only a card attached to a Customer (one charged before) can be detached; one never used is held by no Customer.
      const method = await stripe().paymentMethods.retrieve(paymentMethodId);
      if (method.customer) await stripe().paymentMethods.detach(paymentMethodId, {}, { idempotencyKey: `detach:${paymentMethodId}` });
    } catch (error) {
      if (isStripeError(error) && error.code === "resource_missing") return;
      throw error;
    }
  },

  async authorize({ amountCents, paymentMethodId, idempotencyKey, returnUrl, currency }) {
    let customer: string;
    try {
      customer = await customerOf(paymentMethodId);
    } catch (error) {
      if (isStripeError(error) && error.code === "resource_missing")
        throw new ApiError("bad_request", said("messages.cardUnknown"), { paymentMethodId: said("rules.handlers.unknownMethod") });
      throw error;
    }
    try {
      const pi = await stripe().paymentIntents.create(
        {
          amount: amountCents,
          currency: stripeCurrency(currency),
          capture_method: "manual",
          confirm: true,
          customer,
          payment_method: paymentMethodId,
          allowed_payment_method_types: ["card"],
          return_url: absolute(returnUrl),
          expand: ["latest_charge"],
        },
        { idempotencyKey: `authorize:${idempotencyKey}` },
      );
      return intentOf(pi);
    } catch (error) {
      // A decline is a 402 card_error carrying the PaymentIntent it left in requires_payment_method.
      if (isStripeError(error) && error.type === "StripeCardError" && error.payment_intent)
        return { ...intentOf(error.payment_intent), status: "failed", failureCode: failureCodeOf(error) };
      throw error;
    }
  },

  async retrieveIntent(id) {
    if (!/^pi_\w+$/.test(id)) return null;
    try {
      return intentOf(await retrieve(id));
    } catch (error) {
      if (isStripeError(error) && error.code === "resource_missing") return null;
      throw error;
    }
  },

  async capture(intentId, key) {
    try {
      return intentOf(await stripe().paymentIntents.capture(intentId, { expand: ["latest_charge"] }, { idempotencyKey: key }));
    } catch (error) {
      if (!isStateError(error)) throw error; // A network or server error: the sync job tries again with the same key.
      const pi = await retrieve(intentId);
      if (pi.status === "succeeded") return intentOf(pi); // Captured already (by a retry, or a racing call).
      // Refused (the card declined at capture, the authorization lapsed): the order is held for
      // another card, and an authorization Stripe still holds is released.
      if (pi.status === "requires_capture") await stripe().paymentIntents.cancel(intentId, { cancellation_reason: "abandoned" }, { idempotencyKey: `${key}:release` });
      return { ...intentOf(pi), status: "failed", failureCode: "capture_failed", capturedCents: 0, challengeUrl: null };
    }
  },

  async void(intentId, key) {
    try {
      return intentOf(await stripe().paymentIntents.cancel(intentId, { expand: ["latest_charge"] }, { idempotencyKey: key }));
    } catch (error) {
      if (!isStateError(error)) throw error;
      return intentOf(await retrieve(intentId)); // Not cancelable (voided already, captured, failed): as it stands, like the test provider.
    }
  },

  async refund(intentId, amountCents, key) {
    if (amountCents > 0) {
      try {
        await stripe().refunds.create({ payment_intent: intentId, amount: amountCents }, { idempotencyKey: key });
      } catch (error) {
        // The charge is disputed (Stripe's charge_disputed): nothing refunded, said so (the sync stops asking, sync.ts).
        if (isStripeError(error) && error.code === "charge_disputed") return { ...intentOf(await retrieve(intentId)), refundRefusal: "charge_disputed" };
        if (!isStateError(error)) throw error; // More than what is left, or not captured: nothing refunded, as the test provider answers.
      }
    }
    return intentOf(await retrieve(intentId));
  },

  ...stripePayouts,
  ...stripeDisputes,
  // Memberships' recurring billing (Stripe Billing): billing.ts.
  billing: stripeBilling({ customerOf, intentOf }),

  verifyWebhook(rawBody, signature, now = new Date()): ProviderEvent | null {
    const event = signature ? constructEvent(rawBody, signature, now) : null;
    if (!event) return null;
    const object = event.data.object;
    if (event.type === "charge.refunded") return { id: event.id, type: event.type, intent: intentOfCharge(event.data.object) };
    if ((STRIPE_EVENTS as readonly string[]).includes(event.type) && object.object === "payment_intent")
      return { id: event.id, type: event.type, intent: intentOf(object) };
    if ((DISPUTE_EVENTS as readonly string[]).includes(event.type) && object.object === "dispute")
      return { id: event.id, type: event.type as DisputeEventType, dispute: disputeOf(object) };
    if (event.type === "account.updated") return { id: event.id, type: event.type, account: payoutAccountOf(event.data.object) };
    if ((event.type === "payout.paid" || event.type === "payout.failed") && event.account)
      return { id: event.id, type: event.type, payout: providerPayoutOf(event.data.object, event.account) };
    throw new ApiError("bad_request", said("rules.handlers.stripeEventUnread", { type: event.type }), { type: said("rules.handlers.notStripeEvent") });
  },
};
