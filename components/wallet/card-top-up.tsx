"use client";
import { useRef, useState, type FormEvent } from "react";
import { SavedCards } from "@/components/checkout/saved-cards";
import { useAlerts } from "@/components/providers/alerts-provider";
import { buttonClass } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { api } from "@/lib/client/api";
import { useApiAction, type ApiFailure } from "@/lib/client/use-api-action";
import { challengeOf, goToChallenge, useChallengeReturn } from "@/lib/client/card-challenge";
import type { TopUpJson } from "@/lib/server/payments/top-up";
import { DEFAULT_CURRENCY, majorToMinor, minorToMajor } from "@/lib/shared/money/currency";
import { dollarsToCents, formatCents } from "@/lib/shared/money/money";
import type { Locale } from "@/lib/i18n/locale";
import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/words/fill";
import styles from "./wallet.module.css";
import { TitledSection } from "@/components/ui/titled-section";

// "Add Funds" where demo data is off: an amount within the operator's limits and a
// card (saved cards by brand and last four, or checkout's card form), charged through the payment
// provider (POST /api/users/wallet/{id}/top-ups, one Idempotency-Key per attempt so a retried
// request adds once). A 3-D Secure card goes to its challenge page, which sends the customer back
// to /wallet?payment_intent=..., where the same top-up is sent again with the authorization.
// Another `currency` than USD (the wallet page's ?currency=): the amount is in it and so is the charge.

const CHALLENGE_KEY = "nosh.walletTopUpChallenge";
type PendingChallenge = { amount: number; intentId: string; currency?: string };
type TopUpBody = { amount: number; paymentMethodId?: number; paymentIntent?: string; currency?: string };

/** Where a refusal is told: the amount's beside the amount, a card's beside the cards, anything else in an alert. */
function placeOf(failure: ApiFailure): "amount" | "card" | "alert" {
  if (failure.errors.amount) return "amount";
  if (failure.status === 402 || failure.errors.paymentMethodId || failure.errors.paymentIntent) return "card";
  return "alert";
}

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
  // An amount outside the limits, told before anything is sent.
  const [outOfRange, setOutOfRange] = useState<string | null>(null);
  // The top-up sent last, kept while the customer is at the bank's page; the button stays busy meanwhile.
  const sent = useRef<TopUpBody | null>(null);
  const [challenged, setChallenged] = useState(false);
  const topUp = useApiAction(
    (body: TopUpBody) => api<TopUpJson>(`/api/users/wallet/${userId}/top-ups`, { method: "POST", body, headers: { "Idempotency-Key": crypto.randomUUID() } }),
    {
      onSuccess: (answer) => {
        show(answer.topUp.message, "success");
        onAdded(answer);
      },
      onError: (failure) => {
        const challenge = challengeOf(failure);
        if (challenge && sent.current) {
          setChallenged(true);
          return goToChallenge<PendingChallenge>(
            CHALLENGE_KEY,
            { amount: sent.current.amount, intentId: challenge.intentId, currency: sent.current.currency },
            challenge,
          );
        }
        if (placeOf(failure) === "alert") show(failure.message, "error");
      },
    },
  );
  const { failure } = topUp;
  const place = failure && !challengeOf(failure) ? placeOf(failure) : null;
  const amountError = outOfRange ?? (place === "amount" ? failure!.errors.amount : null);
  const cardError = place === "card" ? failure!.message : null;
  const paying = topUp.busy || challenged;

  const send = (body: TopUpBody) => {
    setOutOfRange(null);
    sent.current = body;
    return topUp.run(body);
  };

  // Back from the 3-D Secure page: the same top-up with the authorization.
  useChallengeReturn<PendingChallenge>(CHALLENGE_KEY, (pending) => void send({ amount: pending.amount, paymentIntent: pending.intentId, currency: pending.currency }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const cents = currency ? majorToMinor(amount.trim(), currency) : dollarsToCents(amount.trim());
    if (cents === null || cents < limits.minCents || cents > limits.maxCents) {
      setOutOfRange(fill(w.range, { min: money(limits.minCents), max: money(limits.maxCents) }));
      return;
    }
    const major = currency ? { amount: minorToMajor(cents, currency), currency } : { amount: cents / 100 };
    void send({ ...major, ...(card === null ? {} : { paymentMethodId: card }) });
  };

  return (
    <TitledSection id="top-up-heading" title={w.title} className={styles.topUpPanel} titleClassName={styles.statementTitle}>
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
    </TitledSection>
  );
}
