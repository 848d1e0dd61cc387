"use client";
import { useState, type FormEvent } from "react";
import { buttonClass } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { MAX_TIP_CENTS } from "@/lib/shared/constants";
import { dollarsToCents, formatCents } from "@/lib/shared/money";
import styles from "./tip-picker.module.css";

/** The custom-tip modal's form: Save is enabled once an amount is typed; Enter saves. */
export function CustomTipForm({ initialCents, onSave }: { initialCents: number | null; onSave: (cents: number) => void }) {
  const [value, setValue] = useState(initialCents !== null ? (initialCents / 100).toFixed(2) : "");
  const [error, setError] = useState<string>();

  const save = (event: FormEvent) => {
    event.preventDefault();
    const cents = dollarsToCents(value.replace(/^\$/, ""));
    if (cents === null || cents < 0) return setError("Enter an amount in dollars, like 5 or 4.50");
    if (cents > MAX_TIP_CENTS) return setError(`A tip can be at most ${formatCents(MAX_TIP_CENTS)}`);
    onSave(cents);
  };

  return (
    <form className={styles.form} onSubmit={save} noValidate>
      <TextField
        label="Tip amount (dollars)"
        inputMode="decimal"
        autoComplete="off"
        placeholder="0.00"
        autoFocus
        value={value}
        error={error}
        onChange={(event) => {
          setValue(event.target.value);
          setError(undefined);
        }}
      />
      <button type="submit" className={buttonClass({ block: true })} disabled={!value.trim()}>
        Save
      </button>
    </form>
  );
}
