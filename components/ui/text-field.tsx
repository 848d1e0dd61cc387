import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from "react";
import styles from "./text-field.module.css";

/** What a field's control is given: its id, and its error or hint tied to it for screen readers. */
type ControlWiring = { id: string; "aria-invalid": true | undefined; "aria-describedby": string | undefined };

type LabelledFieldProps = { label: string; error?: string; hint?: string; className?: string; control: (wiring: ControlWiring) => ReactNode };

/** A label, a control (an input, a select, a text area) and, under it, its error, else its hint: TextField, SelectField and TextAreaField. */
export function LabelledField({ label, error, hint, className, control }: LabelledFieldProps) {
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

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, "id"> & {
  label: string;
  error?: string;
  hint?: string;
  ref?: Ref<HTMLInputElement>;
};

/** A labelled input whose error sits right under it and is tied to it for screen readers. */
export function TextField({ label, error, hint, className, ...input }: TextFieldProps) {
  const field = { label, error, hint, className };
  return <LabelledField {...field} control={(wiring) => <input {...wiring} className={styles.input} {...input} />} />;
}
