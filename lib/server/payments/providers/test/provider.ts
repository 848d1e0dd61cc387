import "server-only";
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { TEST_CARDS, cardBrand, luhnValid, type TestCardBehavior } from "@/lib/shared/money/payment-cards";
import { config } from "../../../platform/config";
import { ApiError } from "../../../platform/errors";
import { sqlTransaction, type Sql } from "../../../platform/sql";
import { testOnboarding } from "./onboarding";
import { testPayouts } from "./payouts";
import { testBilling } from "./billing";
import { heldByDispute, openTestDispute, reviveDispute, testDisputes } from "./disputes";
import type { Intent, IntentStatus, PaymentProvider, ProviderCard, ProviderEvent } from "../provider";
import {
  cardBehavior,
  claimDueEvents,
  claimEvent,
  insertCard,
  insertIntent,
  markEventDelivered,
  moveIntent,
  readCard,
  deleteProviderCard,
  readIntent,
  returnUrlOfIntent,
  setEventPayload,
} from "./queries/provider";
import { said, word } from "@/lib/shared/words/said";

// The built-in test provider (docs/architecture/payments.md): a processor's test mode, offline.
// Its records are its own tables (TestProviderCard, TestProviderIntent, TestProviderEvent), so
// its state survives a restart. A card is kept as its behaviour, brand and last four: the number
// is read once by tokenize() and dropped. Its events are sent as signed webhooks
// TEST_PAYMENTS_WEBHOOK_DELAY_MS after they happen, by the payments.test-webhooks job, to the
// same route a real provider calls (POST /api/payments/webhooks/test).
//
// Idempotency: an authorization's id is derived from its key (a retry finds it), and every other
// move is one conditional UPDATE on the intent's status, written with its event whose id is
// derived from the key (INSERT ... ON CONFLICT DO NOTHING): a retry, or 20 racing captures,
// moves the intent once and writes one event.

export const TEST_PROVIDER = "test";
export const SIGNATURE_HEADER = "nosh-test-signature";
/** A signature older than this is refused (a replay of an old, captured request). */
const SIGNATURE_TOLERANCE_S = 300;

const randomId = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;
const keyedId = (prefix: string, key: string) => `${prefix}_${createHash("sha256").update(key).digest("hex").slice(0, 24)}`;

/** The event written with a move: its id from the move's key, so a retried move writes none. Returns false when it was written before. */
function writeEvent(sql: Sql, id: string, type: string, intent: Intent, now: Date): Promise<boolean> {
  return claimEvent(sql, { id, type, intentId: intent.id, deliverAfter: new Date(now.getTime() + config().payments.webhookDelayMs) });
}

/** The payload is the intent as it stands after the move, written once the move is made. */
async function finishEvent(sql: Sql, id: string, type: string, intent: Intent): Promise<void> {
  await setEventPayload(sql, id, JSON.stringify({ id, type, intent }));
}

/**
 * One move of an intent, in its own transaction: the event claimed by its key first (a retry stops
 * there and reads the intent), then the conditional UPDATE; an intent not in a `from` state is left as it is.
 */
async function move(
  intentId: string,
  key: string,
  type: string,
  from: readonly string[],
  set: (intent: Intent) => { status: IntentStatus; capturedCents?: number; refundedCents?: number; failureCode?: string | null } | null,
): Promise<Intent> {
  return sqlTransaction(async (sql) => {
    const intent = await readIntent(sql, intentId);
    if (!intent) throw new ApiError("not_found", said("messages.notFound", { what: word("payment") }));
    if (!from.includes(intent.status)) return intent;
    const change = set(intent);
    if (!change) return intent;
    const now = new Date();
    const eventId = keyedId("evt", `${type}:${intentId}:${key}`);
    if (!(await writeEvent(sql, eventId, type, intent, now))) return (await readIntent(sql, intentId))!;
    const updated = await moveIntent(
      sql,
      intentId,
      intent.status,
      {
        status: change.status,
        capturedCents: change.capturedCents ?? intent.capturedCents,
        refundedCents: change.refundedCents ?? intent.refundedCents,
        failureCode: change.failureCode === undefined ? intent.failureCode : change.failureCode,
      },
      now,
    );
    const after = updated ?? (await readIntent(sql, intentId))!;
    await finishEvent(sql, eventId, type, after);
    return after;
  });
}

async function behaviorOf(sql: Sql, cardId: string): Promise<TestCardBehavior | null> {
  return (await cardBehavior(sql, cardId)) as TestCardBehavior | null;
}

