"use client";
import { useState, type FormEvent } from "react";
import { TextField } from "@/components/ui/text-field";
import { buttonClass } from "@/components/ui/button";
import { api } from "@/lib/client/api";
import { useApiAction } from "@/lib/client/use-api-action";
import { luhnValid } from "@/lib/shared/money/payment-cards";
import type { SavedCardJson } from "@/lib/server/payments/methods";
import type { Words } from "@/lib/i18n/words";
import styles from "./payment.module.css";

type CardWords = Words<"orderflow">["cards"];

type Errors = Partial<Record<"number" | "expiry" | "cvc" | "postalCode" | "form", string>>;

/** "4242424242424242" -> "4242 4242 4242 4242" as it is typed. */
const grouped = (digits: string) => digits.replace(/(\d{4})(?=\d)/g, "$1 ");

/** The expiry typed "MM/YY" (or "MM / YYYY") as a month and a four-digit year, or null. */
function expiryOf(text: string): { expMonth: number; expYear: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(text);
  if (!match) return null;
  const expMonth = Number(match[1]);
  const year = Number(match[2]);
  return expMonth >= 1 && expMonth <= 12 ? { expMonth, expYear: year < 100 ? 2000 + year : year } : null;
}

/** What is wrong with the form before anything is sent (the provider checks again). */
function problems(w: CardWords, number: string, expiry: string, cvc: string, postalCode: string, now = new Date()): Errors {
  const errors: Errors = {};
  if (!luhnValid(number)) errors.number = number ? w.numberInvalid : w.numberMissing;
  const exp = expiryOf(expiry);
  if (!exp) errors.expiry = w.expiryInvalid;
  else if (exp.expYear * 12 + exp.expMonth < now.getFullYear() * 12 + now.getMonth() + 1) errors.expiry = w.expiryPast;
  if (!/^\d{3,4}$/.test(cvc)) errors.cvc = w.cvcInvalid;
  if (!/^[A-Za-z0-9 -]{3,10}$/.test(postalCode.trim())) errors.postalCode = w.postalInvalid;
  return errors;
}

/**
 * The card form (loaded when "Add a card" is pressed): the card goes to the payment provider's
 * tokenization endpoint (the test provider's /api/test-provider/payment-methods), never to Nosh's
 * order API; Nosh saves only the payment method id it answers (POST /api/payment-methods).
 */
export function CardForm({
  onSaved,
  onCancel,
  pay,
  words: w,
}: {
  onSaved?: (card: SavedCardJson) => void;
  onCancel?: () => void;
  /** Paying without an account (a phone order's payment link): the tokenized card is handed to `submit` instead of saved. */
  pay?: { label: string; submit: (paymentMethodId: string) => Promise<void> };
  /** Its words (the catalogue's orderflow.cards), from the server. */
  words: CardWords;
}) {
  const [number, setNumber] = useState("");
  const [expiry, setExpiry] = useState("");
  const [cvc, setCvc] = useState("");
  const [postalCode, setPostalCode] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  type CardBody = { number: string; expMonth: number; expYear: number; cvc: string; postalCode: string };
  const saveCall = useApiAction(
    async (card: CardBody) => {
      const token = await api<{ id: string }>("/api/test-provider/payment-methods", { method: "POST", body: card });
      if (pay) await pay.submit(token.id);
      else return api<SavedCardJson>("/api/payment-methods", { method: "POST", body: { paymentMethodId: token.id, makeDefault: true } });
    },
    {
      onSuccess: (saved) => {
        if (saved) onSaved?.(saved);
      },
      // The provider's refusal of a field beside it; any other under the form.
      onError: (failure) => {
        const e = failure.errors;
        setErrors({
          number: e.number,
          expiry: e.expMonth ?? e.expYear,
          cvc: e.cvc,
          postalCode: e.postalCode,
          form: Object.keys(e).some((field) => ["number", "expMonth", "expYear", "cvc", "postalCode"].includes(field)) ? undefined : failure.message,
        });
      },
    },
  );
  const saving = saveCall.busy;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const found = problems(w, number, expiry, cvc, postalCode);
    setErrors(found);
    if (Object.keys(found).length) return;
    await saveCall.run({ number, ...expiryOf(expiry)!, cvc, postalCode });
  };

  return (
    <form className={styles.cardForm} onSubmit={save} noValidate aria-label={pay ? w.payByCard : w.add}>
      <TextField
        label={w.number}
        name="cardnumber"
        autoComplete="cc-number"
        inputMode="numeric"
        placeholder="1234 1234 1234 1234"
        value={grouped(number)}
        onChange={(event) => setNumber(event.target.value.replace(/\D/g, "").slice(0, 19))}
        error={errors.number}
      />
      <div className={styles.cardRow}>
        <TextField
          label={w.expiry}
          name="cc-exp"
          autoComplete="cc-exp"
          inputMode="numeric"
          placeholder={w.expiryPlaceholder}
          value={expiry}
          onChange={(event) => setExpiry(event.target.value.slice(0, 7))}
          error={errors.expiry}
        />
        <TextField
          label={w.cvc}
          name="cvc"
          autoComplete="cc-csc"
          inputMode="numeric"
          placeholder="123"
          value={cvc}
          onChange={(event) => setCvc(event.target.value.replace(/\D/g, "").slice(0, 4))}
          error={errors.cvc}
        />
      </div>
      <TextField
        label={w.postalCode}
        name="postal"
        autoComplete="postal-code"
        value={postalCode}
        onChange={(event) => setPostalCode(event.target.value.slice(0, 10))}
        error={errors.postalCode}
      />
      <p className={styles.hint}>{w.testMode}</p>
      {errors.form && (
        <p role="alert" className={styles.error}>
          {errors.form}
        </p>
      )}
      <div className={styles.actions}>
        <button type="submit" className={buttonClass({ size: "small" })} disabled={saving}>
          {saving ? (pay ? w.paying : w.saving) : (pay?.label ?? w.save)}
        </button>
        {onCancel && (
          <button type="button" className={buttonClass({ variant: "ghost", size: "small" })} onClick={onCancel}>
            {w.cancel}
          </button>
        )}
      </div>
    </form>
  );
}
