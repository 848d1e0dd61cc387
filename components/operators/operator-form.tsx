import type { FormEvent, ReactElement, ReactNode } from "react";
import { buttonClass } from "@/components/ui/button";
import type { OperatorFormMessage } from "./use-operator-form";
import styles from "./operators.module.css";

// The one skeleton of the operators' settings forms (legal texts, top-up limits, tax rates, markets,
// delivery pricing): a title, the form's own fields, the reason the audit log keeps, what was saved
// or why not, and the button. `useOperatorForm` gives it `busy`, `errors` and `message`.

type Errors = Record<string, string>;

/** A field's `aria-invalid` and `aria-describedby` while the refusal names it (`key`: the API's name, when it differs). */
export function invalid(id: string, name: string, errors: Errors, key: string = name) {
  return errors[key] ? { "aria-invalid": true as const, "aria-describedby": `${id}-${name}-error` } : {};
}

/** A labelled field, its refusal beside it (`key`: the API's name for it, when it differs from `name`). */
export function OperatorField({
  id,
  name,
  label,
  errors,
  hint,
  errorKey = name,
  children,
}: {
  id: string;
  name: string;
  label: ReactNode;
  errors: Errors;
  hint?: string;
  errorKey?: string;
  children: ReactElement;
}) {
  return (
    <label htmlFor={`${id}-${name}`}>
      {label}
      {children}
      {hint && <span className={styles.meta}>{hint}</span>}
      {errors[errorKey] && (
        <span className={styles.error} id={`${id}-${name}-error`}>
          {errors[errorKey]}
        </span>
      )}
    </label>
  );
}

type FormProps = {
  id: string;
  /** The form's accessible name. */
  label: string;
  /** The heading; absent where the form's fieldsets carry their own. */
  title?: ReactNode;
  /** Laid out as the settings cards of the tax, limits, markets and pricing pages. */
  wide?: boolean;
  /** A form action (React resets the form after it), or `onSubmit` where a refused value must stay. */
  action?: (form: FormData) => void | Promise<void>;
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  /** The browser's own checks off (the server's refusal is told beside the field): on unless false. */
  noValidate?: boolean;
  /** The reason field's label. */
  why: string;
  /** What `useOperatorForm` gives: whether it is busy, the refusals by field, the message. */
  form: { busy: boolean; errors: Errors; message: OperatorFormMessage };
  /** The button's words, then its words while busy. */
  button: [string, string];
  children: ReactNode;
};

/** A settings form: `children` are its fields, then the reason, the message and the button. */
export function OperatorForm({ id, label, title, wide, action, onSubmit, noValidate = true, why, form, button, children }: FormProps) {
  const { busy, errors, message } = form;
  return (
    <form className={`${styles.card} ${styles.form}${wide ? ` ${styles.taxForm}` : ""}`} action={action} onSubmit={onSubmit} aria-label={label} noValidate={noValidate}>
      {title && <h2 className={styles.formTitle}>{title}</h2>}
      {children}
      <OperatorField id={id} name="reason" label={why} errors={errors}>
        <input id={`${id}-reason`} name="reason" maxLength={500} {...invalid(id, "reason", errors)} />
      </OperatorField>
      {message && (
        <p className={message.error ? styles.error : styles.meta} role="status">
          {message.text}
        </p>
      )}
      <div className={styles.actions}>
        <button type="submit" className={buttonClass({ size: "small" })} disabled={busy}>
          {busy ? button[1] : button[0]}
        </button>
      </div>
    </form>
  );
}
