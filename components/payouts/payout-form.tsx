"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { buttonClass } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { api } from "@/lib/client/api";
import { useApiAction } from "@/lib/client/use-api-action";
import { centsOfAmount, formatCents } from "@/lib/shared/money/money";
import styles from "./payouts.module.css";
import { fill } from "@/lib/shared/words/fill";
import type { Locale } from "@/lib/i18n/locale";
import type { Words } from "@/lib/i18n/words";

type Payout = { reference: string; amount: number };

/**
 * "Pay out": the amount (the available balance by default), progress while it is sent, the
 * server's refusal beside the field (409: more than available, or one already on its way), the
 * payout's reference once it is on its way; then the page's figures are read again.
 */
type PayoutFormProps = {
  url: string;
  availableCents: number;
  inFlight: boolean;
  onPaid?: () => void;
  /** Its words (the catalogue's kitchen.payouts.form) and the amounts' language, from the server. */
  words: Words<"kitchen">["payouts"]["form"];
  locale?: Locale;
  /** The balance's currency (the restaurant's market's); USD without. */
  currency?: string;
};

export function PayoutForm({ url, availableCents, inFlight, onPaid, words, locale, currency }: PayoutFormProps) {
  const router = useRouter();
  // The amount field in major units: two decimals, none for yen (availableCents: minor units of `currency`).
  const major = (minor: number) => (currency === "JPY" ? String(minor) : (minor / 100).toFixed(2));
  const [amount, setAmount] = useState(major(availableCents));
  // A new balance (the page refreshed after a payout) resets the amount to it; the form is not remounted, so what it said stays.
  const [balance, setBalance] = useState(availableCents);
  if (balance !== availableCents) {
    setBalance(availableCents);
    setAmount(major(availableCents));
  }
  const [done, setDone] = useState<Payout | null>(null);
  const call = useApiAction((body: { amount: string }) => api<Payout>(url, { method: "POST", body }), {
    onSuccess: (payout) => {
      setDone(payout);
      onPaid?.();
      router.refresh();
    },
  });
  const sending = call.busy;
  const error = call.failure ? (call.errors.amount ?? call.message ?? undefined) : undefined;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setDone(null);
    await call.run({ amount });
  };

  const nothing = availableCents <= 0;
  return (
    <form className={styles.payoutForm} onSubmit={submit} aria-label={words.label} noValidate>
      <TextField
        label={words.amount}
        name="amount"
        inputMode="decimal"
        value={amount}
        onChange={(event) => setAmount(event.target.value)}
        error={error}
        hint={inFlight ? words.inFlight : fill(words.upTo, { amount: formatCents(availableCents, { locale, currency }) })}
      />
      <button type="submit" className={buttonClass({ variant: "primary" })} disabled={sending || nothing}>
        {sending ? words.paying : words.pay}
      </button>
      <p className={styles.status} role="status" aria-live="polite">
        {done
          ? fill(words.done, { reference: done.reference, amount: formatCents(centsOfAmount(done.amount, currency ?? "USD"), { locale, currency }) })
          : nothing && !inFlight
            ? words.nothing
            : ""}
      </p>
    </form>
  );
}
