"use client";
import { useState } from "react";
import { TextField } from "@/components/ui/text-field";
import { formatMoney } from "@/components/ui/format";
import type { Locale } from "@/lib/i18n/locale";
import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/words/fill";
import { SettingsForm, useSettingsForm } from "./settings-form";

type Values = { minOrder: number | null; freeDeliveryOver: number | null };
type Field = keyof Values;

/** A field's text as dollars: null when empty, undefined when not an amount. */
function dollarsOf(text: string): number | null | undefined {
  const trimmed = text.trim().replace(/^\$/, "");
  if (!trimmed) return null;
  return /^\d+(\.\d{1,2})?$/.test(trimmed) && Number(trimmed) > 0 ? Number(trimmed) : undefined;
}

/** An amount's text: two decimals, none in yen (its market's currency has none). */
const textOf = (value: number | null, currency?: string) => (value === null ? "" : value.toFixed(currency === "JPY" ? 0 : 2));

/**
 * The restaurant's own delivery pricing on its settings page (docs/architecture/money-and-orders.md
 * "Delivery pricing"): a minimum order, and free delivery from an amount, which the restaurant
 * pays for. PUT /api/manage/{id}/pricing.
 */
export function RestaurantPricingForm({
  restaurantId,
  initial,
  words: w,
  locale,
  currency,
}: {
  restaurantId: number;
  initial: Values;
  words: Words<"menus">["pricing"];
  locale: Locale;
  /** The restaurant's market's (USD when not given): the amounts' unit. */
  currency?: string;
}) {
  const [text, setText] = useState({ minOrder: textOf(initial.minOrder, currency), freeDeliveryOver: textOf(initial.freeDeliveryOver, currency) });
  const form = useSettingsForm<Field, Values>({
    url: `/api/manage/${restaurantId}/pricing`,
    check: () => {
      const body = { minOrder: dollarsOf(text.minOrder), freeDeliveryOver: dollarsOf(text.freeDeliveryOver) };
      const wrong: Partial<Record<Field, string>> = {};
      for (const field of ["minOrder", "freeDeliveryOver"] as const) if (body[field] === undefined) wrong[field] = w.fieldMessage;
      return Object.keys(wrong).length ? { wrong } : { body };
    },
    onSaved: (saved) => setText({ minOrder: textOf(saved.minOrder, currency), freeDeliveryOver: textOf(saved.freeDeliveryOver, currency) }),
    saidOf: (saved) =>
      fill(w.saved, {
        min: saved.minOrder === null ? w.noMinimum : fill(w.minimum, { amount: formatMoney(saved.minOrder, locale, currency) }),
        free: saved.freeDeliveryOver === null ? w.noFree : fill(w.free, { amount: formatMoney(saved.freeDeliveryOver, locale, currency) }),
      }),
  });

  const input = (field: Field, label: string, hint: string) => (
    <TextField
      label={label}
      name={field}
      inputMode="decimal"
      autoComplete="off"
      value={text[field]}
      onChange={(event) => setText({ ...text, [field]: event.target.value })}
      hint={hint}
      error={form.errors[field]}
    />
  );

  return (
    <SettingsForm id="pricing" title={w.title} saveLabel={w.save} savingLabel={w.saving} form={form}>
      {input("minOrder", w.minLabel, w.minHint)}
      {input("freeDeliveryOver", w.freeLabel, w.freeHint)}
    </SettingsForm>
  );
}
