"use client";
import { useState } from "react";
import { TextField } from "@/components/ui/text-field";
import { CAPACITY_LIMITS } from "@/lib/shared/kitchen-capacity";
import { SettingsForm, useSettingsForm } from "./settings-form";

/** What the field's text means: a whole number of orders in the limits, or "" (no limit); undefined: not one. */
function capacityOf(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (!trimmed) return null;
  const value = Number(trimmed);
  return /^\d+$/.test(trimmed) && value >= CAPACITY_LIMITS.min && value <= CAPACITY_LIMITS.max ? value : undefined;
}

const ordersText = (n: number) => `${n} order${n === 1 ? "" : "s"}`;

const FIELD_MESSAGE = `Enter a whole number of orders from ${CAPACITY_LIMITS.min} to ${CAPACITY_LIMITS.max}, or leave it empty for no limit`;

/**
 * The kitchen's capacity on the restaurant's settings page (docs/architecture/kitchen.md
 * "Capacity"): at most N orders per 15 minutes, or none. PUT /api/manage/{id}/capacity.
 */
export function KitchenCapacityForm({ restaurantId, initial }: { restaurantId: number; initial: number | null }) {
  const [text, setText] = useState(initial === null ? "" : String(initial));
  const [saved, setSaved] = useState<number | null>(initial);
  const form = useSettingsForm<"capacityPer15", { capacityPer15: number | null }>({
    url: `/api/manage/${restaurantId}/capacity`,
    check: () => {
      const capacityPer15 = capacityOf(text);
      return capacityPer15 === undefined ? { wrong: { capacityPer15: FIELD_MESSAGE } } : { body: { capacityPer15 } };
    },
    onSaved: (answer) => setSaved(answer.capacityPer15),
    saidOf: (answer) => (answer.capacityPer15 === null ? "Saved: no limit" : `Saved: at most ${ordersText(answer.capacityPer15)} per 15 minutes`),
    fallbackField: "capacityPer15",
  });

  return (
    <SettingsForm
      id="capacity"
      title="Kitchen capacity"
      saveLabel="Save capacity"
      form={form}
      intro={
        saved === null
          ? "No limit: every order for now is taken while you are open."
          : `At most ${ordersText(saved)} per 15 minutes. When a quarter hour is full, customers are offered the next free time at checkout.`
      }
    >
      <TextField
        label="Orders per 15 minutes"
        name="capacityPer15"
        inputMode="numeric"
        autoComplete="off"
        value={text}
        onChange={(event) => setText(event.target.value)}
        hint="Leave empty for no limit. Scheduled orders count in their own time slot."
        error={form.errors.capacityPer15}
      />
    </SettingsForm>
  );
}
