"use client";
import { useId } from "react";
import { api } from "@/lib/client/api";
import { useOperatorForm } from "./use-operator-form";
import { invalid, OperatorField, OperatorForm } from "./operator-form";
import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/words/fill";
import styles from "./operators.module.css";

/** Adds a sales tax rate (POST /api/admin/tax-rates): each field's refusal beside it, then the page refreshed. */
export function TaxRateForm({ today, words }: { today: string; words: Words<"admin">["tax"]["form"] }) {
  const id = useId();
  const form = useOperatorForm(
    (body: Record<string, unknown>) => api<{ jurisdiction: string; rateLabel: string; effectiveOn: string }>("/api/admin/tax-rates", { method: "POST", body }),
    { done: (created) => fill(words.added, { rate: created.rateLabel, jurisdiction: created.jurisdiction, from: created.effectiveOn }) },
  );

  const { errors } = form;
  const submit = async (data: FormData) => {
    await form.submit({
      state: String(data.get("state") ?? "")
        .trim()
        .toUpperCase(),
      zipPrefix: String(data.get("zipPrefix") ?? "").trim(),
      rate: String(data.get("rate") ?? "").trim(),
      taxesFees: data.get("taxesFees") === "on",
      effectiveOn: String(data.get("effectiveOn") ?? ""),
      reason: String(data.get("reason") ?? "").trim() || undefined,
    });
  };

  const field = (name: string, label: string, input: React.ReactElement) => (
    <OperatorField id={id} name={name} label={label} errors={errors}>
      {input}
    </OperatorField>
  );
  const described = (name: string) => invalid(id, name, errors);

  return (
    <OperatorForm id={id} label={words.label} title={words.title} wide action={submit} noValidate={false} why={words.why} form={form} button={[words.add, words.adding]}>
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
    </OperatorForm>
  );
}
