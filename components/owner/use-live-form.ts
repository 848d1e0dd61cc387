"use client";
import { useMemo, useState, type ChangeEvent } from "react";
import { parseApiError, type ApiFailure } from "@/lib/client/use-api-action";

// Form state for the owner forms: errors come from the shared schema on every keystroke and
// show beside a field once the user has touched it; Submit stays disabled while any rule
// fails or a required field is empty, and `blockers` says which (SubmitBlockers names them
// under the button: Submit is never disabled without a word).
// A server answer can add errors until the field changes.
// The schemas load after the page (lib/client/lazy-module.ts): until they have, `validate` is
// null, no rule error shows and Submit stays disabled.

type Errors = Record<string, string>;

export function useLiveForm<V extends Record<string, string>>(
  initial: V,
  validate: ((values: V) => Errors) | null,
  required: readonly (keyof V & string)[],
  /** The fields in the order the form shows them (the blockers' order); the required ones by default. */
  order: readonly (keyof V & string)[] = required,
) {
  const [values, setValues] = useState<V>(initial);
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const [serverErrors, setServerErrors] = useState<Errors>({});

  const ruleErrors = useMemo(() => (validate ? validate(values) : null), [validate, values]);
  const missing = required.some((name) => !values[name]?.trim());
  const canSubmit = !missing && ruleErrors !== null && Object.keys(ruleErrors).length === 0;

  const touch = (name: string) => setTouched((set) => (set.has(name) ? set : new Set(set).add(name)));

  /** The fields that keep Submit disabled, in the form's order, and whether each is empty (null: the rules are still loading). */
  const blockers = ruleErrors && order.flatMap((name) => (ruleErrors[name] ? [{ name, missing: !values[name]?.trim() }] : []));

  const setValue = (name: keyof V & string, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    touch(name);
    setServerErrors(({ [name]: _cleared, ...rest }) => rest);
  };

  /** What a field needs: its value, its visible error, change and blur handlers. */
  const field = (name: keyof V & string) => ({
    name,
    value: values[name],
    // A value the user has not touched shows its error too when it is filled in (a saved value
    // today's rules refuse): only an empty, untouched field waits before saying "required".
    error: serverErrors[name] ?? (touched.has(name) || values[name]?.trim() ? ruleErrors?.[name] : undefined),
    required: required.includes(name),
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => setValue(name, event.target.value),
    onBlur: () => touch(name),
  });

  /** Shows a failed call's field errors beside their fields; returns those that matched none. */
  const showServerErrors = (error: unknown): Errors => {
    const byField: Errors = {};
    const other: Errors = {};
    for (const [name, message] of Object.entries(parseApiError(error).errors)) (name in values ? byField : other)[name] = message;
    setServerErrors(byField);
    return other;
  };

  return { values, setValue, field, canSubmit, blockers, touch, showServerErrors, hasServerFieldErrors: Object.keys(serverErrors).length > 0 };
}

/** The first message a failed call carries: its message, else its first field error. */
export function failureMessage(error: unknown, fallback: string): string {
  return failureText(parseApiError(error), fallback);
}

/** The same for the hook's parsed failure (useApiAction's `onError`). */
export function failureText({ status, message, errors }: ApiFailure, fallback: string): string {
  if (status >= 500 || status === 0) return fallback;
  return message || Object.values(errors)[0] || fallback;
}
