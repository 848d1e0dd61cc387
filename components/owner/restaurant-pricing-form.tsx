"use client";
import { useState, type FormEvent } from "react";
import { buttonClass } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { api, ApiClientError, SERVER_FAILURE } from "@/lib/client/api";
import styles from "./kitchen-controls.module.css";

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
 * pays for. PUT /api/manage/{id}/pricing; a refusal beside its field, a save in a status line.
 */
export function RestaurantPricingForm({ restaurantId, initial }: { restaurantId: number; initial: Values }) {
  const [text, setText] = useState({ minOrder: textOf(initial.minOrder), freeDeliveryOver: textOf(initial.freeDeliveryOver) });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [status, setStatus] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setStatus(null);
    const body = { minOrder: dollarsOf(text.minOrder), freeDeliveryOver: dollarsOf(text.freeDeliveryOver) };
    const wrong: Partial<Record<Field, string>> = {};
    for (const field of ["minOrder", "freeDeliveryOver"] as const) if (body[field] === undefined) wrong[field] = FIELD_MESSAGE;
    setErrors(wrong);
    if (Object.keys(wrong).length) return;
    setSaving(true);
    try {
      const saved = await api<Values>(`/api/manage/${restaurantId}/pricing`, { method: "PUT", body });
      setText({ minOrder: textOf(saved.minOrder), freeDeliveryOver: textOf(saved.freeDeliveryOver) });
      setStatus(
        `Saved: ${saved.minOrder === null ? "no minimum order" : `minimum order $${saved.minOrder.toFixed(2)}`}, ${
          saved.freeDeliveryOver === null ? "no free delivery" : `free delivery on $${saved.freeDeliveryOver.toFixed(2)}+`
        }`,
      );
    } catch (failure) {
      const apiError = failure instanceof ApiClientError ? failure : null;
      if (apiError && Object.keys(apiError.errors).length) setErrors(apiError.errors);
      else setStatus(apiError?.message ?? SERVER_FAILURE);
    } finally {
      setSaving(false);
    }
  };

  const input = (field: Field, label: string, hint: string) => (
    <TextField
      label={label}
      name={field}
      inputMode="decimal"
      autoComplete="off"
      value={text[field]}
      onChange={(event) => setText({ ...text, [field]: event.target.value })}
      hint={hint}
      error={errors[field]}
    />
  );

  return (
    <section className={styles.kitchen} aria-labelledby="pricing-title">
      <h2 id="pricing-title" className={styles.title}>
        Minimum order and free delivery
      </h2>
      <form className={styles.group} onSubmit={(event) => void submit(event)} noValidate>
        {input("minOrder", "Minimum order ($)", "Items before fees. Checkout refuses a smaller order. Leave empty for none.")}
        {input("freeDeliveryOver", "Free delivery from ($)", "You pay the delivery fee of orders from this amount, out of your earnings. Leave empty for none.")}
        <div className={styles.chips}>
          <button type="submit" className={buttonClass({ size: "small" })} disabled={saving}>
            {saving ? "Saving…" : "Save"}
          </button>
        </div>
        <p role="status" className={styles.hint}>
          {status}
        </p>
      </form>
    </section>
  );
}
