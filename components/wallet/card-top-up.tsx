"use client";
import { useState, type FormEvent } from "react";
import { SavedCards } from "@/components/checkout/saved-cards";
import { useAlerts } from "@/components/providers/alerts-provider";
import { buttonClass } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { api, ApiClientError, SERVER_FAILURE } from "@/lib/client/api";
import { challengeOf, goToChallenge, useChallengeReturn } from "@/lib/client/card-challenge";
import type { TopUpJson } from "@/lib/server/payments/top-up";
import { DEFAULT_CURRENCY, majorToMinor, minorToMajor } from "@/lib/shared/currency";
import { dollarsToCents, formatCents } from "@/lib/shared/money";
import type { Locale } from "@/lib/i18n/locale";
import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/fill";
import styles from "./wallet.module.css";

// "Add Funds" where demo data is off: an amount within the operator's limits and a
// card (saved cards by brand and last four, or checkout's card form), charged through the payment
// provider (POST /api/users/wallet/{id}/top-ups, one Idempotency-Key per attempt so a retried
// request adds once). A 3-D Secure card goes to its challenge page, which sends the customer back
// to /wallet?payment_intent=..., where the same top-up is sent again with the authorization.
// Another `currency` than USD (the wallet page's ?currency=): the amount is in it and so is the charge.

const CHALLENGE_KEY = "nosh.walletTopUpChallenge";
type PendingChallenge = { amount: number; intentId: string; currency?: string };

export type TopUpLimits = { minCents: number; maxCents: number; dailyMaxCents: number };
export type CardWords = Words<"orderflow">["cards"];

export function CardTopUp({
  userId,
  limits,
  onAdded,
  onClose,
  words: w,
  locale,
  cardWords,
  currency,
}: {
  userId: number;
  limits: TopUpLimits;
  onAdded: (answer: TopUpJson) => void;
  onClose: () => void;
  words: Words<"profile">["wallet"]["card"];
  locale: Locale;
  cardWords: CardWords;
  currency?: string;
}) {
  const money = (cents: number) => formatCents(cents, { locale, currency });
  const { show } = useAlerts();
  const [amount, setAmount] = useState("");
  const [card, setCard] = useState<number | null>(null);
  const [amountError, setAmountError] = useState<string | null>(null);
  const [cardError, setCardError] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);

  const send = async (body: { amount: number; paymentMethodId?: number; paymentIntent?: string; currency?: string }) => {
    setPaying(true);
    setAmountError(null);
    setCardError(null);
    try {
      const answer = await api<TopUpJson>(`/api/users/wallet/${userId}/top-ups`, { method: "POST", body, headers: { "Idempotency-Key": crypto.randomUUID() } });
      show(answer.topUp.message, "success");
      onAdded(answer);
    } catch (failure) {
      const error = failure instanceof ApiClientError ? failure : null;
      const challenge = challengeOf(failure);
      if (challenge) return goToChallenge<PendingChallenge>(CHALLENGE_KEY, { amount: body.amount, intentId: challenge.intentId, currency: body.currency }, challenge);
      if (error?.errors.amount) setAmountError(error.errors.amount);
      else if (error?.status === 402 || error?.errors.paymentMethodId || error?.errors.paymentIntent) setCardError(error.message);
      else show(error?.message ?? SERVER_FAILURE, "error");
    }
    setPaying(false);
  };

  // Back from the 3-D Secure page: the same top-up with the authorization.
  useChallengeReturn<PendingChallenge>(CHALLENGE_KEY, (pending) => void send({ amount: pending.amount, paymentIntent: pending.intentId, currency: pending.currency }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const cents = currency ? majorToMinor(amount.trim(), currency) : dollarsToCents(amount.trim());
    if (cents === null || cents < limits.minCents || cents > limits.maxCents) {
      setAmountError(fill(w.range, { min: money(limits.minCents), max: money(limits.maxCents) }));
      return;
    }
    const major = currency ? { amount: minorToMajor(cents, currency), currency } : { amount: cents / 100 };
    void send({ ...major, ...(card === null ? {} : { paymentMethodId: card }) });
  };

  return (
    <section className={styles.topUpPanel} aria-labelledby="top-up-heading">
      <h2 id="top-up-heading" className={styles.statementTitle}>
        {w.title}
      </h2>
      <form onSubmit={submit} noValidate className={styles.topUpForm}>
        <TextField
          label={w.amount}
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          error={amountError ?? undefined}
          hint={fill(w.hint, { min: money(limits.minCents), max: money(limits.maxCents), daily: money(limits.dailyMaxCents) })}
        />
        <SavedCards value={card} onChange={setCard} error={cardError} words={cardWords} currency={currency ?? DEFAULT_CURRENCY} />
        <div className={styles.topUpActions}>
          <button type="submit" className={buttonClass({ size: "large" })} disabled={paying}>
            {paying ? w.charging : w.add}
          </button>
          <button type="button" className={buttonClass({ variant: "secondary", size: "large" })} onClick={onClose} disabled={paying}>
            {w.cancel}
          </button>
        </div>
      </form>
    </section>
  );
}
