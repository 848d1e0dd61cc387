"use client";
import { useState } from "react";
import { TextField } from "@/components/ui/text-field";
import { CAPACITY_LIMITS } from "@/lib/shared/kitchen-capacity";
import { SettingsForm, useSettingsForm } from "./settings-form";
import { fill } from "@/lib/shared/fill";
import type { Words } from "@/lib/i18n/words";

/** What the field's text means: a whole number of orders in the limits, or "" (no limit); undefined: not one. */
function capacityOf(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (!trimmed) return null;
  const value = Number(trimmed);
  return /^\d+$/.test(trimmed) && value >= CAPACITY_LIMITS.min && value <= CAPACITY_LIMITS.max ? value : undefined;
}

/**
 * The kitchen's capacity on the restaurant's settings page (docs/architecture/kitchen.md
 * "Capacity"): at most N orders per 15 minutes, or none. PUT /api/manage/{id}/capacity.
 */
type CapacityProps = { restaurantId: number; initial: number | null; words: Words<"kitchen">["settings"]["capacity"] };

export function KitchenCapacityForm({ restaurantId, initial, words }: CapacityProps) {
  const ordersText = (n: number) => (n === 1 ? words.ordersOne : fill(words.ordersMany, { count: n }));
  const fieldMessage = fill(words.field, { min: CAPACITY_LIMITS.min, max: CAPACITY_LIMITS.max });
  const [text, setText] = useState(initial === null ? "" : String(initial));
  const [saved, setSaved] = useState<number | null>(initial);
  const form = useSettingsForm<"capacityPer15", { capacityPer15: number | null }>({
    url: `/api/manage/${restaurantId}/capacity`,
    check: () => {
      const capacityPer15 = capacityOf(text);
      return capacityPer15 === undefined ? { wrong: { capacityPer15: fieldMessage } } : { body: { capacityPer15 } };
    },
    onSaved: (answer) => setSaved(answer.capacityPer15),
    saidOf: (answer) => (answer.capacityPer15 === null ? words.savedNone : fill(words.saved, { orders: ordersText(answer.capacityPer15) })),
    fallbackField: "capacityPer15",
  });

  return (
    <SettingsForm
      id="capacity"
      title={words.title}
      saveLabel={words.save}
      savingLabel={words.saving}
      form={form}
      intro={saved === null ? words.introNone : fill(words.intro, { orders: ordersText(saved) })}
    >
      <TextField
        label={words.label}
        name="capacityPer15"
        inputMode="numeric"
        autoComplete="off"
        value={text}
        onChange={(event) => setText(event.target.value)}
        hint={words.hint}
        error={form.errors.capacityPer15}
      />
    </SettingsForm>
  );
}
