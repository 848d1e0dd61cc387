import "server-only";
import { randomUUID } from "node:crypto";
import { DEFAULT_CURRENCY } from "@/lib/shared/money/currency";
import { ApiError, conflict } from "../platform/errors";
import { sqlTransaction, type Sql } from "../platform/sql";
import type { SessionUser } from "../platform/session-user";
import { cardToCharge } from "./methods";
import { declineMessage, type Intent } from "./providers/provider";
import { paymentProvider, providerNamed } from "./providers/select";
import { insertAuthorization, linkAuthorizedPayment, paymentByIntent, type PaymentRow } from "./queries/payments";
import { claimAuthorization } from "./queries/sync-claims";
import { applyIntent } from "./state";
import { voidPayment } from "./sync";
import { said } from "@/lib/shared/words/said";

// A card checkout (docs/architecture/payments.md): the order is placed only on an authorization
// the provider gave for exactly its total. The placement's transaction cannot wait on the provider,
// so the checkout (lib/server/orders/pay-and-place.ts) first learns the total from one explicit quote
// (every check of a real placement, nothing written: a refusal is the same answer), the card is
// authorized for it here, outside any transaction (cardCheckout), and the placement is handed the
// authorization as its payment (cardPayment), which links it to the order in the placement's
// transaction. A decline or a 3-D Secure challenge answers 402 before anything is placed: the cart
// or Active order stays as it was. A placement refused after the authorization voids it.

export type CardInput = { paymentMethod: string; paymentMethodId?: number; paymentIntent?: string };

const CHALLENGE_MESSAGE = said("messages.paymentChallenge");

/** The 402 of a declined card, naming the payment method. */
export function declined(intent: Pick<Intent, "failureCode">, field: string): ApiError {
  const message = declineMessage(intent.failureCode);
  return new ApiError("payment_required", message, { [field]: message }, undefined, { payment: { state: "failed", code: intent.failureCode } });
}

/** The 402 of a card whose bank asks for a 3-D Secure challenge: where to send the customer, and the intent to send back once done. */
export function challenge(payment: PaymentRow, intent: Intent, field: string, message = CHALLENGE_MESSAGE): ApiError {
  return new ApiError("payment_required", message, { [field]: message }, undefined, { payment: challengePayment(payment, intent) });
}

/** A challenge's `payment` in the 402: the provider's page, and with Stripe the client secret Stripe.js completes it with in the page. */
export function challengePayment(payment: Pick<PaymentRow, "intentId">, intent: Intent) {
  return {
    state: "requires_action" as const,
    intentId: payment.intentId,
    challengeUrl: intent.challengeUrl,
    ...(intent.clientSecret ? { clientSecret: intent.clientSecret } : {}),
  };
}

/** Where a card checkout's fields sit (`submit.paymentMethod` in the one-call checkout) and where the challenge page sends the customer back. */
export type CardCheckoutAt = { fields: "" | "submit."; returnPath: string };

/** What a card is authorized for: the quote's total, in its currency (the order's: USD when a number). */
export type CardQuote = number | { totalCents: number; currency: string };

/** A placement's payment by card (lib/server/orders/place.ts OrderPayment): the authorization, or none for a total of nothing. */
export type CardPayment = { method: "card"; pay: (sql: Sql, order: { id: number; totalCents: number }) => Promise<void> };

/**
 * `place` paid by card: the card authorized for `quote()`'s total (a decline or a challenge is a
 * 402, nothing placed), then `place` handed the authorization as its payment; a placement
 * refused after it voids the authorization.
 */
export async function cardCheckout<T>(
  user: SessionUser,
  input: CardInput,
  at: CardCheckoutAt,
  quote: () => Promise<CardQuote>,
  place: (payment: CardPayment) => Promise<T>,
): Promise<T> {
  const quoted = await quote();
  const { totalCents, currency } = typeof quoted === "number" ? { totalCents: quoted, currency: DEFAULT_CURRENCY } : quoted;
  const authorization = await authorizeCard(user, input, totalCents, currency, at);
  if (!authorization) return place(cardPayment(null));
  try {
    return await place(cardPayment(authorization));
  } catch (error) {
    await voidPayment(authorization).catch(() => undefined); // The orphan sweep (sync.ts) voids it if this fails.
    throw error;
  }
}

