"use client";
import { useState, type FormEvent } from "react";
import { buttonClass } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { MAX_TIP_CENTS } from "@/lib/shared/constants";
import { formatCents } from "@/lib/shared/money";
import { currencyInfo, majorToMinor, minorPerMajor } from "@/lib/shared/currency";
import type { Locale } from "@/lib/i18n/locale";
import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/fill";
import styles from "./tip-picker.module.css";

export type CustomTipWords = Words<"orderflow">["checkout"]["customTip"];

/** The custom-tip modal's form: Save is enabled once an amount is typed; Enter saves. */
export function CustomTipForm({
  initialCents,
  onSave,
  words: w,
  locale,
  currency = "USD",
}: {
  initialCents: number | null;
  onSave: (cents: number) => void;
  words: CustomTipWords;
  locale: Locale;
  /** The order's currency: the amount is in its major unit, with its digits (none for JPY). */
  currency?: string;
}) {
  const digits = currencyInfo(currency).digits;
  const [value, setValue] = useState(initialCents !== null ? (initialCents / minorPerMajor(currency)).toFixed(digits) : "");
  const [error, setError] = useState<string>();

  const save = (event: FormEvent) => {
    event.preventDefault();
    // A leading symbol as typed ("$5", "MX$5") is dropped; the currency's digits rule the decimals.
    const cents = majorToMinor(value.replace(/^[A-Z]{0,3}[$€£¥]/, ""), currency);
    if (cents === null || cents < 0) return setError(w.invalid);
    if (cents > MAX_TIP_CENTS) return setError(fill(w.tooMuch, { amount: formatCents(MAX_TIP_CENTS, { locale, currency }) }));
    onSave(cents);
  };

  return (
    <form className={styles.form} onSubmit={save} noValidate>
      <TextField
        label={w.label}
        inputMode="decimal"
        autoComplete="off"
        placeholder={(0).toFixed(digits)}
        autoFocus
        value={value}
        error={error}
        onChange={(event) => {
          setValue(event.target.value);
          setError(undefined);
        }}
      />
      <button type="submit" className={buttonClass({ block: true })} disabled={!value.trim()}>
        {w.save}
      </button>
    </form>
  );
}
