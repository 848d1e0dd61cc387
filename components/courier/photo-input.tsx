import type { InputHTMLAttributes } from "react";
import styles from "./courier.module.css";

type PhotoInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "accept" | "className"> & {
  label: string;
  /** Said under the input (its id `errorId`, tied to the input for screen readers). */
  error?: string | null;
  errorId: string;
};

/** A courier form's photo (an appeal's, the door's): its label, a file input for an image, and its error under it. */
export function PhotoInput({ label, error, errorId, ...input }: PhotoInputProps) {
  return (
    <label className={styles.field}>
      <span className={styles.fieldLabel}>{label}</span>
      <input type="file" accept="image/*" className={styles.input} aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined} {...input} />
      {error && (
        <span id={errorId} className={styles.fieldError}>
          {error}
        </span>
      )}
    </label>
  );
}
