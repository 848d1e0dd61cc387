"use client";
import { useId } from "react";
import { buttonClass } from "@/components/ui/button";
import { api } from "@/lib/client/api";
import { useOperatorForm } from "./use-operator-form";
import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/fill";
import styles from "./operators.module.css";

/** Adds a sales tax rate (POST /api/admin/tax-rates): each field's refusal beside it, then the page refreshed. */
export function TaxRateForm({ today, words }: { today: string; words: Words<"admin">["tax"]["form"] }) {
  const id = useId();
  const {
    busy,
    errors,
    message,
    submit: send,
  } = useOperatorForm(
    (body: Record<string, unknown>) => api<{ jurisdiction: string; rateLabel: string; effectiveOn: string }>("/api/admin/tax-rates", { method: "POST", body }),
    { done: (created) => fill(words.added, { rate: created.rateLabel, jurisdiction: created.jurisdiction, from: created.effectiveOn }) },
  );

  const submit = async (form: FormData) => {
    await send({
      state: String(form.get("state") ?? "")
        .trim()
        .toUpperCase(),
      zipPrefix: String(form.get("zipPrefix") ?? "").trim(),
      rate: String(form.get("rate") ?? "").trim(),
      taxesFees: form.get("taxesFees") === "on",
      effectiveOn: String(form.get("effectiveOn") ?? ""),
      reason: String(form.get("reason") ?? "").trim() || undefined,
    });
  };

  const field = (name: string, label: string, input: React.ReactNode) => (
    <label htmlFor={`${id}-${name}`}>
      {label}
      {input}
      {errors[name] && (
        <span className={styles.error} id={`${id}-${name}-error`}>
          {errors[name]}
        </span>
      )}
    </label>
  );
  const described = (name: string) => (errors[name] ? { "aria-invalid": true, "aria-describedby": `${id}-${name}-error` } : {});

  return (
    <form className={`${styles.card} ${styles.form} ${styles.taxForm}`} action={submit} aria-label={words.label}>
      <h2 className={styles.formTitle}>{words.title}</h2>
      <div className={styles.taxFields}>
        {field(
          "state",
          words.state,
          <input id={`${id}-state`} name="state" required maxLength={2} autoComplete="off" placeholder={words.stateExample} {...described("state")} />,
        )}
        {field(
          "zipPrefix",
          words.zipPrefix,
          <input id={`${id}-zipPrefix`} name="zipPrefix" inputMode="numeric" maxLength={5} autoComplete="off" placeholder="941" {...described("zipPrefix")} />,
        )}
        {field("rate", words.rate, <input id={`${id}-rate`} name="rate" inputMode="decimal" required autoComplete="off" placeholder="8.625" {...described("rate")} />)}
        {field("effectiveOn", words.from, <input id={`${id}-effectiveOn`} name="effectiveOn" type="date" required defaultValue={today} {...described("effectiveOn")} />)}
      </div>
      <label htmlFor={`${id}-fees`} className={styles.check}>
        <input id={`${id}-fees`} name="taxesFees" type="checkbox" />
        {words.fees}
      </label>
      {field("reason", words.why, <input id={`${id}-reason`} name="reason" maxLength={500} {...described("reason")} />)}
      {message && (
        <p className={message.error ? styles.error : styles.meta} role="status">
          {message.text}
        </p>
      )}
      <div className={styles.actions}>
        <button type="submit" className={buttonClass({ size: "small" })} disabled={busy}>
          {busy ? words.adding : words.add}
        </button>
      </div>
    </form>
  );
}
