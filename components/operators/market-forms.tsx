"use client";
import { useId } from "react";
import { api } from "@/lib/client/api";
import { useOperatorForm } from "./use-operator-form";
import { invalid, OperatorField, OperatorForm } from "./operator-form";
import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/words/fill";
import styles from "./operators.module.css";

// The markets page's two forms (app/(admin)/admin/markets): open a market (POST /api/admin/markets)
// and move a restaurant into one (PUT /api/admin/restaurants/{id}/market). Each field's refusal is
// shown beside it, then the page refreshed.

/** The forms' words: the catalogue's admin.markets.forms, from the page. */
type FormWords = Words<"admin">["markets"]["forms"];

/** A form's state (`useOperatorForm`) whose `send` answers what was done; `submit` is the form's action. */
function useSubmit(send: (data: FormData) => Promise<string>) {
  const form = useOperatorForm(send, { done: (said) => said });
  return { ...form, submit: async (data: FormData) => void (await form.submit(data)) };
}

const text = (form: FormData, name: string) => String(form.get(name) ?? "").trim();

/** Opens a market: code, name, currency, time zone, distance unit, languages (its own first), tax setup. */
export function OpenMarketForm({ currencies, languages, words }: { currencies: readonly string[]; languages: readonly string[]; words: FormWords }) {
  const id = useId();
  const form = useSubmit(async (data) => {
    const { market } = await api<{ market: { name: string; currency: string } }>("/api/admin/markets", {
      method: "POST",
      body: {
        code: text(data, "code"),
        name: text(data, "name"),
        currency: text(data, "currency"),
        timeZone: text(data, "timeZone"),
        distanceUnit: text(data, "distanceUnit"),
        languages: text(data, "languages")
          .split(",")
          .map((code) => code.trim())
          .filter(Boolean),
        taxSetup: text(data, "taxSetup"),
        reason: text(data, "reason") || undefined,
      },
    });
    return fill(words.opened, { name: market.name, currency: market.currency });
  });
  const { errors } = form;
  return (
    <OperatorForm id={id} label={words.open} title={words.open} wide action={form.submit} why={words.why} form={form} button={[words.openButton, words.opening]}>
      <div className={styles.taxFields}>
        <OperatorField id={id} name="code" label={words.code} errors={errors}>
          <input id={`${id}-code`} name="code" placeholder={words.codeExample} required {...invalid(id, "code", errors)} />
        </OperatorField>
        <OperatorField id={id} name="name" label={words.name} errors={errors}>
          <input id={`${id}-name`} name="name" placeholder={words.nameExample} required {...invalid(id, "name", errors)} />
        </OperatorField>
        <OperatorField id={id} name="currency" label={words.currency} errors={errors}>
          <select id={`${id}-currency`} name="currency" defaultValue="MXN" {...invalid(id, "currency", errors)}>
            {currencies.map((code) => (
              <option key={code}>{code}</option>
            ))}
          </select>
        </OperatorField>
        <OperatorField id={id} name="timeZone" label={words.timeZone} errors={errors}>
          <input id={`${id}-timeZone`} name="timeZone" placeholder={words.timeZoneExample} required {...invalid(id, "timeZone", errors)} />
        </OperatorField>
        <OperatorField id={id} name="distanceUnit" label={words.distances} errors={errors}>
          <select id={`${id}-distanceUnit`} name="distanceUnit" defaultValue="km">
            <option value="km">{words.km}</option>
            <option value="mi">{words.mi}</option>
          </select>
        </OperatorField>
        <OperatorField id={id} name="languages" label={fill(words.languages, { codes: languages.join(", ") })} errors={errors}>
          <input id={`${id}-languages`} name="languages" placeholder={words.languagesExample} {...invalid(id, "languages", errors)} />
        </OperatorField>
        <OperatorField id={id} name="taxSetup" label={words.tax} errors={errors}>
          <select id={`${id}-taxSetup`} name="taxSetup" defaultValue="sales_tax">
            <option value="sales_tax">{words.salesTax}</option>
            <option value="none">{words.none}</option>
          </select>
        </OperatorField>
      </div>
    </OperatorForm>
  );
}

/** Moves a restaurant (by its id) into a market. */
export function MoveRestaurantForm({ markets, words }: { markets: { id: number; name: string; currency: string }[]; words: FormWords }) {
  const id = useId();
  const form = useSubmit(async (data) => {
    const restaurantId = text(data, "restaurantId");
    const { market } = await api<{ market: { name: string } }>(`/api/admin/restaurants/${encodeURIComponent(restaurantId)}/market`, {
      method: "PUT",
      body: { marketId: Number(text(data, "marketId")), reason: text(data, "reason") || undefined },
    });
    return fill(words.moved, { id: restaurantId, market: market.name });
  });
  const { errors } = form;
  return (
    <OperatorForm id={id} label={words.move} title={words.move} wide action={form.submit} why={words.why} form={form} button={[words.moveButton, words.moving]}>
      <div className={styles.taxFields}>
        <OperatorField id={id} name="restaurantId" label={words.restaurantId} errors={errors}>
          <input id={`${id}-restaurantId`} name="restaurantId" inputMode="numeric" required />
        </OperatorField>
        <OperatorField id={id} name="marketId" label={words.market} errors={errors}>
          <select id={`${id}-marketId`} name="marketId" {...invalid(id, "marketId", errors)}>
            {markets.map((market) => (
              <option key={market.id} value={market.id}>
                {market.name} ({market.currency})
              </option>
            ))}
          </select>
        </OperatorField>
      </div>
    </OperatorForm>
  );
}
