"use client";
import type { ReactNode } from "react";
import styles from "./team.module.css";

type Choice<T extends string> = { value: T; name: ReactNode; meta: ReactNode };

/** A create form's boxes to tick (a key's scopes, a webhook's events), the refusal under them. */
export function Choices<T extends string>({
  legend,
  options,
  chosen,
  onChange,
  error,
  errorId,
}: {
  legend: string;
  options: Choice<T>[];
  chosen: T[];
  onChange: (next: T[]) => void;
  error?: string;
  /** The refusal's id, for the fieldset's aria-describedby. */
  errorId?: string;
}) {
  return (
    <fieldset className={styles.scopes} aria-describedby={error && errorId ? errorId : undefined}>
      <legend className={styles.name}>{legend}</legend>
      {options.map(({ value, name, meta }) => (
        <label key={value} className={styles.scope}>
          <input type="checkbox" checked={chosen.includes(value)} onChange={(e) => onChange(e.target.checked ? [...chosen, value] : chosen.filter((v) => v !== value))} />
          <span>
            <span className={styles.name}>{name}</span>
            <span className={styles.meta}>{meta}</span>
          </span>
        </label>
      ))}
      {error && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
