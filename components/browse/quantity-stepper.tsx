"use client";
import { useState } from "react";
import { IconGlyph } from "@/components/ui/icons";
import { LiveButton, useLiveControl } from "@/components/ui/live-button";
import { MAX_QUANTITY } from "@/lib/shared/orders/cart";
import styles from "./quantity-stepper.module.css";

const clamp = (n: number) => Math.min(MAX_QUANTITY, Math.max(1, Math.floor(n)));

/** − / number / + for a quantity of 1 to 99; typing is allowed and settles on blur. */
export function QuantityStepper({
  value,
  onChange,
  labels = { quantity: "Quantity", decrease: "Decrease quantity", increase: "Increase quantity" },
}: {
  value: number;
  onChange: (value: number) => void;
  /** Its names in the page's language, where the page gives them. */
  labels?: { quantity: string; decrease: string; increase: string };
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const live = useLiveControl();
  return (
    <div className={styles.stepper} role="group" aria-label={labels.quantity}>
      <LiveButton className={styles.step} aria-label={labels.decrease} disabled={value <= 1} onClick={() => onChange(clamp(value - 1))}>
        <IconGlyph name="minus" size={18} />
      </LiveButton>
      <input
        className={styles.input}
        type="number"
        inputMode="numeric"
        min={1}
        max={MAX_QUANTITY}
        aria-label={labels.quantity}
        {...live}
        value={draft ?? String(value)}
        onChange={(event) => {
          setDraft(event.target.value);
          const n = Number(event.target.value);
          if (event.target.value !== "" && Number.isFinite(n)) onChange(clamp(n));
        }}
        onBlur={() => setDraft(null)}
      />
      <LiveButton className={styles.step} aria-label={labels.increase} disabled={value >= MAX_QUANTITY} onClick={() => onChange(clamp(value + 1))}>
        <IconGlyph name="plus" size={18} />
      </LiveButton>
    </div>
  );
}