export type CardInput = { number: string; expMonth: number; expYear: number; cvc: string; postalCode: string };

/**
 * The provider's tokenization (POST /test-provider/v1/payment_methods, the browser's call): the
 * card checked (Luhn, expiry, CVC, postal code), only documented test numbers taken, as a real
 * test mode does, and a payment method id answered. The number is not stored, logged or echoed.
 */
export async function tokenize(input: CardInput, now = new Date()): Promise<ProviderCard> {
  const digits = input.number.replace(/[\s-]/g, "");
  const errors: Record<string, string> = {};
  if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits)) errors.number = said("rules.payments.numberInvalid");
  else if (!TEST_CARDS.some((card) => card.number === digits)) errors.number = "Your card number is not a test card. Use a test card such as 4242 4242 4242 4242.";
  const year = input.expYear < 100 ? 2000 + input.expYear : input.expYear;
  if (!Number.isInteger(input.expMonth) || input.expMonth < 1 || input.expMonth > 12) errors.expMonth = "Your card's expiry month is invalid.";
  else if (!Number.isInteger(year) || year > now.getUTCFullYear() + 20 || year * 12 + input.expMonth < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1)
    errors.expYear = "Your card's expiry date is in the past.";
  if (!/^\d{3,4}$/.test(input.cvc)) errors.cvc = "Your card's security code is incomplete.";
  if (!/^[A-Za-z0-9 -]{3,10}$/.test(input.postalCode.trim())) errors.postalCode = "Your postal code is incomplete.";
  const first = Object.values(errors)[0];
  if (first) throw new ApiError("bad_request", first, errors);
  const card = TEST_CARDS.find((known) => known.number === digits)!;
  const saved: ProviderCard = { id: randomId("pm"), brand: cardBrand(digits), last4: digits.slice(-4), expMonth: input.expMonth, expYear: year };
  await sqlTransaction((sql) => insertCard(sql, saved, card.behavior));
  return saved;
}

/** The test provider's answer to the 3-D Secure challenge page (/test-provider/3ds/{id}): passed or failed. */
export async function completeChallenge(intentId: string, passed: boolean): Promise<Intent> {
  return move(intentId, "challenge", passed ? "payment_intent.amount_capturable_updated" : "payment_intent.payment_failed", ["requires_action"], () =>
    passed ? { status: "requires_capture" } : { status: "failed", failureCode: "authentication_failed" },
  );
}

/** Where the challenge page sends the customer back to (the return URL given at authorization). */
export async function returnUrlOf(intentId: string): Promise<string | null> {
  return sqlTransaction((sql) => returnUrlOfIntent(sql, intentId));
}

const DECLINES: Partial<Record<TestCardBehavior, string>> = {
  decline: "card_declined",
  insufficient_funds: "insufficient_funds",
  expired: "expired_card",
  incorrect_cvc: "incorrect_cvc",
};

/** Signs a webhook body as the test provider does: `t=<unix seconds>,v1=<HMAC-SHA256 of "t.body">`. */
export function signWebhook(body: string, now = new Date(), secret = config().payments.testWebhookSecret): string {
  const t = Math.floor(now.getTime() / 1000);
  return `t=${t},v1=${createHmac("sha256", secret).update(`${t}.${body}`).digest("hex")}`;
}

