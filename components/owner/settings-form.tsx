"use client";
import { useState, type FormEvent, type ReactNode } from "react";
import { buttonClass } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { useHydrated } from "@/components/ui/use-hydrated";
import { api, SERVER_FAILURE } from "@/lib/client/api";
import { useApiAction } from "@/lib/client/use-api-action";
import styles from "./kitchen-controls.module.css";

// One owner setting saved on its own (the restaurant's settings page: kitchen capacity, start
// cooking, minimum order and free delivery): a titled section, its fields, one Save button, a
// refusal beside its field and a save in a status line. Each form says only its fields, how their
// text reads, and what the saved answer means; a one-number setting is WholeNumberSettingForm.

type Errors<Field extends string> = Partial<Record<Field, string>>;

/** What the form sends: `body` (checked), or the fields whose text does not read, with their messages. */
export type Checked<Field extends string> = { body: Record<string, unknown> } | { wrong: Errors<Field> };

export function useSettingsForm<Field extends string, Saved>({
  url,
  check,
  saidOf,
  onSaved,
  fallbackField,
}: {
  /** PUT here. */
  url: string;
  /** The fields' text as the body, or what is wrong with it (nothing sent). */
  check: () => Checked<Field>;
  /** The status line after a save. */
  saidOf: (saved: Saved) => string;
  onSaved?: (saved: Saved) => void;
  /** A refusal naming no field is said beside this one (a one-field form), else in the status line. */
  fallbackField?: Field;
}) {
  // What the check found wrong (nothing sent); the server's refusal comes from `save`.
  const [wrong, setWrong] = useState<Errors<Field>>({});
  const [said, setSaid] = useState<string | null>(null);
  const save = useApiAction((body: Record<string, unknown>) => api<Saved>(url, { method: "PUT", body }), {
    onSuccess: (saved) => {
      onSaved?.(saved);
      setSaid(saidOf(saved));
    },
  });
  const { failure, busy: saving } = save;
  const message = failure ? failure.message || SERVER_FAILURE : null;
  const named = failure !== null && Object.keys(failure.errors).length > 0;
  const errors: Errors<Field> = !failure ? wrong : named ? (failure.errors as Errors<Field>) : fallbackField ? ({ [fallbackField]: message } as Errors<Field>) : {};
  const status = !failure ? said : named || fallbackField ? null : message;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaid(null);
    save.reset();
    const checked = check();
    if ("wrong" in checked) return setWrong(checked.wrong);
    setWrong({});
    await save.run(checked.body);
  };

  return { errors, status, saving, submit };
}

/** The section around a setting's fields: its title (the region's name), an optional line above them, Save and the status line. */
export function SettingsForm({
  id,
  title,
  intro,
  saveLabel,
  savingLabel,
  form,
  children,
}: {
  /** Unique on the page: the title's id. */
  id: string;
  title: string;
  intro?: ReactNode;
  /** Save and, while it saves, "Saving…", from the form's words. */
  saveLabel: string;
  savingLabel: string;
  form: Pick<ReturnType<typeof useSettingsForm>, "status" | "saving" | "submit">;
  children: ReactNode;
}) {
  // Rendered by the server before its chunk runs: Save waits for React (a click before would be a plain GET).
  const hydrated = useHydrated();
  return (
    <section className={styles.kitchen} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.title}>
        {title}
      </h2>
      <form className={styles.group} onSubmit={(event) => void form.submit(event)} noValidate>
        {intro && <p className={styles.hint}>{intro}</p>}
        {/* Typed before React (a lazy chunk) would be lost to the fields' state: nothing until then. */}
        <fieldset className={styles.group} disabled={!hydrated}>
          {children}
        </fieldset>
        <div className={styles.chips}>
          <button type="submit" className={buttonClass({ size: "small" })} disabled={form.saving || !hydrated}>
            {form.saving ? savingLabel : saveLabel}
          </button>
        </div>
        <p role="status" className={styles.hint}>
          {form.status}
        </p>
      </form>
    </section>
  );
}

/** What a whole-number setting's text means: a whole number in `limits`, or "" (none); undefined: not one. */
function wholeNumberIn(text: string, limits: { min: number; max: number }): number | null | undefined {
  const trimmed = text.trim();
  if (!trimmed) return null;
  const value = Number(trimmed);
  return /^\d+$/.test(trimmed) && value >= limits.min && value <= limits.max ? value : undefined;
}

/** What a whole-number setting says: its field's refusal, and the saved value (null: none) above the field and after a save. */
export type WholeNumberSays = { field: string; intro: (saved: number | null) => string; saved: (saved: number | null) => string };

/** A setting that is one whole number in `limits` or none (kitchen capacity, start cooking): PUT `url` with `{ [field]: n | null }`. */
export function WholeNumberSettingForm<Field extends string>({
  id,
  url,
  field,
  initial,
  limits,
  words,
  says,
}: {
  id: string;
  url: string;
  field: Field;
  initial: number | null;
  limits: { min: number; max: number };
  words: { title: string; save: string; saving: string; label: string; hint: string };
  says: WholeNumberSays;
}) {
  const [text, setText] = useState(initial === null ? "" : String(initial));
  const [saved, setSaved] = useState<number | null>(initial);
  const form = useSettingsForm<Field, Record<Field, number | null>>({
    url,
    check: () => {
      const value = wholeNumberIn(text, limits);
      return value === undefined ? { wrong: { [field]: says.field } as Errors<Field> } : { body: { [field]: value } };
    },
    onSaved: (answer) => setSaved(answer[field]),
    saidOf: (answer) => says.saved(answer[field]),
    fallbackField: field,
  });

  return (
    <SettingsForm id={id} title={words.title} saveLabel={words.save} savingLabel={words.saving} form={form} intro={says.intro(saved)}>
      <TextField
        label={words.label}
        name={field}
        inputMode="numeric"
        autoComplete="off"
        value={text}
        onChange={(event) => setText(event.target.value)}
        hint={words.hint}
        error={form.errors[field]}
      />
    </SettingsForm>
  );
}
