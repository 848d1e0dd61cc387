import "server-only";
import { randomUUID } from "node:crypto";
import { cardLabel } from "@/lib/shared/money/payment-cards";
import { DEFAULT_CURRENCY, majorIn, minorPerMajor } from "@/lib/shared/money/currency";
import { centsToDollars, formatCents } from "@/lib/shared/money/money";
import { walletBalances } from "../ledger/wallet-parts";
import { ApiError, fieldError, forbidden } from "../platform/errors";
import { sqlTransaction } from "../platform/sql";
import type { SessionUser } from "../platform/session-user";
import { authorizeOnce, insertPayment } from "./charge";
import { challenge, declined } from "./card-checkout";
import { cardToCharge } from "./methods";
import { assertTopUpCurrency, topUpLimits, topUpLimitsIn, type TopUpLimits } from "./top-up-limits";
import { deleteReservation, lockUser, releaseReservation, reserveTopUp, topUpsUsed } from "./queries/top-ups";
import type { Intent } from "./providers/provider";
import { paymentProvider, providerNamed } from "./providers/select";
import { paymentByIntent, type PaymentRow } from "./queries/payments";
import { applyIntent } from "./state";
import { said } from "@/lib/shared/words/said";

// A wallet top-up paid by card (docs/architecture/payments.md "Wallet top-ups"):
// authorized and captured at once through the provider; the capture the provider confirms credits
// the wallet's paid money (state.ts postTopUp, keyed by the payment). A decline adds nothing and
// says why (402 beside paymentMethodId); a 3-D Secure card answers the challenge's 402 and the
// customer comes back with `paymentIntent`. One Idempotency-Key is one authorization at the
// provider (its id is the key's), one Payment row and one ledger entry, however many requests race.

/** `amountCents`: the body's `amount` read as dollars (times 100); `currency` (a market's, default USD) says which wallet account and which limits. */
export type TopUpInput = { amountCents: number; paymentMethodId?: number; paymentIntent?: string; currency?: string };

export type TopUpJson = {
  /** The wallet's whole balance in the top-up's currency, its paid money and its promotional credit (major units). */
  wallet: number;
  paid: number;
  promotional: number;
  topUp: { state: string; card: string; amount: number; message: string };
  /** Another currency than USD: the top-up's. */
  currency?: string;
};

const DAY_MS = 24 * 60 * 60_000;
/** A reservation older than this is a crashed request's: no longer held against the day's limit. */
const RESERVATION_MS = 10 * 60_000;

/** The currency's limits; none set (a currency other than USD before an operator sets its own): a 400 naming `currency`. */
function limitsOf(limits: TopUpLimits | null, currency: string): TopUpLimits {
  if (limits) return limits;
  throw fieldError("currency", said("rules.handlers.topUpCurrencyUnset", { currency: currency }));
}

/** The body's amount (read as dollars: times 100) in minor units of `currency`: a 400 naming `amount` with more decimals than it has. */
function minorOf(amountCents: number, currency: string): number {
  const unit = minorPerMajor(currency);
  if ((amountCents * unit) % 100 !== 0) throw fieldError("amount", said("rules.handlers.topUpWholeUnits", { unit: currency }));
  return (amountCents * unit) / 100;
}

/** The operator's per-top-up limits (top-up-limits.ts: set on /admin/top-up-limits, else for USD WALLET_TOPUP_MIN, WALLET_TOPUP_MAX): a 400 naming `amount`. */
async function checkAmount(amountCents: number, currency: string): Promise<void> {
  const { minCents: topUpMinCents, maxCents: topUpMaxCents } = limitsOf(await topUpLimits(currency), currency);
  const major = majorIn(currency);
  if (amountCents < topUpMinCents) throw fieldError("amount", said("rules.common.atLeastValue", { field: "amount", min: major(topUpMinCents) }));
  if (amountCents > topUpMaxCents) throw fieldError("amount", said("rules.common.atMostValue", { field: "amount", max: major(topUpMaxCents) }));
}

/**
 * The day's limit (top-up-limits.ts, else WALLET_TOPUP_DAILY_MAX), held under concurrency: one transaction locks the
 * user's row (a no-op write: PostgreSQL's row lock, SQLite's writer lock), sums the day's top-ups
 * and the reservations of requests still at the provider, and reserves `amountCents` under
 * `key`, so top-ups sent together with different Idempotency-Keys take turns. Returns the
 * holder token to release with (null: another request with the same key holds it). A 400 naming
 * `amount` when the day is full.
 */
async function reserveDaily(userId: number, key: string, amountCents: number, currency: string, now: Date): Promise<string | null> {
  const holder = randomUUID();
  return sqlTransaction(async (sql) => {
    await lockUser(sql, userId);
    const { dailyMaxCents: topUpDailyMaxCents } = limitsOf(await topUpLimitsIn(sql, currency), currency);
    // One statement, one snapshot: a top-up committing its Payment (and deleting its reservation)
    // meanwhile is counted once, by one sum or the other, never missed between two reads.
    const sums = await topUpsUsed(sql, userId, key, new Date(now.getTime() - DAY_MS), new Date(now.getTime() - RESERVATION_MS), currency);
    const used = sums.paid + sums.held;
    if (used + amountCents > topUpDailyMaxCents)
      throw fieldError(
        "amount",
        said("rules.handlers.topUpDaily", {
          max: formatCents(topUpDailyMaxCents, { currency }),
          left: formatCents(Math.max(0, topUpDailyMaxCents - used), { currency }),
        }),
      );
    const held = await reserveTopUp(sql, { key, holder, userId, amountCents, currency, createdAt: now });
    return held === holder ? holder : null;
  });
}

