import type { ReactNode, SelectHTMLAttributes } from "react";
import { LabelledField } from "./text-field";
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
  const field = { label, error, hint, className };
  const control = (wiring: object) => (
    <select {...wiring} className={`${base.input} ${styles.select}`} {...select}>
      {children}
    </select>
  );
  return <LabelledField {...field} control={control} />;
}
