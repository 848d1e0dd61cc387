"use client";
import { useMemo, useState } from "react";
import { Elements, ExpressCheckoutElement, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import type { StripeElementsOptions } from "@stripe/stripe-js";
import { buttonClass } from "@/components/ui/button";
import { api } from "@/lib/client/api";
import { parseApiError } from "@/lib/client/use-api-action";
import { loadStripeOnce } from "@/lib/client/stripe";
import type { SavedCardJson } from "@/lib/server/payments/methods";
import type { Words } from "@/lib/i18n/words";
import styles from "./payment.module.css";

// "Add a card" on Stripe (docs/architecture/stripe.md "Stripe.js"), loaded only where the site runs
// on Stripe with a publishable key: Stripe's Payment Element takes the card (its number goes from
// Stripe's frame to Stripe, never to Nosh), the Express Checkout Element offers the wallets the
// browser has (Apple Pay, Google Pay), and either one's payment method (a pm_ of type card) is saved
// like any card (POST /api/payment-methods); checkout, the top-up and the tip then charge it as they
// charge any saved card, and a 3-D Secure challenge is completed in the page (lib/client/card-challenge.ts).

/**
 * Setup mode: a card saved for the payments that follow, its PaymentMethod created by the page
 * (createPaymentMethod) and confirmed by the server at each payment. The methods offered are those
 * the Stripe account enables: cards, Apple Pay and Google Pay (cards to the server, which authorizes
 * `allowed_payment_method_types=[card]`); another kind (Link, a bank) is refused when saved.
 */
const optionsFor = (currency: string): StripeElementsOptions => ({
  mode: "setup",
  // The payment's currency (the order's, the top-up's), Stripe's way: the methods offered and the wallets' sheets follow it.
  currency: currency.toLowerCase(),
  paymentMethodCreation: "manual",
  appearance: { theme: "stripe", variables: { colorPrimary: "#c8290f", borderRadius: "8px", fontSizeBase: "16px" } },
});

type Props = {
  stripeKey: string;
  /** The ISO 4217 code the card will be charged in (the order's, the top-up's). */
  currency: string;
  onSaved: (card: SavedCardJson) => void;
  onCancel: () => void;
  words: Words<"orderflow">["cards"];
};

export function StripeCardForm({ stripeKey, currency, onSaved, onCancel, words }: Props) {
  const stripe = useMemo(() => loadStripeOnce(stripeKey), [stripeKey]);
  const options = useMemo(() => optionsFor(currency), [currency]);
  return (
    <Elements stripe={stripe} options={options}>
      <ElementsForm onSaved={onSaved} onCancel={onCancel} words={words} />
    </Elements>
  );
}

function ElementsForm({ onSaved, onCancel, words: w }: Omit<Props, "stripeKey" | "currency">) {
  const stripe = useStripe();
  const elements = useElements();
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [ready, setReady] = useState(false);
  const [wallets, setWallets] = useState(false);

  /** The details the Elements hold, made a PaymentMethod at Stripe and saved by its id: null, or what went wrong. */
  const saveCard = async (): Promise<string | null> => {
    if (!stripe || !elements) return w.stillLoading;
    const submitted = await elements.submit();
    if (submitted.error) return submitted.error.message ?? w.checkDetails;
    const created = await stripe.createPaymentMethod({ elements });
    if (created.error) return created.error.message ?? w.notAdded;
    try {
      onSaved(await api<SavedCardJson>("/api/payment-methods", { method: "POST", body: { paymentMethodId: created.paymentMethod.id, makeDefault: true } }));
      return null;
    } catch (failure) {
      return parseApiError(failure).message;
    }
  };

  const save = async () => {
    setSaving(true);
    setError(null);
    const problem = await saveCard();
    setSaving(false);
    setError(problem);
  };

  return (
    // A group, not a <form>: it sits inside the top-up's and the tip's forms, and its fields are Stripe's frames (Enter there submits nothing of ours).
    <div className={styles.cardForm} role="group" aria-label={w.add}>
      <div className={wallets ? styles.wallets : styles.walletsHidden}>
        <ExpressCheckoutElement
          options={{ buttonHeight: 44 }}
          onReady={(event) => setWallets(Boolean(event.availablePaymentMethods && Object.values(event.availablePaymentMethods).some(Boolean)))}
          onConfirm={async (event) => {
            setError(null);
            const problem = await saveCard();
            if (problem) {
              event.paymentFailed({ reason: "fail" });
              setError(problem);
            }
          }}
        />
      </div>
      <div className={styles.element}>
        <PaymentElement
          options={{ layout: "tabs", wallets: { applePay: "never", googlePay: "never" } }}
          onReady={() => setReady(true)}
          onChange={() => setError(null)}
          onLoadError={() => setError(w.loadError)}
        />
        {!ready && <p className={styles.hint}>{w.loadingForm}</p>}
      </div>
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
      <div className={styles.actions}>
        <button type="button" className={buttonClass({ size: "small" })} disabled={saving || !ready} onClick={() => void save()}>
          {saving ? w.saving : w.save}
        </button>
        <button type="button" className={buttonClass({ variant: "ghost", size: "small" })} onClick={onCancel}>
          {w.cancel}
        </button>
      </div>
    </div>
  );
}
