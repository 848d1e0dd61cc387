import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import { ApiError, conflict } from "../platform/errors";
import { sqlTransaction, type Sql } from "../platform/sql";
import type { SessionUser } from "../web/session";
import { cardToCharge } from "./methods";
import { declineMessage, type Intent } from "./provider";
import { paymentProvider, providerNamed } from "./select";
import { claimAuthorization, insertAuthorization, linkAuthorizedPayment, paymentByIntent, type PaymentRow } from "./queries/payments";
import { applyIntent } from "./state";
import { voidPayment } from "./sync";

// A card checkout (docs/architecture/payments.md): the order is placed only on an authorization
// the provider gave for exactly its total. The placement's transaction cannot wait on the provider,
// so payByCard runs the checkout twice: first to learn its total (every check of a real placement,
// then rolled back: a refusal is the same answer, and nothing is written), then, once the card is
// authorized for that total outside any transaction, for real, with the placement's charge step
// linking the authorization to the order (linkAuthorization). A decline or a 3-D Secure challenge
// answers 402 before anything is placed: the cart or Active order stays as it was. A placement
// refused after the authorization voids it.

type CardContext = { quote: true } | { payment: PaymentRow | null };
const cardContext = new AsyncLocalStorage<CardContext>();

/** The first run's end: the total the checkout would charge. */
class Quoted extends Error {
  constructor(readonly totalCents: number) {
    super("quoted");
  }
}

export type CardInput = { paymentMethod: string; paymentMethodId?: number; paymentIntent?: string };

/** Field names as the request sent them (`submit.paymentMethod` in the one-call checkout). */
type Fields = { prefix: "" | "submit." };

const CHALLENGE_MESSAGE = "Confirm this payment with your bank to place the order.";

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

/**
 * A checkout (`run`: the route's idempotent placement) paid by card when `input.paymentMethod` is
 * card; anything else runs as it is. `returnPath`: where the challenge page sends the customer back.
 */
export async function payByCard<T>(user: SessionUser, input: CardInput, fields: Fields, returnPath: string, run: () => Promise<T>): Promise<T> {
  if (input.paymentMethod !== "card") return run();
  const methodField = `${fields.prefix}paymentMethod`;
  let totalCents: number;
  try {
    return await cardContext.run({ quote: true }, run); // An Idempotency-Key's stored answer, replayed: nothing to pay.
  } catch (error) {
    if (!(error instanceof Quoted)) throw error;
    totalCents = error.totalCents;
  }
  if (totalCents <= 0) return cardContext.run({ payment: null }, run);
  // After the quote: a checkout refused anyway (closed, too far, a dish gone) writes nothing, not even the demo card.
  const resumed = input.paymentIntent ? await resumeChallenge(user, input.paymentIntent, `${fields.prefix}paymentIntent`, methodField) : null;
  const card = resumed ? null : await cardToCharge(user, input.paymentMethodId, `${fields.prefix}paymentMethodId`, methodField);
  let payment: PaymentRow;
  if (resumed) {
    // One placement per authorization, claimed before anything is done with it: of two requests
    // bringing it back at once, the other answers 409 and voids nothing (it used to void the
    // authorization the first one's order stood on).
    if (!(await sqlTransaction((sql) => claimAuthorization(sql, resumed.id, new Date()))))
      throw conflict("This payment was already used for an order.", { [`${fields.prefix}paymentIntent`]: "Already used" });
    if (resumed.amountCents !== totalCents) {
      await voidPayment(resumed);
      throw conflict("Prices changed since you opened checkout. Review your order.", { [`${fields.prefix}expectedTotal`]: "The total changed" });
    }
    payment = resumed;
  } else {
    const provider = paymentProvider();
    const intent = await provider.authorize({
      amountCents: totalCents,
      paymentMethodId: card!.providerId,
      idempotencyKey: `${user.id}:${randomUUID()}`,
      returnUrl: returnPath,
    });
    payment = await sqlTransaction(async (sql) => {
      const inserted = await insertAuthorization(sql, user.id, provider.name, intent.id, card!, totalCents);
      return (await applyIntent(sql, provider.name, intent)) ?? inserted;
    });
    if (payment.state === "failed") throw declined(intent, methodField);
    if (payment.state === "requires_action") throw challenge(payment, intent, methodField);
  }
  try {
    return await cardContext.run({ payment }, run);
  } catch (error) {
    await voidPayment(payment).catch(() => undefined); // The orphan sweep (sync.ts) voids it if this fails.
    throw error;
  }
}

/** The intent a customer brings back from the challenge page: theirs, not yet used, and authorized (else the decline, or the challenge again). */
async function resumeChallenge(user: SessionUser, intentId: string, field: string, methodField: string): Promise<PaymentRow> {
  const provider = paymentProvider();
  const payment = await sqlTransaction((sql) => paymentByIntent(sql, provider.name, intentId));
  if (!payment || payment.userId !== user.id) throw new ApiError("bad_request", "This payment is not yours to use.", { [field]: "Unknown payment" });
  if (payment.orderId !== null) throw conflict("This payment was already used for an order.", { [field]: "Already used" });
  const intent = await providerNamed(payment.provider).retrieveIntent(intentId);
  if (!intent) throw new ApiError("bad_request", "This payment is not yours to use.", { [field]: "Unknown payment" });
  const current = (await sqlTransaction((sql) => applyIntent(sql, payment.provider, intent)))!;
  if (current.state === "requires_action") throw challenge(current, intent, methodField);
  if (current.state !== "authorized") throw declined({ failureCode: intent.failureCode ?? (current.state === "voided" ? "authentication_failed" : null) }, methodField);
  return current;
}

/**
 * The placement's charge step for a card (lib/server/orders/place.ts), in its transaction: on the
 * first run, the total is all it wanted (Quoted rolls the transaction back); on the second, the
 * authorization is linked to the order, if it is still unused and for exactly this total (else a
 * 409 and the transaction rolls back). A placement outside payByCard (a domain test, a script) takes no money.
 */
export async function linkAuthorization(sql: Sql, orderId: number, totalCents: number): Promise<void> {
  const context = cardContext.getStore();
  if (!context) return;
  if ("quote" in context) throw new Quoted(totalCents);
  if (!context.payment) return;
  if (!(await linkAuthorizedPayment(sql, context.payment.id, orderId, totalCents)))
    throw conflict("Prices changed since you opened checkout. Review your order.", { expectedTotal: "The total changed" });
}
