"use client";
import { useState } from "react";
import { TextField } from "@/components/ui/text-field";
import { SettingsForm, useSettingsForm } from "./settings-form";

type Values = { minOrder: number | null; freeDeliveryOver: number | null };
type Field = keyof Values;

const FIELD_MESSAGE = "Enter an amount in dollars, like 15 or 12.50, or leave it empty for none";

/** A field's text as dollars: null when empty, undefined when not an amount. */
function dollarsOf(text: string): number | null | undefined {
  const trimmed = text.trim().replace(/^\$/, "");
  if (!trimmed) return null;
  return /^\d+(\.\d{1,2})?$/.test(trimmed) && Number(trimmed) > 0 ? Number(trimmed) : undefined;
}

const textOf = (value: number | null) => (value === null ? "" : value.toFixed(2));

/**
 * The restaurant's own delivery pricing on its settings page (docs/architecture/money-and-orders.md
 * "Delivery pricing"): a minimum order, and free delivery from an amount, which the restaurant
 * pays for. PUT /api/manage/{id}/pricing.
 */
export function RestaurantPricingForm({ restaurantId, initial }: { restaurantId: number; initial: Values }) {
  const [text, setText] = useState({ minOrder: textOf(initial.minOrder), freeDeliveryOver: textOf(initial.freeDeliveryOver) });
  const form = useSettingsForm<Field, Values>({
    url: `/api/manage/${restaurantId}/pricing`,
    check: () => {
      const body = { minOrder: dollarsOf(text.minOrder), freeDeliveryOver: dollarsOf(text.freeDeliveryOver) };
      const wrong: Partial<Record<Field, string>> = {};
      for (const field of ["minOrder", "freeDeliveryOver"] as const) if (body[field] === undefined) wrong[field] = FIELD_MESSAGE;
      return Object.keys(wrong).length ? { wrong } : { body };
    },
    onSaved: (saved) => setText({ minOrder: textOf(saved.minOrder), freeDeliveryOver: textOf(saved.freeDeliveryOver) }),
    saidOf: (saved) =>
      `Saved: ${saved.minOrder === null ? "no minimum order" : `minimum order $${saved.minOrder.toFixed(2)}`}, ${
        saved.freeDeliveryOver === null ? "no free delivery" : `free delivery on $${saved.freeDeliveryOver.toFixed(2)}+`
      }`,
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
    <SettingsForm id="pricing" title="Minimum order and free delivery" form={form}>
      {input("minOrder", "Minimum order ($)", "Items before fees. Checkout refuses a smaller order. Leave empty for none.")}
      {input("freeDeliveryOver", "Free delivery from ($)", "You pay the delivery fee of orders from this amount, out of your earnings. Leave empty for none.")}
    </SettingsForm>
  );
}
