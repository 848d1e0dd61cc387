"use client";
import { lazy, Suspense, useEffect, useState } from "react";
import { buttonClass } from "@/components/ui/button";
import { api } from "@/lib/client/api";
import { stripeKey } from "@/lib/client/stripe-key";
import { inTaskOfItsOwn } from "@/lib/client/task-of-its-own";
import type { SavedCardJson } from "@/lib/server/payments/methods";
import styles from "./payment.module.css";

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
};

/** The customer's saved cards by brand and last four (GET /api/payment-methods), the default chosen, and "Add a card". */
export function SavedCards({ value, onChange, error }: SavedCardsProps) {
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
        <p className={styles.hint}>Loading your cards…</p>
      ) : cards.length ? (
        <fieldset className={styles.cardList}>
          <legend className="sr-only">Saved cards</legend>
          {cards.map((card) => (
            <label key={card.id} className={styles.cardOption}>
              <input type="radio" name="savedCard" value={card.id} checked={chosen === card.id} onChange={() => onChange(card.id)} />
              <span>
                {card.label}
                <span className={styles.expiry}>
                  {" "}
                  · expires {String(card.expMonth).padStart(2, "0")}/{String(card.expYear).slice(-2)}
                </span>
              </span>
            </label>
          ))}
        </fieldset>
      ) : (
        <p className={styles.hint}>No card saved yet.</p>
      )}
      {error && (
        <p id="payment-error" role="alert" className={styles.error}>
          {error}
        </p>
      )}
      {adding ? (
        <Suspense fallback={<p className={styles.hint}>Loading the card form…</p>}>
          <AddCard
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
          Add a card
        </button>
      )}
    </div>
  );
}

/** Stripe's Elements where the page carries Stripe's publishable key, else the built-in card form. */
function AddCard(props: { onSaved: (card: SavedCardJson) => void; onCancel: () => void }) {
  const key = stripeKey();
  return key ? <StripeCardForm stripeKey={key} {...props} /> : <CardForm {...props} />;
}
