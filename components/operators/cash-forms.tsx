"use client";
import { useId } from "react";
import { buttonClass } from "@/components/ui/button";
import { api } from "@/lib/client/api";
import { useApiAction } from "@/lib/client/use-api-action";
import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/words/fill";
import { useRouter } from "next/navigation";
import { invalid, OperatorField, OperatorForm } from "./operator-form";
import { useOperatorForm } from "./use-operator-form";
import styles from "./operators.module.css";

// The operator's cash at the door (/admin/cash, docs/architecture/ledger.md "Cash at the door"): a market's setting, a
// courier's deposit recorded, a customer limited to cards. Each refusal beside its field, then the page read again.

type CashWords = Words<"admin">["cash"];

/** PUT /api/admin/markets/{id}/cash: cash on or off, and the couriers' cash limit in the market's currency. */
export function MarketCashForm({ market, words: w }: { market: { id: number; name: string; currency: string; enabled: boolean; limit: number }; words: CashWords }) {
  const id = useId();
  const form = useOperatorForm((body: Record<string, unknown>) => api(`/api/admin/markets/${market.id}/cash`, { method: "PUT", body }), { done: () => w.saved });
  const submit = async (data: FormData) => {
    await form.submit({
      enabled: data.get("enabled") === "on",
      limit: String(data.get("limit") ?? "").trim(),
      reason: String(data.get("reason") ?? "").trim() || undefined,
    });
  };
  return (
    <OperatorForm
      id={id}
      label={fill(w.marketTitle, { name: market.name })}
      title={fill(w.marketTitle, { name: market.name })}
      wide
      action={submit}
      why={w.why}
      form={form}
      button={[w.save, w.saving]}
    >
      <div className={styles.taxFields}>
        <OperatorField id={id} name="enabled" label={w.enabled} errors={form.errors}>
          <input id={`${id}-enabled`} name="enabled" type="checkbox" defaultChecked={market.enabled} />
        </OperatorField>
        <OperatorField id={id} name="limit" label={fill(w.limit, { currency: market.currency })} hint={w.limitHint} errors={form.errors}>
          <input id={`${id}-limit`} name="limit" inputMode="decimal" defaultValue={market.limit} {...invalid(id, "limit", form.errors)} />
        </OperatorField>
      </div>
    </OperatorForm>
  );
}

/** POST /api/admin/cash/deposits: cash a courier handed over, how, with its reference (the form's reason). */
export function DepositForm({ courier, words: w }: { courier: { courierId: number; firstName: string; currency: string; owed: number }; words: CashWords }) {
  const id = useId();
  const form = useOperatorForm((body: Record<string, unknown>) => api("/api/admin/cash/deposits", { method: "POST", body }), { done: () => w.recorded });
  const submit = async (data: FormData) => {
    await form.submit({
      courierId: courier.courierId,
      currency: courier.currency,
      amount: String(data.get("amount") ?? "").trim(),
      method: data.get("method"),
      reference: String(data.get("reason") ?? "").trim() || undefined,
    });
  };
  return (
    <OperatorForm id={id} label={fill(w.depositFor, { name: courier.firstName })} action={submit} why={w.reference} form={form} button={[w.record, w.recording]}>
      <OperatorField id={id} name="amount" label={fill(w.amount, { currency: courier.currency })} errors={form.errors}>
        <input id={`${id}-amount`} name="amount" inputMode="decimal" defaultValue={courier.owed} {...invalid(id, "amount", form.errors)} />
      </OperatorField>
      <OperatorField id={id} name="method" label={w.method} errors={form.errors}>
        <select id={`${id}-method`} name="method" defaultValue="bank">
          <option value="bank">{w.bank}</option>
          <option value="office">{w.office}</option>
        </select>
      </OperatorField>
    </OperatorForm>
  );
}

/** PUT /api/admin/users/{id}/card-only: limits a customer who refused to pay to cards, or lifts it. */
export function CardOnlyButton({ userId, cardOnly, words: w }: { userId: number; cardOnly: boolean; words: CashWords }) {
  const router = useRouter();
  const action = useApiAction(() => api(`/api/admin/users/${userId}/card-only`, { method: "PUT", body: { cardOnly: !cardOnly } }), { onSuccess: () => router.refresh() });
  return (
    <>
      <button type="button" className={buttonClass({ variant: "secondary", size: "small" })} onClick={() => void action.run()} disabled={action.busy}>
        {cardOnly ? w.lift : w.limitToCard}
      </button>
      {action.message && (
        <span className={styles.error} role="alert">
          {action.message}
        </span>
      )}
    </>
  );
}
