"use client";
import { lazy, Suspense, useEffect, useState } from "react";
import { buttonClass } from "@/components/ui/button";
import { api } from "@/lib/client/api";
import { stripeKey } from "@/lib/client/stripe-key";
import { inTaskOfItsOwn } from "@/lib/client/task-of-its-own";
import type { SavedCardJson } from "@/lib/server/payments/methods";
import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/words/fill";
import styles from "./payment.module.css";

type CardWords = Words<"orderflow">["cards"];

// The card form is loaded only when asked for (it is not part of checkout's first load): on Stripe
// (a publishable key in the page), Stripe.js's Elements, else the built-in form.
const CardForm = lazy(() => import("./card-form").then((m) => ({ default: m.CardForm })));
const StripeCardForm = lazy(() => import("./stripe-card-form").then((m) => ({ default: m.StripeCardForm })));

type SavedCardsProps = {
  /** The card chosen (its id), or null for the default. */
  value: number | null;
  onChange: (id: number | null) => void;
  /** The payment's refusal (a decline), shown beside the cards. */
  error: string | null;
  /** The cards' and the card form's words (the catalogue's orderflow.cards), from the server. */
  words: CardWords;
  /** The ISO 4217 code of what the card pays for (the order's, the top-up's): Stripe's Elements are set up in it. */
  currency: string;
};

/** The customer's saved cards by brand and last four (GET /api/payment-methods), the default chosen, and "Add a card". */
export function SavedCards({ value, onChange, error, words: w, currency }: SavedCardsProps) {
  const [cards, setCards] = useState<SavedCardJson[] | null>(null);
  const [adding, setAdding] = useState(false);

  useEffect(() => {
    let live = true;
    // Read in a task of its own, not in the commit's (on the page's first load, the hydration's).
    const cancel = inTaskOfItsOwn(() =>
      api<{ paymentMethods: SavedCardJson[] }>("/api/payment-methods")
        .then((answer) => live && setCards(answer.paymentMethods))
        .catch(() => live && setCards([])),
    );
    return () => {
      live = false;
      cancel();
    };
  }, []);

  const chosen = value ?? cards?.find((card) => card.isDefault)?.id ?? null;
  return (
    <div className={styles.cards}>
      {cards === null ? (
        <p className={styles.hint}>{w.loading}</p>
      ) : cards.length ? (
        <fieldset className={styles.cardList}>
          <legend className="sr-only">{w.saved}</legend>
          {cards.map((card) => (
            <label key={card.id} className={styles.cardOption}>
              <input type="radio" name="savedCard" value={card.id} checked={chosen === card.id} onChange={() => onChange(card.id)} />
              <span>
                {card.label}
                <span className={styles.expiry}>{fill(w.expires, { date: `${String(card.expMonth).padStart(2, "0")}/${String(card.expYear).slice(-2)}` })}</span>
              </span>
            </label>
          ))}
        </fieldset>
      ) : (
        <p className={styles.hint}>{w.none}</p>
      )}
      {error && (
        <p id="payment-error" role="alert" className={styles.error}>
          {error}
        </p>
      )}
      {adding ? (
        <Suspense fallback={<p className={styles.hint}>{w.loadingForm}</p>}>
          <AddCard
            words={w}
            currency={currency}
            onCancel={() => setAdding(false)}
            onSaved={(card) => {
              setCards((list) => [card, ...(list ?? []).map((other) => ({ ...other, isDefault: false }))]);
              onChange(card.id);
              setAdding(false);
            }}
          />
        </Suspense>
      ) : (
        <button type="button" className={buttonClass({ variant: "secondary", size: "small" })} onClick={() => setAdding(true)}>
          {w.add}
        </button>
      )}
    </div>
  );
}

/** Stripe's Elements where the page carries Stripe's publishable key, else the built-in card form. */
function AddCard({ currency, ...props }: { onSaved: (card: SavedCardJson) => void; onCancel: () => void; words: CardWords; currency: string }) {
  const key = stripeKey();
  return key ? <StripeCardForm stripeKey={key} currency={currency} {...props} /> : <CardForm {...props} />;
}