/** Gives a refused top-up's reservation back (only its own: a same-key request may still be charging). */
async function releaseDaily(key: string, holder: string | null): Promise<void> {
  if (holder) await sqlTransaction((sql) => releaseReservation(sql, key, holder));
}

async function answer(user: SessionUser, payment: PaymentRow): Promise<TopUpJson> {
  const { currency } = payment;
  const usd = currency === DEFAULT_CURRENCY;
  const balances = await sqlTransaction((sql) => walletBalances(sql, user.id, usd ? undefined : currency));
  const major = usd ? centsToDollars : majorIn(currency);
  return {
    wallet: major(balances.totalCents),
    paid: major(balances.paidCents),
    promotional: major(balances.promotionalCents),
    topUp: {
      state: payment.state,
      card: cardLabel(payment),
      amount: major(payment.amountCents),
      message: `${formatCents(payment.capturedCents, { currency })} added to your wallet from ${cardLabel(payment)}.`,
    },
    ...(usd ? {} : { currency }),
  };
}

/**
 * POST /api/users/wallet/{id}/top-ups: `amountCents` charged to a saved card (`paymentMethodId`,
 * else the default) and added to the caller's wallet as paid money, or the top-up a 3-D Secure
 * challenge authorized (`paymentIntent`) completed. `key`: the request's Idempotency-Key.
 */
export async function topUpByCard(user: SessionUser, walletUserId: number, input: TopUpInput, key: string | null, now = new Date()): Promise<TopUpJson> {
  if (user.id !== walletUserId) throw forbidden(said("messages.ownWallet"));
  if (user.guestAccount) throw forbidden(said("messages.signUpFunds"));
  const currency = input.currency ?? DEFAULT_CURRENCY;
  if (currency !== DEFAULT_CURRENCY) await assertTopUpCurrency(currency);
  const amountCents = minorOf(input.amountCents, currency);
  let payment: PaymentRow;
  let intent: Intent;
  if (input.paymentIntent) {
    const found = await sqlTransaction((sql) => paymentByIntent(sql, paymentProvider().name, input.paymentIntent!));
    if (!found || found.userId !== user.id || found.purpose !== "topup")
      throw new ApiError("bad_request", said("messages.paymentNotYours"), { paymentIntent: said("rules.handlers.unknownPayment") });
    if (found.amountCents !== amountCents || found.currency !== currency) throw fieldError("amount", said("rules.handlers.topUpAmount"));
    payment = found;
    const retrieved = await providerNamed(found.provider).retrieveIntent(found.intentId);
    if (!retrieved) throw new ApiError("bad_request", said("messages.paymentNotYours"), { paymentIntent: said("rules.handlers.unknownPayment") });
    intent = retrieved;
  } else {
    await checkAmount(amountCents, currency);
    const card = await cardToCharge(user, input.paymentMethodId, "paymentMethodId", "paymentMethodId");
    const provider = paymentProvider();
    const idempotencyKey = `topup:${user.id}:${key ?? randomUUID()}`;
    const holder = await reserveDaily(user.id, idempotencyKey, amountCents, currency, now);
    try {
      // The provider is told the top-up's currency, USD's too.
      intent = await authorizeOnce({
        amountCents,
        currency,
        paymentMethodId: card.providerId,
        idempotencyKey,
        returnUrl: currency === DEFAULT_CURRENCY ? "/wallet" : `/wallet?currency=${currency}`,
      });
      if (intent.amountCents !== amountCents || intent.currency !== currency) throw new ApiError("unprocessable", said("messages.idempotencyReused"));
    } catch (error) {
      await releaseDaily(idempotencyKey, holder);
      throw error;
    }
    const authorized = intent;
    // The Payment counts against the day from here on: the reservation goes in the same write.
    payment = await sqlTransaction(async (sql) => {
      await deleteReservation(sql, idempotencyKey);
      return insertPayment(sql, { userId: user.id, provider: provider.name, intent: authorized, card, state: "requires_action", purpose: "topup" });
    });
    if (payment.userId !== user.id || payment.purpose !== "topup") throw new ApiError("unprocessable", said("messages.idempotencyReused"));
  }
  const reported = intent;
  payment = (await sqlTransaction((sql) => applyIntent(sql, payment.provider, reported))) ?? payment;
  if (payment.state === "authorized") {
    const provider = providerNamed(payment.provider);
    const captured = await provider.capture(payment.intentId, `capture:${payment.id}`);
    intent = captured;
    payment = (await sqlTransaction((sql) => applyIntent(sql, provider.name, captured))) ?? payment;
  }
  if (payment.state === "requires_action") throw challenge(payment, intent, "paymentMethodId");
  if (payment.state !== "captured") {
    const failure = intent.failureCode ?? payment.failureCode;
    // A capture that fails is a decline here: nothing was added, another card may do.
    const code = payment.state === "voided" ? "authentication_failed" : failure === "capture_failed" ? "card_declined" : failure;
    throw declined({ failureCode: code }, "paymentMethodId");
  }
  return answer(user, payment);
}
