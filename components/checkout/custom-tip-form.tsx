"use client";
import { useState, type FormEvent } from "react";
import { buttonClass } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { MAX_TIP_CENTS } from "@/lib/shared/constants";
import { formatCents } from "@/lib/shared/money/money";
import { currencyInfo, majorToMinor, minorPerMajor } from "@/lib/shared/money/currency";
import type { Locale } from "@/lib/i18n/locale";
import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/words/fill";
import type { TipCeiling } from "@/lib/shared/money/pricing";
import styles from "./tip-picker.module.css";

export type CustomTipWords = Words<"orderflow">["checkout"]["customTip"];

/**
 * The custom-tip modal's form: Save is enabled once an amount is typed; Enter saves. With the
 * order's ceiling (lib/shared/money/pricing.ts tipCeilingCents, the server's rule) the field says the
 * limit, and an amount over it is refused here, with the limit, as Place order would refuse it.
 */
export function CustomTipForm({
  initialCents,
  onSave,
  words: w,
  locale,
  currency = "USD",
  ceiling,
}: {
  initialCents: number | null;
  onSave: (cents: number) => void;
  words: CustomTipWords;
  locale: Locale;
  /** The order's currency: the amount is in its major unit, with its digits (none for JPY). */
  currency?: string;
  /** The most this order takes (`maxCents`) and the rule behind it; absent: only the absolute cap. */
  ceiling?: { maxCents: number; rule: TipCeiling };
}) {
  const money = (cents: number) => formatCents(cents, { locale, currency });
  const digits = currencyInfo(currency).digits;
  const [value, setValue] = useState(initialCents !== null ? (initialCents / minorPerMajor(currency)).toFixed(digits) : "");
  const [error, setError] = useState<string>();

  const save = (event: FormEvent) => {
    event.preventDefault();
    // A leading symbol as typed ("$5", "MX$5") is dropped; the currency's digits rule the decimals.
    const cents = majorToMinor(value.replace(/^[A-Z]{0,3}[$€£¥]/, ""), currency);
    if (cents === null || cents < 0) return setError(w.invalid);
    if (ceiling && cents > ceiling.maxCents) {
      const { tipMaxPercent: percent, tipFloorCents } = ceiling.rule;
      return setError(fill(w.overCeiling, { amount: money(ceiling.maxCents), percent, floor: money(tipFloorCents) }));
    }
    if (cents > MAX_TIP_CENTS) return setError(fill(w.tooMuch, { amount: money(MAX_TIP_CENTS) }));
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
        hint={ceiling ? fill(w.upTo, { amount: money(ceiling.maxCents) }) : undefined}
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
