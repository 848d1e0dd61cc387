import type { ReactNode, SelectHTMLAttributes } from "react";
import { FieldFrame } from "./text-field";
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
  return (
    <FieldFrame
      label={label}
      error={error}
      hint={hint}
      className={className}
      control={(wiring) => (
        <select {...wiring} className={`${base.input} ${styles.select}`} {...select}>
          {children}
        </select>
      )}
    />
  );
}