/**
 * The card's authorization for exactly `totalCents` (none for a total of nothing): the intent
 * brought back from a 3-D Secure challenge (`input.paymentIntent`, claimed for this one placement),
 * else the saved card authorized now.
 */
async function authorizeCard(
  user: SessionUser,
  input: CardInput,
  totalCents: number,
  currency: string,
  { fields, returnPath }: CardCheckoutAt,
): Promise<PaymentRow | null> {
  if (totalCents <= 0) return null;
  const methodField = `${fields}paymentMethod`;
  // After the quote: a checkout refused anyway (closed, too far, a dish gone) writes nothing, not even the demo card.
  const resumed = input.paymentIntent ? await resumeChallenge(user, input.paymentIntent, `${fields}paymentIntent`, methodField) : null;
  if (resumed) {
    // One placement per authorization, claimed before anything is done with it: of two requests
    // bringing it back at once, the other answers 409 and voids nothing (it used to void the
    // authorization the first one's order stood on).
    if (!(await sqlTransaction((sql) => claimAuthorization(sql, resumed.id, new Date()))))
      throw conflict(said("messages.paymentUsedForOrder"), { [`${fields}paymentIntent`]: said("rules.handlers.alreadyUsed") });
    if (resumed.amountCents !== totalCents || resumed.currency !== currency) {
      await voidPayment(resumed);
      throw conflict(said("messages.pricesChanged"), { [`${fields}expectedTotal`]: said("rules.handlers.totalChanged") });
    }
    return resumed;
  }
  const card = await cardToCharge(user, input.paymentMethodId, `${fields}paymentMethodId`, methodField);
  const provider = paymentProvider();
  const intent = await provider.authorize({
    amountCents: totalCents,
    currency,
    paymentMethodId: card.providerId,
    idempotencyKey: `${user.id}:${randomUUID()}`,
    returnUrl: returnPath,
  });
  const payment = await sqlTransaction(async (sql) => {
    const inserted = await insertAuthorization(sql, user.id, provider.name, intent.id, card, totalCents, currency);
    return (await applyIntent(sql, provider.name, intent)) ?? inserted;
  });
  if (payment.state === "failed") throw declined(intent, methodField);
  if (payment.state === "requires_action") throw challenge(payment, intent, methodField);
  return payment;
}

/** The intent a customer brings back from the challenge page: theirs, not yet used, and authorized (else the decline, or the challenge again). */
async function resumeChallenge(user: SessionUser, intentId: string, field: string, methodField: string): Promise<PaymentRow> {
  const provider = paymentProvider();
  const payment = await sqlTransaction((sql) => paymentByIntent(sql, provider.name, intentId));
  if (!payment || payment.userId !== user.id) throw new ApiError("bad_request", said("messages.paymentNotYours"), { [field]: said("rules.handlers.unknownPayment") });
  if (payment.orderId !== null) throw conflict(said("messages.paymentUsedForOrder"), { [field]: said("rules.handlers.alreadyUsed") });
  const intent = await providerNamed(payment.provider).retrieveIntent(intentId);
  if (!intent) throw new ApiError("bad_request", said("messages.paymentNotYours"), { [field]: said("rules.handlers.unknownPayment") });
  const current = (await sqlTransaction((sql) => applyIntent(sql, payment.provider, intent)))!;
  if (current.state === "requires_action") throw challenge(current, intent, methodField);
  if (current.state !== "authorized") throw declined({ failureCode: intent.failureCode ?? (current.state === "voided" ? "authentication_failed" : null) }, methodField);
  return current;
}

/**
 * The placement's payment by `authorization` (place.ts calls it once, in its transaction): the
 * authorization linked to the order, if it is still unused and for exactly this total (else a 409
 * and the transaction rolls back). Without one (a total of nothing) it takes no money.
 */
export function cardPayment(authorization: PaymentRow | null): CardPayment {
  return {
    method: "card",
    pay: async (sql, order) => {
      if (!authorization) return;
      if (!(await linkAuthorizedPayment(sql, authorization.id, order.id, order.totalCents)))
        throw conflict(said("messages.pricesChanged"), { expectedTotal: said("rules.handlers.totalChanged") });
    },
  };
}
