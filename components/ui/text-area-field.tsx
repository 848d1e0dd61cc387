import type { TextareaHTMLAttributes } from "react";
import { LabelledField } from "./text-field";
import base from "./text-field.module.css";
import styles from "./choice-field.module.css";

type TextAreaFieldProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id"> & {
  label: string;
  error?: string;
  hint?: string;
};

/** A labelled multi-line input, styled and wired for errors like TextField. */
export function TextAreaField({ label, error, hint, className, ...textarea }: TextAreaFieldProps) {
  const field = { label, error, hint, className };
  return <LabelledField {...field} control={(wiring) => <textarea {...wiring} className={`${base.input} ${styles.textarea}`} {...textarea} />} />;
}
