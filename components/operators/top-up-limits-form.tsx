"use client";
import { useId } from "react";
import { buttonClass } from "@/components/ui/button";
import { api } from "@/lib/client/api";
import { useOperatorForm } from "./use-operator-form";
import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/fill";
import styles from "./operators.module.css";

type Limits = { min: number | null; max: number | null; dailyMax: number | null };

/** Sets one currency's card top-up limits (PUT /api/admin/top-up-limits; USD's when `currency` is absent): each field's refusal beside it, then the page refreshed. */
export function TopUpLimitsForm({ limits, words, currency }: { limits: Limits; words: Words<"admin">["topup"]["form"]; currency?: string }) {
  const id = useId();
  const {
    busy,
    errors,
    message,
    submit: send,
  } = useOperatorForm((body: Record<string, unknown>) => api<{ min: number; max: number; dailyMax: number }>("/api/admin/top-up-limits", { method: "PUT", body }), {
    done: (saved) => fill(words.saved, { min: saved.min, max: saved.max, daily: saved.dailyMax }),
  });

  const submit = async (form: FormData) => {
    const number = (name: string) => {
      const raw = String(form.get(name) ?? "").trim();
      return raw === "" ? null : Number(raw);
    };
    await send({ min: number("min"), max: number("max"), dailyMax: number("dailyMax"), reason: String(form.get("reason") ?? "").trim() || undefined, currency });
  };

  const field = (name: keyof Limits, label: string) => (
    <label htmlFor={`${id}-${name}`}>
      {label}
      <input
        id={`${id}-${name}`}
        name={name}
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        required
        defaultValue={limits[name] ?? undefined}
        {...(errors[name] ? { "aria-invalid": true, "aria-describedby": `${id}-${name}-error` } : {})}
      />
      {errors[name] && (
        <span className={styles.error} id={`${id}-${name}-error`}>
          {errors[name]}
        </span>
      )}
    </label>
  );

  return (
    <form className={`${styles.card} ${styles.form} ${styles.taxForm}`} action={submit} aria-label={words.label} noValidate>
      <h2 className={styles.formTitle}>{words.title}</h2>
      <div className={styles.taxFields}>
        {field("min", words.min)}
        {field("max", words.max)}
        {field("dailyMax", words.dailyMax)}
      </div>
      <label htmlFor={`${id}-reason`}>
        {words.why}
        <input id={`${id}-reason`} name="reason" maxLength={500} />
      </label>
      {message && (
        <p className={message.error ? styles.error : styles.meta} role="status">
          {message.text}
        </p>
      )}
      <div className={styles.actions}>
        <button type="submit" className={buttonClass({ size: "small" })} disabled={busy}>
          {busy ? words.saving : words.save}
        </button>
      </div>
    </form>
  );
}
