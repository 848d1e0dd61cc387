import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from "react";
import styles from "./text-field.module.css";

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, "id"> & {
  label: string;
  error?: string;
  hint?: string;
  ref?: Ref<HTMLInputElement>;
};

/** What a field's control is given: its id, and its error or hint wired for screen readers. */
type Wiring = { id: string; "aria-invalid": true | undefined; "aria-describedby": string | undefined };

/** The frame of every field (TextField, SelectField, TextAreaField): the label, the control, then its hint, or its error in place of the hint. */
export function FieldFrame({
  label,
  error,
  hint,
  className,
  control,
}: {
  label: string;
  error?: string;
  hint?: string;
  className?: string;
  control: (wiring: Wiring) => ReactNode;
}) {
  const id = useId();
  const describedBy = [error && `${id}-error`, hint && !error && `${id}-hint`].filter(Boolean).join(" ") || undefined;
  return (
    <div className={`${styles.field} ${className ?? ""}`}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {control({ id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy })}
      {hint && !error && (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}

/** A labelled input whose error sits right under it and is tied to it for screen readers. */
export function TextField({ label, error, hint, className, ...input }: TextFieldProps) {
  return <FieldFrame label={label} error={error} hint={hint} className={className} control={(wiring) => <input {...wiring} className={styles.input} {...input} />} />;
}
