"use client";
import { useId, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import { buttonClass } from "@/components/ui/button";
import { api } from "@/lib/client/api";
import { useApiAction } from "@/lib/client/use-api-action";
import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/words/fill";
import { useOperatorForm } from "./use-operator-form";
import { invalid, OperatorField, OperatorForm } from "./operator-form";
import styles from "./operators.module.css";

// The membership page's forms (app/(admin)/admin/membership): a plan defined in a market
// (POST /api/admin/membership-plans), each refusal beside its field and the values kept; a plan
// retired (POST /api/admin/membership-plans/{id}/retire). The page is read again after either.

type PlanWords = Words<"admin">["membership"];
type Market = { id: number; name: string; currency: string };

const FIELDS = ["name", "price", "basket", "serviceFeeDiscountPercent", "trialDays"] as const;

export function MembershipPlanForm({ markets, words: w }: { markets: Market[]; words: PlanWords }) {
  const id = useId();
  const form = useOperatorForm((body: Record<string, unknown>) => api<{ name: string }>("/api/admin/membership-plans", { method: "POST", body }), {
    done: (plan) => fill(w.form.saved, { name: plan.name }),
    refused: w.form.refused,
  });
  const { errors } = form;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? "").trim();
    const number = (name: string) => (text(name) === "" ? null : Number(text(name)));
    void form.submit({
      marketId: number("marketId"),
      name: text("name"),
      price: number("price"),
      basket: number("basket"),
      serviceFeeDiscountPercent: number("serviceFeeDiscountPercent"),
      ...(text("trialDays") ? { trialDays: number("trialDays") } : {}),
      ...(text("reason") ? { reason: text("reason") } : {}),
    });
  };
  const labels: Record<(typeof FIELDS)[number], string> = {
    name: w.form.name,
    price: w.form.price,
    basket: w.form.basket,
    serviceFeeDiscountPercent: w.form.discount,
    trialDays: w.form.trialDays,
  };
  return (
    <OperatorForm id={id} label={w.form.title} title={w.form.title} wide onSubmit={submit} why={w.form.why} form={form} button={[w.form.save, w.form.saving]}>
      <div className={styles.taxFields}>
        <OperatorField id={id} name="marketId" label={w.form.market} errors={errors}>
          <select id={`${id}-marketId`} name="marketId" {...invalid(id, "marketId", errors)}>
            {markets.map((market) => (
              <option key={market.id} value={market.id}>
                {`${market.name} (${market.currency})`}
              </option>
            ))}
          </select>
        </OperatorField>
        {FIELDS.map((name) => (
          <OperatorField key={name} id={id} name={name} label={labels[name]} errors={errors}>
            <input id={`${id}-${name}`} name={name} {...(name === "name" ? { maxLength: 60 } : { inputMode: "decimal" as const })} {...invalid(id, name, errors)} />
          </OperatorField>
        ))}
      </div>
    </OperatorForm>
  );
}

/** Retires a plan: no new member from now (its members keep it). */
export function RetirePlanButton({ id, name, words: w }: { id: number; name: string; words: PlanWords }) {
  const router = useRouter();
  const retire = useApiAction(() => api(`/api/admin/membership-plans/${id}/retire`, { method: "POST" }), { onSuccess: () => router.refresh() });
  return (
    <>
      <button
        type="button"
        className={buttonClass({ variant: "secondary", size: "small" })}
        disabled={retire.busy}
        aria-label={fill(w.retireNamed, { name })}
        onClick={() => void retire.run()}
      >
        {retire.busy ? w.retiring : w.retire}
      </button>
      {retire.failure && (
        <span className={styles.error} role="alert">
          {retire.failure.message}
        </span>
      )}
    </>
  );
}
