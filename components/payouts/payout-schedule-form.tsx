"use client";
import { useState } from "react";
import { buttonClass } from "@/components/ui/button";
import { SelectField } from "@/components/ui/select-field";
import { api } from "@/lib/client/api";
import { useApiAction } from "@/lib/client/use-api-action";
import { WEEKDAYS, type Weekday } from "@/lib/shared/time/opening-hours";
import { fill } from "@/lib/shared/words/fill";
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
  const call = useApiAction((weekday: string | null) => api<{ schedule: { weekday: Weekday } | null }>(url, { method: "PUT", body: { weekday } }), {
    onSuccess: ({ schedule }) => setSaved(schedule?.weekday ?? null),
  });
  const sending = call.busy;
  const error = call.failure ? (call.errors.weekday ?? call.message ?? undefined) : undefined;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    await call.run(chosen || null);
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
