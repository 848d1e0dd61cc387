import { useId, type ReactNode, type SelectHTMLAttributes } from "react";
import base from "./text-field.module.css";
import styles from "./choice-field.module.css";

type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, "id"> & {
  label: string;
  error?: string;
  hint?: string;
  children: ReactNode;
};

/** A labelled native select, styled and wired for errors like TextField. */
export function SelectField({ label, error, hint, className, children, ...select }: SelectFieldProps) {
  const id = useId();
  const describedBy = [error && `${id}-error`, hint && !error && `${id}-hint`].filter(Boolean).join(" ") || undefined;
  return (
    <div className={`${base.field} ${className ?? ""}`}>
      <label htmlFor={id} className={base.label}>
        {label}
      </label>
      <select id={id} className={`${base.input} ${styles.select}`} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...select}>
        {children}
      </select>
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
