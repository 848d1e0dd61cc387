"use client";
import { useState } from "react";
import { IconGlyph } from "@/components/ui/icons";
import { MAX_QUANTITY } from "@/lib/shared/cart";
import styles from "./quantity-stepper.module.css";

const clamp = (n: number) => Math.min(MAX_QUANTITY, Math.max(1, Math.floor(n)));

/** − / number / + for a quantity of 1 to 99; typing is allowed and settles on blur. */
export function QuantityStepper({ value, onChange }: { value: number; onChange: (value: number) => void }) {
  const [draft, setDraft] = useState<string | null>(null);
  return (
    <div className={styles.stepper} role="group" aria-label="Quantity">
      <button type="button" className={styles.step} aria-label="Decrease quantity" disabled={value <= 1} onClick={() => onChange(clamp(value - 1))}>
        <IconGlyph name="minus" size={18} />
      </button>
      <input
        className={styles.input}
        type="number"
        inputMode="numeric"
        min={1}
        max={MAX_QUANTITY}
        aria-label="Quantity"
        value={draft ?? String(value)}
        onChange={(event) => {
          setDraft(event.target.value);
          const n = Number(event.target.value);
          if (event.target.value !== "" && Number.isFinite(n)) onChange(clamp(n));
        }}
        onBlur={() => setDraft(null)}
      />
      <button type="button" className={styles.step} aria-label="Increase quantity" disabled={value >= MAX_QUANTITY} onClick={() => onChange(clamp(value + 1))}>
        <IconGlyph name="plus" size={18} />
      </button>
    </div>
  );
}
