"use client";
import { useState } from "react";
import { TextField } from "@/components/ui/text-field";
import { START_COOKING_LIMITS } from "@/lib/shared/start-cooking";
import { SettingsForm, useSettingsForm } from "./settings-form";

/** The field's text: a whole number of minutes in the limits, or "" (off); undefined: not one. */
function minutesOf(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (!trimmed) return null;
  const value = Number(trimmed);
  return /^\d+$/.test(trimmed) && value >= START_COOKING_LIMITS.min && value <= START_COOKING_LIMITS.max ? value : undefined;
}

const FIELD_MESSAGE = `Enter a whole number of minutes from ${START_COOKING_LIMITS.min} to ${START_COOKING_LIMITS.max}, or leave it empty to turn it off`;

/**
 * "Start cooking when the courier is N minutes away" on the restaurant's settings page
 * (docs/architecture/kitchen.md "Start cooking when the courier is near"): the board's cue on each
 * accepted delivery order, or off. PUT /api/manage/{id}/start-cooking.
 */
export function StartCookingForm({ restaurantId, initial }: { restaurantId: number; initial: number | null }) {
  const [text, setText] = useState(initial === null ? "" : String(initial));
  const [saved, setSaved] = useState<number | null>(initial);
  const form = useSettingsForm<"startCookingMinutes", { startCookingMinutes: number | null }>({
    url: `/api/manage/${restaurantId}/start-cooking`,
    check: () => {
      const startCookingMinutes = minutesOf(text);
      return startCookingMinutes === undefined ? { wrong: { startCookingMinutes: FIELD_MESSAGE } } : { body: { startCookingMinutes } };
    },
    onSaved: (answer) => setSaved(answer.startCookingMinutes),
    saidOf: (answer) => (answer.startCookingMinutes === null ? "Saved: off" : `Saved: start cooking when the courier is ${answer.startCookingMinutes} min away`),
    fallbackField: "startCookingMinutes",
  });

  return (
    <SettingsForm
      id="start-cooking"
      title="Start cooking when the courier is near"
      saveLabel="Save"
      form={form}
      intro={
        saved === null
          ? "Off: start cooking as soon as you accept an order."
          : `On: each accepted delivery order on the board says when to start cooking, so the food is made about ${saved} min before its courier walks in.`
      }
    >
      <TextField
        label="Minutes before the courier arrives"
        name="startCookingMinutes"
        inputMode="numeric"
        autoComplete="off"
        value={text}
        onChange={(event) => setText(event.target.value)}
        hint="For food that should not wait for its courier (fries, noodles, pizza). Applies to all your delivery orders. Leave empty to turn it off."
        error={form.errors.startCookingMinutes}
      />
    </SettingsForm>
  );
}
