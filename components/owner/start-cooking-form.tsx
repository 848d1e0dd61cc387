"use client";
import { useState } from "react";
import { TextField } from "@/components/ui/text-field";
import { START_COOKING_LIMITS } from "@/lib/shared/start-cooking";
import { SettingsForm, useSettingsForm } from "./settings-form";
import { fill } from "@/lib/shared/fill";
import type { Words } from "@/lib/i18n/words";

/** The field's text: a whole number of minutes in the limits, or "" (off); undefined: not one. */
function minutesOf(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (!trimmed) return null;
  const value = Number(trimmed);
  return /^\d+$/.test(trimmed) && value >= START_COOKING_LIMITS.min && value <= START_COOKING_LIMITS.max ? value : undefined;
}

/**
 * "Start cooking when the courier is N minutes away" on the restaurant's settings page
 * (docs/architecture/kitchen.md "Start cooking when the courier is near"): the board's cue on each
 * accepted delivery order, or off. PUT /api/manage/{id}/start-cooking.
 */
type StartCookingProps = { restaurantId: number; initial: number | null; words: Words<"kitchen">["settings"]["startCooking"] };

export function StartCookingForm({ restaurantId, initial, words }: StartCookingProps) {
  const fieldMessage = fill(words.field, { min: START_COOKING_LIMITS.min, max: START_COOKING_LIMITS.max });
  const [text, setText] = useState(initial === null ? "" : String(initial));
  const [saved, setSaved] = useState<number | null>(initial);
  const form = useSettingsForm<"startCookingMinutes", { startCookingMinutes: number | null }>({
    url: `/api/manage/${restaurantId}/start-cooking`,
    check: () => {
      const startCookingMinutes = minutesOf(text);
      return startCookingMinutes === undefined ? { wrong: { startCookingMinutes: fieldMessage } } : { body: { startCookingMinutes } };
    },
    onSaved: (answer) => setSaved(answer.startCookingMinutes),
    saidOf: (answer) => (answer.startCookingMinutes === null ? words.savedOff : fill(words.saved, { minutes: answer.startCookingMinutes })),
    fallbackField: "startCookingMinutes",
  });

  return (
    <SettingsForm
      id="start-cooking"
      title={words.title}
      saveLabel={words.save}
      savingLabel={words.saving}
      form={form}
      intro={saved === null ? words.introOff : fill(words.intro, { minutes: saved })}
    >
      <TextField
        label={words.label}
        name="startCookingMinutes"
        inputMode="numeric"
        autoComplete="off"
        value={text}
        onChange={(event) => setText(event.target.value)}
        hint={words.hint}
        error={form.errors.startCookingMinutes}
      />
    </SettingsForm>
  );
}
