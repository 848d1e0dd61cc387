"use client";
import { useState, type FormEvent } from "react";
import { useAlerts } from "@/components/providers/alerts-provider";
import { useSession } from "@/components/providers/session-provider";
import { buttonClass } from "@/components/ui/button";
import { TextAreaField } from "@/components/ui/text-area-field";
import { api, ApiClientError, SERVER_FAILURE } from "@/lib/client/api";
import type { UserJson } from "@/lib/server/accounts/users";
import styles from "./form.module.css";

const MAX_LENGTH = 300;

/** The note for the driver, saved on the profile and shown again at checkout. */
export function DeliveryInstructionsForm({ user }: { user: UserJson }) {
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
      show("Delivery instructions saved", "success");
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
        label="Delivery instructions"
        name="deliveryInstructions"
        rows={3}
        maxLength={MAX_LENGTH}
        placeholder="Gate code, which door, where to leave the bag…"
        hint={`Shown to your driver. ${value.length}/${MAX_LENGTH} characters`}
        value={value}
        error={error}
        onChange={(event) => {
          setValue(event.target.value);
          setError(undefined);
        }}
      />
      <div className={styles.actions}>
        <button type="submit" className={buttonClass({ variant: "secondary" })} disabled={pending || value === saved}>
          {pending ? "Saving…" : "Save instructions"}
        </button>
      </div>
    </form>
  );
}
