"use client";
import { useId } from "react";
import { api } from "@/lib/client/api";
import { useOperatorForm } from "./use-operator-form";
import { invalid, OperatorField, OperatorForm } from "./operator-form";
import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/words/fill";
import styles from "./operators.module.css";

type Limits = { min: number | null; max: number | null; dailyMax: number | null };

/** Sets one currency's card top-up limits (PUT /api/admin/top-up-limits; USD's when `currency` is absent): each field's refusal beside it, then the page refreshed. */
export function TopUpLimitsForm({ limits, words, currency }: { limits: Limits; words: Words<"admin">["topup"]["form"]; currency?: string }) {
  const id = useId();
  const form = useOperatorForm(
    (body: Record<string, unknown>) => api<{ min: number; max: number; dailyMax: number }>("/api/admin/top-up-limits", { method: "PUT", body }),
    {
      done: (saved) => fill(words.saved, { min: saved.min, max: saved.max, daily: saved.dailyMax }),
    },
  );

  const { errors } = form;
  const submit = async (data: FormData) => {
    const number = (name: string) => {
      const raw = String(data.get(name) ?? "").trim();
      return raw === "" ? null : Number(raw);
    };
    await form.submit({ min: number("min"), max: number("max"), dailyMax: number("dailyMax"), reason: String(data.get("reason") ?? "").trim() || undefined, currency });
  };

  const field = (name: keyof Limits, label: string) => (
    <OperatorField id={id} name={name} label={label} errors={errors}>
      <input
        id={`${id}-${name}`}
        name={name}
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        required
        defaultValue={limits[name] ?? undefined}
        {...invalid(id, name, errors)}
      />
    </OperatorField>
  );

  return (
    <OperatorForm id={id} label={words.label} title={words.title} wide action={submit} why={words.why} form={form} button={[words.save, words.saving]}>
      <div className={styles.taxFields}>
        {field("min", words.min)}
        {field("max", words.max)}
        {field("dailyMax", words.dailyMax)}
      </div>
    </OperatorForm>
  );
}
