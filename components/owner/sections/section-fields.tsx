"use client";
import type { Words } from "@/lib/i18n/words";
import { useState } from "react";
import { buttonClass } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import styles from "./sections.module.css";

/** A section's form values: the times empty for all day. */
export type SectionDraft = { name: string; availableFrom: string; availableUntil: string };
/** A refusal's messages by field (the API's `errors`). */
export type DraftErrors = Partial<Record<keyof SectionDraft, string>>;

/** The section's body for the API: both times, or both null. */
export const draftBody = (draft: SectionDraft) => ({
  name: draft.name,
  availableFrom: draft.availableFrom || null,
  availableUntil: draft.availableUntil || null,
});

/** Name and optional time window of a new or edited section; `onSubmit` answers the field errors to show (none: done). */
export function SectionFields({
  initial,
  submitLabel,
  clearOnSubmit = false,
  busy,
  onSubmit,
  words: w,
}: {
  initial: SectionDraft;
  submitLabel: string;
  /** A new section's form: emptied once added. */
  clearOnSubmit?: boolean;
  words: Words<"menus">["sections"];
  busy: boolean;
  onSubmit: (draft: SectionDraft) => Promise<DraftErrors | void>;
}) {
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<DraftErrors>({});
  const field = (name: keyof SectionDraft) => ({
    value: draft[name],
    error: errors[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => setDraft({ ...draft, [name]: event.target.value }),
  });
  return (
    <form
      className={styles.fields}
      noValidate
      onSubmit={async (event) => {
        event.preventDefault();
        const refused = await onSubmit(draft);
        setErrors(refused ?? {});
        if (!refused && clearOnSubmit) setDraft(initial);
      }}
    >
      <TextField label={w.name} maxLength={60} required {...field("name")} />
      <TextField label={w.from} type="time" hint={w.fromHint} {...field("availableFrom")} />
      <TextField label={w.until} type="time" {...field("availableUntil")} />
      <button type="submit" className={buttonClass({ size: "small" })} disabled={busy}>
        {submitLabel}
      </button>
    </form>
  );
}
