"use client";
import { useState, type FormEvent } from "react";
import { useAlerts } from "@/components/providers/alerts-provider";
import { useSession } from "@/components/providers/session-provider";
import { buttonClass } from "@/components/ui/button";
import { TextAreaField } from "@/components/ui/text-area-field";
import { api, ApiClientError, SERVER_FAILURE } from "@/lib/client/api";
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
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);

  async function save(event: FormEvent) {
    event.preventDefault();
    setPending(true);
    try {
      setUser(await api<UserJson>(`/api/users/${user.id}`, { method: "PUT", body: { delivery_instructions: value } }));
      show(w.saved, "success");
    } catch (failure) {
      const apiError = failure instanceof ApiClientError ? failure : null;
      setError(apiError?.errors.deliveryInstructions ?? apiError?.message ?? SERVER_FAILURE);
    } finally {
      setPending(false);
    }
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
          setError(undefined);
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
