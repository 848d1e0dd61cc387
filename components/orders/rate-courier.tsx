"use client";
import { useState, type FormEvent } from "react";
import { useAlerts } from "@/components/providers/alerts-provider";
import { buttonClass } from "@/components/ui/button";
import { SelectField } from "@/components/ui/select-field";
import { TextAreaField } from "@/components/ui/text-area-field";
import { api, ApiClientError, SERVER_FAILURE } from "@/lib/client/api";
import { COURIER_RATING_NOTE_MAX, COURIER_RATING_REASONS, courierRatingReasonLabel, type CourierRatingJson } from "@/lib/shared/courier-rating";
import { formatTimeOrDay } from "@/lib/shared/format-date";
import styles from "./rate-courier.module.css";

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
}: {
  orderId: number;
  initial: CourierRatingJson | null;
  until: string;
  timeZone: string;
  /** The server's render time: the deadline names its day unless it is today. */
  now: number;
}) {
  const { show } = useAlerts();
  const [rating, setRating] = useState(initial);
  const [editing, setEditing] = useState(initial === null);
  const [down, setDown] = useState(initial?.thumbs === "down");
  const [reason, setReason] = useState<string>(initial?.reason ?? "");
  const [note, setNote] = useState(initial?.note ?? "");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const send = async (body: { thumbs: "up" | "down"; reason?: string; note?: string }) => {
    setBusy(true);
    setErrors({});
    try {
      const answer = await api<{ rating: CourierRatingJson }>(`/api/orders/${orderId}/courier-rating`, { method: "PUT", body });
      setRating(answer.rating);
      setEditing(false);
      show("Thanks for rating your courier.", "success");
    } catch (failure) {
      if (failure instanceof ApiClientError) setErrors({ ...failure.errors, ...(Object.keys(failure.errors).length ? {} : { thumbs: failure.message }) });
      else show(SERVER_FAILURE, "error");
    } finally {
      setBusy(false);
    }
  };
  const submitDown = (event: FormEvent) => {
    event.preventDefault();
    void send({ thumbs: "down", reason: reason || undefined, note: note.trim() || undefined });
  };

  return (
    <section className={styles.rate} aria-labelledby="rate-courier-title">
      <h2 id="rate-courier-title" className={styles.title}>
        How was your courier?
      </h2>
      {rating && !editing ? (
        <div className={styles.row}>
          <p className={styles.result} data-testid="courier-rating">
            {rating.thumbs === "up" ? "You gave a thumbs up." : `You gave a thumbs down: ${courierRatingReasonLabel(rating.reason ?? "other")}.`}
          </p>
          <button type="button" className={buttonClass({ variant: "ghost", size: "small" })} onClick={() => setEditing(true)}>
            Change
          </button>
        </div>
      ) : (
        <>
          <div className={styles.row} role="group" aria-label="Your rating">
            <button
              type="button"
              className={buttonClass({ variant: "secondary" })}
              aria-pressed={rating?.thumbs === "up"}
              disabled={busy}
              onClick={() => void send({ thumbs: "up" })}
            >
              Thumbs up
            </button>
            <button type="button" className={buttonClass({ variant: "secondary" })} aria-pressed={down} aria-expanded={down} onClick={() => setDown(true)}>
              Thumbs down
            </button>
            {rating && (
              <button type="button" className={buttonClass({ variant: "ghost" })} onClick={() => (setEditing(false), setDown(rating.thumbs === "down"), setErrors({}))}>
                Keep my rating
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
              <SelectField label="What went wrong?" value={reason} onChange={(event) => setReason(event.target.value)} error={errors.reason} required>
                <option value="">Pick a reason</option>
                {COURIER_RATING_REASONS.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </SelectField>
              <TextAreaField
                label="Anything to add? (optional)"
                hint="Only Nosh reads this, never the courier."
                value={note}
                maxLength={COURIER_RATING_NOTE_MAX}
                onChange={(event) => setNote(event.target.value)}
                error={errors.note}
                rows={2}
              />
              <button type="submit" className={buttonClass()} disabled={busy}>
                Send rating
              </button>
            </form>
          )}
        </>
      )}
      <p className={styles.until}>You can change it until {formatTimeOrDay(until, timeZone, now)}.</p>
    </section>
  );
}