function signatureValid(body: string, header: string | null, now: Date): boolean {
  if (!header) return false;
  const parts = Object.fromEntries(header.split(",").map((part) => part.split("=", 2) as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || Math.abs(now.getTime() / 1000 - t) > SIGNATURE_TOLERANCE_S || !parts.v1) return false;
  const expected = Buffer.from(createHmac("sha256", config().payments.testWebhookSecret).update(`${t}.${body}`).digest("hex"));
  const given = Buffer.from(parts.v1);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export const testProvider: PaymentProvider = {
  name: TEST_PROVIDER,

  async retrieveCard(id) {
    return sqlTransaction((sql) => readCard(sql, id));
  },

  async detachCard(id) {
    await sqlTransaction((sql) => deleteProviderCard(sql, id));
  },

  async authorize({ amountCents, paymentMethodId, idempotencyKey, returnUrl, currency }) {
    const id = keyedId("pi", idempotencyKey);
    return sqlTransaction(async (sql) => {
      const existing = await readIntent(sql, id);
      if (existing) return existing;
      const behavior = await behaviorOf(sql, paymentMethodId);
      if (!behavior) throw new ApiError("bad_request", said("messages.cardUnknown"), { paymentMethodId: said("rules.handlers.unknownMethod") });
      const decline = DECLINES[behavior];
      const status: IntentStatus = decline ? "failed" : behavior === "three_d_secure" ? "requires_action" : "requires_capture";
      const now = new Date();
      await insertIntent(sql, { id, cardId: paymentMethodId, amountCents, currency, status, failureCode: decline ?? null, returnUrl, now });
      const intent = (await readIntent(sql, id))!;
      const type = decline
        ? "payment_intent.payment_failed"
        : status === "requires_action"
          ? "payment_intent.requires_action"
          : "payment_intent.amount_capturable_updated";
      const eventId = keyedId("evt", `${type}:${id}:create`);
      await writeEvent(sql, eventId, type, intent, now);
      await finishEvent(sql, eventId, type, intent);
      return intent;
    });
  },

  async retrieveIntent(id) {
    return sqlTransaction((sql) => readIntent(sql, id));
  },

  async capture(intentId, key) {
    const intent = await sqlTransaction((sql) => readIntent(sql, intentId));
    const behavior = intent ? await sqlTransaction((sql) => behaviorOf(sql, intent.paymentMethodId)) : null;
    const failsAtCapture = behavior === "capture_fails";
    const after = await move(intentId, key, failsAtCapture ? "payment_intent.payment_failed" : "payment_intent.succeeded", ["requires_capture"], (current) =>
      failsAtCapture ? { status: "failed", failureCode: "capture_failed" } : { status: "succeeded", capturedCents: current.amountCents },
    );
    // The disputing card: charged, then disputed by its holder (the dispute's event follows the capture's).
    if (behavior === "disputes") await openTestDispute(after);
    return after;
  },

  async void(intentId, key) {
    return move(intentId, key, "payment_intent.canceled", ["requires_capture", "requires_action"], () => ({ status: "canceled" }));
  },

  async refund(intentId, amountCents, key) {
    // A disputed charge, as Stripe: refused while the dispute is open (charge_disputed), what it took held back once lost.
    const held = await sqlTransaction((sql) => heldByDispute(sql, intentId));
    if (held === null) {
      const intent = await sqlTransaction((sql) => readIntent(sql, intentId));
      if (!intent) throw new ApiError("not_found", said("messages.notFound", { what: word("payment") }));
      return { ...intent, refundRefusal: "charge_disputed" };
    }
    return move(intentId, key, "charge.refunded", ["succeeded"], (current) =>
      amountCents > 0 && current.refundedCents + amountCents + held <= current.capturedCents
        ? { status: "succeeded", refundedCents: current.refundedCents + amountCents }
        : null,
    );
  },

  // Payout accounts and payouts: payouts.ts.
  ...testPayouts,
  ...testOnboarding,
  // Disputes: disputes.ts.
  ...testDisputes,
  // Recurring billing (memberships): billing.ts, over this provider's own card payments.
  get billing() {
    return testBilling(testProvider);
  },

  verifyWebhook(rawBody, signature, now = new Date()) {
    if (!signatureValid(rawBody, signature, now)) return null;
    const event = JSON.parse(rawBody) as ProviderEvent;
    return "dispute" in event ? { ...event, dispute: reviveDispute(event.dispute) } : event;
  },
};

/**
 * The payments.test-webhooks job's pass: each event due, claimed for 30 s (so one instance sends
 * it), signed and sent to the webhook route (`send`: a POST to this server's own
 * /api/payments/webhooks/test); one the route answered 2xx is delivered, else retried later.
 */
export async function deliverTestWebhooks(send: (body: string, signature: string) => Promise<boolean>, now = new Date(), limit = 50): Promise<number> {
  const due = await sqlTransaction((sql) => claimDueEvents(sql, now, new Date(now.getTime() + 30_000), limit));
  let delivered = 0;
  for (const event of due.sort((a, b) => a.deliverAfter.getTime() - b.deliverAfter.getTime() || a.id.localeCompare(b.id))) {
    const ok = await send(event.payload, signWebhook(event.payload, now)).catch(() => false);
    if (!ok) continue;
    delivered++;
    await sqlTransaction((sql) => markEventDelivered(sql, event.id, now));
  }
  return delivered;
}

/** The job's sender: the signed event POSTed to this server's own webhook route, as a real provider would. */
export async function postToOwnWebhookRoute(body: string, signature: string): Promise<boolean> {
  const response = await fetch(`${config().payments.webhookOrigin}/api/payments/webhooks/test`, {
    method: "POST",
    headers: { "content-type": "application/json", [SIGNATURE_HEADER]: signature },
    body,
    signal: AbortSignal.timeout(10_000),
  });
  return response.ok;
}
