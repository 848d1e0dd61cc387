"use client";
import { useState, type FormEvent } from "react";
import { buttonClass } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { api, ApiClientError, SERVER_FAILURE } from "@/lib/client/api";
import { CAPACITY_LIMITS } from "@/lib/shared/kitchen-capacity";
import styles from "./kitchen-controls.module.css";

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
 * "Capacity"): at most N orders per 15 minutes, or none. PUT /api/manage/{id}/capacity; a refusal
 * is said beside the field, a save in a status line.
 */
export function KitchenCapacityForm({ restaurantId, initial }: { restaurantId: number; initial: number | null }) {
  const [text, setText] = useState(initial === null ? "" : String(initial));
  const [saved, setSaved] = useState<number | null>(initial);
  const [error, setError] = useState<string | undefined>();
  const [status, setStatus] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setStatus(null);
    const capacityPer15 = capacityOf(text);
    if (capacityPer15 === undefined) return setError(FIELD_MESSAGE);
    setError(undefined);
    setSaving(true);
    try {
      const answer = await api<{ capacityPer15: number | null }>(`/api/manage/${restaurantId}/capacity`, { method: "PUT", body: { capacityPer15 } });
      setSaved(answer.capacityPer15);
      setStatus(answer.capacityPer15 === null ? "Saved: no limit" : `Saved: at most ${ordersText(answer.capacityPer15)} per 15 minutes`);
    } catch (failure) {
      const apiError = failure instanceof ApiClientError ? failure : null;
      setError(apiError?.errors.capacityPer15 ?? apiError?.message ?? SERVER_FAILURE);
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className={styles.kitchen} aria-labelledby="capacity-title">
      <h2 id="capacity-title" className={styles.title}>
        Kitchen capacity
      </h2>
      <form className={styles.group} onSubmit={(event) => void submit(event)} noValidate>
        <p className={styles.hint}>
          {saved === null
            ? "No limit: every order for now is taken while you are open."
            : `At most ${ordersText(saved)} per 15 minutes. When a quarter hour is full, customers are offered the next free time at checkout.`}
        </p>
        <TextField
          label="Orders per 15 minutes"
          name="capacityPer15"
          inputMode="numeric"
          autoComplete="off"
          value={text}
          onChange={(event) => setText(event.target.value)}
          hint="Leave empty for no limit. Scheduled orders count in their own time slot."
          error={error}
        />
        <div className={styles.chips}>
          <button type="submit" className={buttonClass({ size: "small" })} disabled={saving}>
            {saving ? "Saving…" : "Save capacity"}
          </button>
        </div>
        <p role="status" className={styles.hint}>
          {status}
        </p>
      </form>
    </section>
  );
}
