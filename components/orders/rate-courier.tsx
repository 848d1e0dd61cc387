"use client";
import { useState, type FormEvent } from "react";
import { useAlerts } from "@/components/providers/alerts-provider";
import { buttonClass } from "@/components/ui/button";
import { SelectField } from "@/components/ui/select-field";
import { TextAreaField } from "@/components/ui/text-area-field";
import { api } from "@/lib/client/api";
import { useApiAction } from "@/lib/client/use-api-action";
import { COURIER_RATING_NOTE_MAX, COURIER_RATING_REASON_VALUES, type CourierRatingJson, type CourierRatingReason } from "@/lib/shared/delivery/courier-rating";
import { formatTimeOrDay } from "@/lib/shared/time/format-date";
import type { Locale } from "@/lib/i18n/locale";
import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/words/fill";
import styles from "./rate-courier.module.css";
import { TitledSection } from "@/components/ui/titled-section";

/**
 * "How was your courier?" on a delivered order's page, for 24 hours after delivery
 * (PUT /api/orders/{id}/courier-rating): thumbs up sends at once; thumbs down asks what
 * went wrong (a fixed list, required) and optional words. Once sent it reads back and may be
 * changed until the window closes. The server decides; its refusal shows beside the field.
 */
export function RateCourier({
  orderId,
  initial,
  until,
  timeZone,
  now,
  words: w,
  locale,
}: {
  orderId: number;
  initial: CourierRatingJson | null;
  until: string;
  timeZone: string;
  /** The server's render time: the deadline names its day unless it is today. */
  now: number;
  /** Its words (the catalogue's orderflow.orders.rate) and the times' language, from the server. */
  words: Words<"orderflow">["orders"]["rate"];
  locale: Locale;
}) {
  const { show } = useAlerts();
  const [rating, setRating] = useState(initial);
  const [editing, setEditing] = useState(initial === null);
  const [down, setDown] = useState(initial?.thumbs === "down");
  const [reason, setReason] = useState<string>(initial?.reason ?? "");
  const [note, setNote] = useState(initial?.note ?? "");
  const sending = useApiAction(
    (body: { thumbs: "up" | "down"; reason?: string; note?: string }) =>
      api<{ rating: CourierRatingJson }>(`/api/orders/${orderId}/courier-rating`, { method: "PUT", body }),
    {
      onSuccess: (answer) => {
        setRating(answer.rating);
        setEditing(false);
        show(w.thanks, "success");
      },
    },
  );
  const { failure, busy } = sending;
  // Each field's refusal beside it; a refusal naming none beside the thumbs.
  const errors: Record<string, string | undefined> = failure ? { ...failure.errors, ...(Object.keys(failure.errors).length ? {} : { thumbs: failure.message }) } : {};
  const send = sending.run;
  const submitDown = (event: FormEvent) => {
    event.preventDefault();
    void send({ thumbs: "down", reason: reason || undefined, note: note.trim() || undefined });
  };

  return (
    <TitledSection id="rate-courier-title" title={w.title} className={styles.rate} titleClassName={styles.title}>
      {rating && !editing ? (
        <div className={styles.row}>
          <p className={styles.result} data-testid="courier-rating">
            {rating.thumbs === "up" ? w.gaveUp : fill(w.gaveDown, { reason: w.reasons[(rating.reason ?? "other") as CourierRatingReason] ?? w.reasons.other })}
          </p>
          <button type="button" className={buttonClass({ variant: "ghost", size: "small" })} onClick={() => setEditing(true)}>
            {w.change}
          </button>
        </div>
      ) : (
        <>
          <div className={styles.row} role="group" aria-label={w.yourRating}>
            <button
              type="button"
              className={buttonClass({ variant: "secondary" })}
              aria-pressed={rating?.thumbs === "up"}
              disabled={busy}
              onClick={() => void send({ thumbs: "up" })}
            >
              {w.up}
            </button>
            <button type="button" className={buttonClass({ variant: "secondary" })} aria-pressed={down} aria-expanded={down} onClick={() => setDown(true)}>
              {w.down}
            </button>
            {rating && (
              <button type="button" className={buttonClass({ variant: "ghost" })} onClick={() => (setEditing(false), setDown(rating.thumbs === "down"), sending.reset())}>
                {w.keep}
              </button>
            )}
          </div>
          {errors.thumbs && (
            <p className={styles.error} role="alert">
              {errors.thumbs}
            </p>
          )}
          {down && (
            <form className={styles.form} onSubmit={submitDown} noValidate>
              <SelectField label={w.whatWrong} value={reason} onChange={(event) => setReason(event.target.value)} error={errors.reason} required>
                <option value="">{w.pick}</option>
                {COURIER_RATING_REASON_VALUES.map((value) => (
                  <option key={value} value={value}>
                    {w.reasons[value]}
                  </option>
                ))}
              </SelectField>
              <TextAreaField
                label={w.note}
                hint={w.noteHint}
                value={note}
                maxLength={COURIER_RATING_NOTE_MAX}
                onChange={(event) => setNote(event.target.value)}
                error={errors.note}
                rows={2}
              />
              <button type="submit" className={buttonClass()} disabled={busy}>
                {w.send}
              </button>
            </form>
          )}
        </>
      )}
      <p className={styles.until}>{fill(w.until, { time: formatTimeOrDay(until, timeZone, now, locale) })}</p>
    </TitledSection>
  );
}
