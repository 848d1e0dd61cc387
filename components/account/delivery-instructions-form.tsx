"use client";
import { useState } from "react";
import { buttonClass } from "@/components/ui/button";
import { TextAreaField } from "@/components/ui/text-area-field";
import type { UserJson } from "@/lib/server/accounts/users";
import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/words/fill";
import { useProfileField } from "./use-profile-field";
import styles from "./form.module.css";

const MAX_LENGTH = 300;

/** The note for the driver, saved on the profile and shown again at checkout. */
export function DeliveryInstructionsForm({ user, words: w }: { user: UserJson; words: Words<"profile">["account"]["instructions"] }) {
  const saved = user.deliveryInstructions ?? "";
  const [value, setValue] = useState(saved);
  const saving = useProfileField((text: string) => ({ delivery_instructions: text }), { field: "deliveryInstructions", saved: w.saved });
  const { error, pending } = saving;

  return (
    <form className={styles.form} onSubmit={(event) => void saving.save(event, value)} noValidate>
      <TextAreaField
        label={w.label}
        name="deliveryInstructions"
        rows={3}
        maxLength={MAX_LENGTH}
        placeholder={w.placeholder}
        hint={fill(w.hint, { count: value.length, max: MAX_LENGTH })}
        value={value}
        error={error}
        onChange={(event) => {
          setValue(event.target.value);
          saving.reset();
        }}
      />
      <div className={styles.actions}>
        <button type="submit" className={buttonClass({ variant: "secondary" })} disabled={pending || value === saved}>
          {pending ? w.saving : w.save}
        </button>
      </div>
    </form>
  );
}
