"use client";
import { useRouter } from "next/navigation";
import { useRef, useState, type FormEvent } from "react";
import { SavedCards } from "@/components/checkout/saved-cards";
import { useAlerts } from "@/components/providers/alerts-provider";
import { buttonClass } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { api } from "@/lib/client/api";
import { useApiAction } from "@/lib/client/use-api-action";
import { challengeOf, goToChallenge, useChallengeReturn } from "@/lib/client/card-challenge";
import { DEFAULT_CURRENCY } from "@/lib/shared/money/currency";
import { formatCents } from "@/lib/shared/money/money";
import { formatTimeOrDay } from "@/lib/shared/time/format-date";
import type { Locale } from "@/lib/i18n/locale";
import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/words/fill";
import styles from "./raise-tip.module.css";

/** Its words and the saved cards' (the catalogue's orderflow.orders.raiseTip and orderflow.cards); the order's currency (USD's when absent). */
export type RaiseTipWords = { words: Words<"orderflow">["orders"]["raiseTip"]; cards: Words<"orderflow">["cards"]; locale: Locale; currency?: string };

/** Where the raise waits while the customer is at the bank's 3-D Secure page (this tab only). */
const CHALLENGE_KEY = "nosh.tipChallenge";
type TipBody = { tip: string; paymentMethodId?: number; paymentIntent?: string };
type PendingChallenge = { orderId: number; body: TipBody; intentId: string };

/**
 * "Raise the tip" on a delivered order's page, for an hour after delivery
 * (POST /api/orders/{id}/tip): the new tip, more than the current one; the difference goes to the
 * courier, from the wallet or by card (the saved cards offered, the default chosen). A card whose
 * bank asks for 3-D Secure goes to its challenge page, as checkout's does, which sends the
 * customer back to this page with `?payment_intent=`, where the same raise is sent again with the
 * authorization. The server decides; its refusal (lower, too late, above the ceiling) is shown
 * under the field, a card's (a decline, a failed challenge) beside the cards, where another can be chosen.
 */
export function RaiseTip({
  orderId,
  tipCents,
  until,
  timeZone,
  now,
  byCard,
  lang: { words: w, cards, locale, currency },
}: {
  orderId: number;
  tipCents: number;
  until: string;
  timeZone: string;
  now: number;
  byCard: boolean;
  lang: RaiseTipWords;
}) {
  const router = useRouter();
  const { show } = useAlerts();
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState("");
  const [cardId, setCardId] = useState<number | null>(null);
  // The raise sent last, kept while the customer is at the bank's page; the button stays busy meanwhile.
  const sent = useRef<TipBody | null>(null);
  const [challenged, setChallenged] = useState(false);
  const raising = useApiAction((body: TipBody) => api(`/api/orders/${orderId}/tip`, { method: "POST", body }), {
    onSuccess: () => {
      show(w.thanks, "success");
      setOpen(false);
      router.refresh();
    },
    onError: (failure) => {
      const challenge = challengeOf(failure);
      if (!challenge || !sent.current) return;
      const { paymentIntent: _, ...again } = sent.current;
      setChallenged(true);
      goToChallenge<PendingChallenge>(CHALLENGE_KEY, { orderId, body: again, intentId: challenge.intentId }, challenge);
    },
  });
  const { failure } = raising;
  const busy = raising.busy || challenged;
  // A card's refusal beside the cards (another may be chosen); any other under the field.
  const byCardRefusal = Boolean(failure && byCard && (failure.status === 402 || failure.errors.paymentMethodId || failure.errors.paymentIntent));
  const shown = failure && !challengeOf(failure);
  const cardError = shown && byCardRefusal ? failure.message : null;
  const error = shown && !byCardRefusal ? (failure.errors.tip ?? failure.message) : undefined;

  const send = (body: TipBody) => {
    sent.current = body;
    return raising.run(body);
  };

  // Back from the 3-D Secure page (?payment_intent=pi_...): the same raise with the authorization.
  useChallengeReturn<PendingChallenge>(CHALLENGE_KEY, (pending) => {
    if (pending.orderId !== orderId) return;
    setOpen(true);
    setValue(pending.body.tip);
    setCardId(pending.body.paymentMethodId ?? null);
    void send({ ...pending.body, paymentIntent: pending.intentId });
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void send({ tip: value, ...(byCard && cardId !== null ? { paymentMethodId: cardId } : {}) });
  };

  if (!open)
    return (
      <div className={styles.raise}>
        <button type="button" className={buttonClass({ variant: "secondary", size: "small" })} onClick={() => setOpen(true)}>
          {w.raise}
        </button>
        <span className={styles.until}>{fill(w.until, { time: formatTimeOrDay(until, timeZone, now, locale) })}</span>
      </div>
    );
  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-busy={busy}>
      <TextField
        label={w.label}
        inputMode="decimal"
        value={value}
        onChange={(event) => setValue(event.target.value)}
        hint={fill(w.moreThan, { amount: formatCents(tipCents, { locale, currency }) })}
        error={error}
        required
      />
      {byCard && (
        <fieldset className={styles.card}>
          <legend className={styles.legend}>{w.chargeTo}</legend>
          <SavedCards
            value={cardId}
            onChange={(id) => {
              if (cardError) raising.reset();
              setCardId(id);
            }}
            error={cardError}
            words={cards}
            currency={currency ?? DEFAULT_CURRENCY}
          />
        </fieldset>
      )}
      <div className={styles.buttons}>
        <button type="submit" className={buttonClass({ size: "small" })} disabled={busy}>
          {w.raise}
        </button>
        <button type="button" className={buttonClass({ variant: "ghost", size: "small" })} onClick={() => setOpen(false)}>
          {w.notNow}
        </button>
      </div>
    </form>
  );
}
