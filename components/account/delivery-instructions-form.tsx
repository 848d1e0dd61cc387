"use client";
import { useState, type FormEvent } from "react";
import { useAlerts } from "@/components/providers/alerts-provider";
import { useSession } from "@/components/providers/session-provider";
import { buttonClass } from "@/components/ui/button";
import { TextAreaField } from "@/components/ui/text-area-field";
import { api } from "@/lib/client/api";
import { useApiAction } from "@/lib/client/use-api-action";
import type { UserJson } from "@/lib/server/accounts/users";
import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/fill";
import styles from "./form.module.css";

const MAX_LENGTH = 300;

/** The note for the driver, saved on the profile and shown again at checkout. */
export function DeliveryInstructionsForm({ user, words: w }: { user: UserJson; words: Words<"profile">["account"]["instructions"] }) {
  const { setUser } = useSession();
  const { show } = useAlerts();
  const saved = user.deliveryInstructions ?? "";
  const [value, setValue] = useState(saved);
  const saving = useApiAction((text: string) => api<UserJson>(`/api/users/${user.id}`, { method: "PUT", body: { delivery_instructions: text } }), {
    onSuccess: (updated) => {
      setUser(updated);
      show(w.saved, "success");
    },
  });
  const error = saving.failure ? (saving.errors.deliveryInstructions ?? saving.message) : undefined;
  const pending = saving.busy;

  async function save(event: FormEvent) {
    event.preventDefault();
    await saving.run(value);
  }

  return (
    <form className={styles.form} onSubmit={save} noValidate>
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
