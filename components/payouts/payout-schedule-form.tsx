"use client";
import { useState } from "react";
import { buttonClass } from "@/components/ui/button";
import { SelectField } from "@/components/ui/select-field";
import { api, ApiClientError, SERVER_FAILURE } from "@/lib/client/api";
import { WEEKDAYS, type Weekday } from "@/lib/shared/opening-hours";
import { fill } from "@/lib/shared/fill";
import type { Words } from "@/lib/i18n/words";
import styles from "./payouts.module.css";

/**
 * "Weekly payout": the day of the week the available balance is paid out by itself
 * (lib/server/payouts/schedule.ts), or none; saved with PUT .../payouts/schedule. The last
 * payout day skipped (no verified email or payout account) says why, `skipped`.
 */
type ScheduleProps = { url: string; weekday: Weekday | null; skipped?: string | null; words: Words<"kitchen">["payouts"]["schedule"] };

export function PayoutScheduleForm({ url, weekday, skipped = null, words }: ScheduleProps) {
  const [chosen, setChosen] = useState<string>(weekday ?? "");
  const [saved, setSaved] = useState<Weekday | null>(weekday);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | undefined>();

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setSending(true);
    setError(undefined);
    try {
      const { schedule } = await api<{ schedule: { weekday: Weekday } | null }>(url, { method: "PUT", body: { weekday: chosen || null } });
      setSaved(schedule?.weekday ?? null);
    } catch (failure) {
      setError(failure instanceof ApiClientError ? (failure.errors.weekday ?? failure.message) : SERVER_FAILURE);
    } finally {
      setSending(false);
    }
  };

  return (
    <form className={styles.payoutForm} onSubmit={submit} aria-label={words.label}>
      <SelectField label={words.label} name="weekday" value={chosen} onChange={(event) => setChosen(event.target.value)} error={error}>
        <option value="">{words.off}</option>
        {WEEKDAYS.map((day) => (
          <option key={day} value={day}>
            {fill(words.every, { day: words.days[day] })}
          </option>
        ))}
      </SelectField>
      <button type="submit" className={buttonClass({ variant: "secondary" })} disabled={sending || chosen === (saved ?? "")}>
        {sending ? words.saving : words.save}
      </button>
      <p className={styles.status} role="status" aria-live="polite">
        {saved ? fill(words.saved, { day: words.days[saved] }) : ""}
      </p>
      {saved && skipped && (
        <p className={styles.failure} data-testid="payout-schedule-skipped">
          {skipped}
        </p>
      )}
    </form>
  );
}
