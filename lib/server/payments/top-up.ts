import "server-only";
import { randomUUID } from "node:crypto";
import { cardLabel } from "@/lib/shared/payment-cards";
import { centsToDollars, formatCents } from "@/lib/shared/money";
import { walletBalances } from "../ledger/wallet-parts";
import { ApiError, fieldError, forbidden } from "../platform/errors";
import { sqlTransaction } from "../platform/sql";
import type { SessionUser } from "../platform/session-user";
import { authorizeOnce, insertPayment } from "./charge";
import { challenge, declined } from "./checkout";
import { cardToCharge } from "./methods";
import { topUpLimits, topUpLimitsIn } from "./top-up-limits";
import { deleteReservation, lockUser, releaseReservation, reserveTopUp, topUpsUsed } from "./queries/top-ups";
import type { Intent } from "./providers/provider";
import { paymentProvider, providerNamed } from "./providers/select";
import { paymentByIntent, type PaymentRow } from "./queries/payments";
import { applyIntent } from "./state";

// A wallet top-up paid by card (docs/architecture/payments.md "Wallet top-ups"):
// authorized and captured at once through the provider; the capture the provider confirms credits
// the wallet's paid money (state.ts postTopUp, keyed by the payment). A decline adds nothing and
// says why (402 beside paymentMethodId); a 3-D Secure card answers the challenge's 402 and the
// customer comes back with `paymentIntent`. One Idempotency-Key is one authorization at the
// provider (its id is the key's), one Payment row and one ledger entry, however many requests race.

export type TopUpInput = { amountCents: number; paymentMethodId?: number; paymentIntent?: string };

export type TopUpJson = {
  /** The wallet's whole balance, its paid money and its promotional credit (dollars). */
  wallet: number;
  paid: number;
  promotional: number;
  topUp: { state: string; card: string; amount: number; message: string };
};

const DAY_MS = 24 * 60 * 60_000;
/** A reservation older than this is a crashed request's: no longer held against the day's limit. */
const RESERVATION_MS = 10 * 60_000;

/** The operator's per-top-up limits (top-up-limits.ts: set on /admin/top-up-limits, else WALLET_TOPUP_MIN, WALLET_TOPUP_MAX): a 400 naming `amount`. */
async function checkAmount(amountCents: number): Promise<void> {
  const { minCents: topUpMinCents, maxCents: topUpMaxCents } = await topUpLimits();
  if (amountCents < topUpMinCents) throw fieldError("amount", `amount must be at least ${topUpMinCents / 100}`);
  if (amountCents > topUpMaxCents) throw fieldError("amount", `amount must be at most ${topUpMaxCents / 100}`);
}

/**
 * The day's limit (top-up-limits.ts, else WALLET_TOPUP_DAILY_MAX), held under concurrency: one transaction locks the
 * user's row (a no-op write: PostgreSQL's row lock, SQLite's writer lock), sums the day's top-ups
 * and the reservations of requests still at the provider, and reserves `amountCents` under
 * `key`, so top-ups sent together with different Idempotency-Keys take turns. Returns the
 * holder token to release with (null: another request with the same key holds it). A 400 naming
 * `amount` when the day is full.
 */
async function reserveDaily(userId: number, key: string, amountCents: number, now: Date): Promise<string | null> {
  const holder = randomUUID();
  return sqlTransaction(async (sql) => {
    await lockUser(sql, userId);
    const { dailyMaxCents: topUpDailyMaxCents } = await topUpLimitsIn(sql);
    // One statement, one snapshot: a top-up committing its Payment (and deleting its reservation)
    // meanwhile is counted once, by one sum or the other, never missed between two reads.
    const sums = await topUpsUsed(sql, userId, key, new Date(now.getTime() - DAY_MS), new Date(now.getTime() - RESERVATION_MS));
    const used = sums.paid + sums.held;
    if (used + amountCents > topUpDailyMaxCents)
      throw fieldError(
        "amount",
        `Top-ups are limited to ${formatCents(topUpDailyMaxCents)} a day; you can add ${formatCents(Math.max(0, topUpDailyMaxCents - used))} more today`,
      );
    const held = await reserveTopUp(sql, { key, holder, userId, amountCents, createdAt: now });
    return held === holder ? holder : null;
  });
}

/** Gives a refused top-up's reservation back (only its own: a same-key request may still be charging). */
async function releaseDaily(key: string, holder: string | null): Promise<void> {
  if (holder) await sqlTransaction((sql) => releaseReservation(sql, key, holder));
}

async function answer(user: SessionUser, payment: PaymentRow): Promise<TopUpJson> {
  const balances = await sqlTransaction((sql) => walletBalances(sql, user.id));
  return {
    wallet: centsToDollars(balances.totalCents),
    paid: centsToDollars(balances.paidCents),
    promotional: centsToDollars(balances.promotionalCents),
    topUp: {
      state: payment.state,
      card: cardLabel(payment),
      amount: centsToDollars(payment.amountCents),
      message: `${formatCents(payment.capturedCents)} added to your wallet from ${cardLabel(payment)}.`,
    },
  };
}

/**
 * POST /api/users/wallet/{id}/top-ups: `amountCents` charged to a saved card (`paymentMethodId`,
 * else the default) and added to the caller's wallet as paid money, or the top-up a 3-D Secure
 * challenge authorized (`paymentIntent`) completed. `key`: the request's Idempotency-Key.
 */
export async function topUpByCard(user: SessionUser, walletUserId: number, input: TopUpInput, key: string | null, now = new Date()): Promise<TopUpJson> {
  if (user.id !== walletUserId) throw forbidden("You can only use your own wallet");
  if (user.guestAccount) throw forbidden("Sign up to add funds to your wallet");
  let payment: PaymentRow;
  let intent: Intent;
  if (input.paymentIntent) {
    const found = await sqlTransaction((sql) => paymentByIntent(sql, paymentProvider().name, input.paymentIntent!));
    if (!found || found.userId !== user.id || found.purpose !== "topup")
      throw new ApiError("bad_request", "This payment is not yours to use.", { paymentIntent: "Unknown payment" });
    if (found.amountCents !== input.amountCents) throw fieldError("amount", "amount must be the amount of the payment you confirmed");
    payment = found;
    const retrieved = await providerNamed(found.provider).retrieveIntent(found.intentId);
    if (!retrieved) throw new ApiError("bad_request", "This payment is not yours to use.", { paymentIntent: "Unknown payment" });
    intent = retrieved;
  } else {
    await checkAmount(input.amountCents);
    const card = await cardToCharge(user, input.paymentMethodId, "paymentMethodId", "paymentMethodId");
    const provider = paymentProvider();
    const idempotencyKey = `topup:${user.id}:${key ?? randomUUID()}`;
    const holder = await reserveDaily(user.id, idempotencyKey, input.amountCents, now);
    try {
      intent = await authorizeOnce({ amountCents: input.amountCents, paymentMethodId: card.providerId, idempotencyKey, returnUrl: "/wallet" });
      if (intent.amountCents !== input.amountCents) throw new ApiError("unprocessable", "This Idempotency-Key was already used with a different request");
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
    if (payment.userId !== user.id || payment.purpose !== "topup") throw new ApiError("unprocessable", "This Idempotency-Key was already used with a different request");
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
