import { useId, type TextareaHTMLAttributes } from "react";
import base from "./text-field.module.css";
import styles from "./choice-field.module.css";

type TextAreaFieldProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id"> & {
  label: string;
  error?: string;
  hint?: string;
};

/** A labelled multi-line input, styled and wired for errors like TextField. */
export function TextAreaField({ label, error, hint, className, ...textarea }: TextAreaFieldProps) {
  const id = useId();
  const describedBy = [error && `${id}-error`, hint && !error && `${id}-hint`].filter(Boolean).join(" ") || undefined;
  return (
    <div className={`${base.field} ${className ?? ""}`}>
      <label htmlFor={id} className={base.label}>
        {label}
      </label>
      <textarea id={id} className={`${base.input} ${styles.textarea}`} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...textarea} />
      {hint && !error && (
        <p id={`${id}-hint`} className={base.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className={base.error}>
          {error}
        </p>
      )}
    </div>
  );
}
