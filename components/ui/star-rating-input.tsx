"use client";
import { useId, useState, type PointerEvent } from "react";
import { useAlerts } from "@/components/providers/alerts-provider";
import { IconGlyph } from "./icons";
import field from "./text-field.module.css";
import styles from "./star-rating-input.module.css";

type StarRatingInputProps = {
  /** Names the radiogroup ("Order rating"). */
  label: string;
  value: number | null;
  onChange: (value: number) => void;
  /** The id of a message describing this input's problem (one message may serve two inputs). */
  errorId?: string;
  invalid?: boolean;
};

/**
 * A 1-5 rating as five native radios drawn as stars: the browser gives arrow-key movement,
 * Tab in and out of the group and form semantics; each radio is named "4 stars" (the page's words: the alerts provider's).
 */
export function StarRatingInput({ label, value, onChange, errorId, invalid = false }: StarRatingInputProps) {
  const id = useId();
  const { words: w } = useAlerts();
  const names = ["", w.poor, w.fair, w.good, w.veryGood, w.excellent];
  const [hover, setHover] = useState<number | null>(null);
  const shown = hover ?? value ?? 0;
  // Touch has no hover: a tap would leave the preview stuck on the tapped star.
  const preview = (n: number | null) => (event: PointerEvent) => {
    if (event.pointerType === "mouse") setHover(n);
  };

  return (
    <div className={field.field}>
      <span id={`${id}-label`} className={field.label}>
        {label}
      </span>
      <div className={styles.row}>
        <div
          role="radiogroup"
          aria-labelledby={`${id}-label`}
          aria-describedby={errorId}
          aria-invalid={invalid || undefined}
          aria-required="true"
          className={`${styles.stars} ${invalid ? styles.invalid : ""}`}
          onPointerLeave={preview(null)}
        >
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n} className={styles.star} onPointerEnter={preview(n)}>
              <input type="radio" name={id} value={n} checked={value === n} onChange={() => onChange(n)} className={styles.radio} />
              <IconGlyph name="star" size={30} strokeWidth={1.6} className={n <= shown ? styles.on : styles.off} />
              <span className="sr-only">{n === 1 ? w.star : w.stars.replace("{count}", String(n))}</span>
            </label>
          ))}
        </div>
        <span className={styles.word} aria-hidden="true">
          {names[shown] || w.select}
        </span>
      </div>
    </div>
  );
}
