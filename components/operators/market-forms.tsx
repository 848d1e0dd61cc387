"use client";
import { useId, type ReactElement } from "react";
import { buttonClass } from "@/components/ui/button";
import { api } from "@/lib/client/api";
import { useOperatorForm, type OperatorFormMessage } from "./use-operator-form";
import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/fill";
import styles from "./operators.module.css";

// The markets page's two forms (app/(admin)/admin/markets): open a market (POST /api/admin/markets)
// and move a restaurant into one (PUT /api/admin/restaurants/{id}/market). Each field's refusal is
// shown beside it, then the page refreshed.

type Message = OperatorFormMessage;
/** The forms' words: the catalogue's admin.markets.forms, from the page. */
type FormWords = Words<"admin">["markets"]["forms"];

/** A form's submit: its refusals by field, its message, and whether it is busy. */
function useSubmit(send: (form: FormData) => Promise<string>) {
  const form = useOperatorForm(send, { done: (said) => said });
  return { ...form, submit: async (data: FormData) => void (await form.submit(data)) };
}

function Field({ id, name, label, errors, children }: { id: string; name: string; label: string; errors: Record<string, string>; children: ReactElement }) {
  return (
    <label htmlFor={`${id}-${name}`}>
      {label}
      {children}
      {errors[name] && (
        <span className={styles.error} id={`${id}-${name}-error`}>
          {errors[name]}
        </span>
      )}
    </label>
  );
}

const text = (form: FormData, name: string) => String(form.get(name) ?? "").trim();
const invalid = (id: string, name: string, errors: Record<string, string>) => (errors[name] ? { "aria-invalid": true, "aria-describedby": `${id}-${name}-error` } : {});

function Status({ message }: { message: Message }) {
  if (!message) return null;
  return (
    <p className={message.error ? styles.error : styles.meta} role="status">
      {message.text}
    </p>
  );
}

/** Opens a market: code, name, currency, time zone, distance unit, languages (its own first), tax setup. */
export function OpenMarketForm({ currencies, languages, words }: { currencies: readonly string[]; languages: readonly string[]; words: FormWords }) {
  const id = useId();
  const { busy, errors, message, submit } = useSubmit(async (form) => {
    const { market } = await api<{ market: { name: string; currency: string } }>("/api/admin/markets", {
      method: "POST",
      body: {
        code: text(form, "code"),
        name: text(form, "name"),
        currency: text(form, "currency"),
        timeZone: text(form, "timeZone"),
        distanceUnit: text(form, "distanceUnit"),
        languages: text(form, "languages")
          .split(",")
          .map((code) => code.trim())
          .filter(Boolean),
        taxSetup: text(form, "taxSetup"),
        reason: text(form, "reason") || undefined,
      },
    });
    return fill(words.opened, { name: market.name, currency: market.currency });
  });
  return (
    <form className={`${styles.card} ${styles.form} ${styles.taxForm}`} action={submit} aria-label={words.open} noValidate>
      <h2 className={styles.formTitle}>{words.open}</h2>
      <div className={styles.taxFields}>
        <Field id={id} name="code" label={words.code} errors={errors}>
          <input id={`${id}-code`} name="code" placeholder={words.codeExample} required {...invalid(id, "code", errors)} />
        </Field>
        <Field id={id} name="name" label={words.name} errors={errors}>
          <input id={`${id}-name`} name="name" placeholder={words.nameExample} required {...invalid(id, "name", errors)} />
        </Field>
        <Field id={id} name="currency" label={words.currency} errors={errors}>
          <select id={`${id}-currency`} name="currency" defaultValue="MXN" {...invalid(id, "currency", errors)}>
            {currencies.map((code) => (
              <option key={code}>{code}</option>
            ))}
          </select>
        </Field>
        <Field id={id} name="timeZone" label={words.timeZone} errors={errors}>
          <input id={`${id}-timeZone`} name="timeZone" placeholder={words.timeZoneExample} required {...invalid(id, "timeZone", errors)} />
        </Field>
        <Field id={id} name="distanceUnit" label={words.distances} errors={errors}>
          <select id={`${id}-distanceUnit`} name="distanceUnit" defaultValue="km">
            <option value="km">{words.km}</option>
            <option value="mi">{words.mi}</option>
          </select>
        </Field>
        <Field id={id} name="languages" label={fill(words.languages, { codes: languages.join(", ") })} errors={errors}>
          <input id={`${id}-languages`} name="languages" placeholder={words.languagesExample} {...invalid(id, "languages", errors)} />
        </Field>
        <Field id={id} name="taxSetup" label={words.tax} errors={errors}>
          <select id={`${id}-taxSetup`} name="taxSetup" defaultValue="sales_tax">
            <option value="sales_tax">{words.salesTax}</option>
            <option value="none">{words.none}</option>
          </select>
        </Field>
      </div>
      <label htmlFor={`${id}-reason`}>
        {words.why}
        <input id={`${id}-reason`} name="reason" maxLength={500} />
      </label>
      <Status message={message} />
      <div className={styles.actions}>
        <button type="submit" className={buttonClass({ size: "small" })} disabled={busy}>
          {busy ? words.opening : words.openButton}
        </button>
      </div>
    </form>
  );
}

/** Moves a restaurant (by its id) into a market. */
export function MoveRestaurantForm({ markets, words }: { markets: { id: number; name: string; currency: string }[]; words: FormWords }) {
  const id = useId();
  const { busy, errors, message, submit } = useSubmit(async (form) => {
    const restaurantId = text(form, "restaurantId");
    const { market } = await api<{ market: { name: string } }>(`/api/admin/restaurants/${encodeURIComponent(restaurantId)}/market`, {
      method: "PUT",
      body: { marketId: Number(text(form, "marketId")), reason: text(form, "reason") || undefined },
    });
    return fill(words.moved, { id: restaurantId, market: market.name });
  });
  return (
    <form className={`${styles.card} ${styles.form} ${styles.taxForm}`} action={submit} aria-label={words.move} noValidate>
      <h2 className={styles.formTitle}>{words.move}</h2>
      <div className={styles.taxFields}>
        <Field id={id} name="restaurantId" label={words.restaurantId} errors={errors}>
          <input id={`${id}-restaurantId`} name="restaurantId" inputMode="numeric" required />
        </Field>
        <Field id={id} name="marketId" label={words.market} errors={errors}>
          <select id={`${id}-marketId`} name="marketId" {...invalid(id, "marketId", errors)}>
            {markets.map((market) => (
              <option key={market.id} value={market.id}>
                {market.name} ({market.currency})
              </option>
            ))}
          </select>
        </Field>
      </div>
      <label htmlFor={`${id}-move-reason`}>
        {words.why}
        <input id={`${id}-move-reason`} name="reason" maxLength={500} />
      </label>
      <Status message={message} />
      <div className={styles.actions}>
        <button type="submit" className={buttonClass({ size: "small" })} disabled={busy}>
          {busy ? words.moving : words.moveButton}
        </button>
      </div>
    </form>
  );
}
