"use client";
import { useEffect, useMemo, useState, type FormEvent } from "react";
import { buttonClass } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { FAILURE_REASONS, type FailureReasonCode } from "@/lib/shared/delivery/delivery";
import type { Words } from "@/lib/i18n/words";
import { PhotoInput } from "./photo-input";
import styles from "./courier.module.css";

type FormWords = Words<"courier">["forms"];

// A held job's forms (job-card.tsx): the question before an early pickup, the drop-off photo, and
// the failed delivery's reason.

/**
 * "Picked up" before the kitchen marked the order ready (the server's 409 naming handedOver, its
 * `message` with the kitchen's ready time): the courier says the kitchen handed it over (the
 * API's `handedOver: true`), or waits. The restaurant's board and the customer's timeline then
 * say it left before it was marked ready.
 */
export function HandOverDialog({
  message,
  open,
  busy,
  onConfirm,
  onClose,
  w,
}: {
  w: FormWords;
  message: string;
  open: boolean;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const big = (variant: "primary" | "secondary") => buttonClass({ variant, size: "large", block: true, className: `${styles.big} ${styles.wrap}` });
  return (
    <Dialog open={open} onClose={onClose} title={w.handOverTitle}>
      <div className={styles.dialogBody}>
        <p>{message}</p>
        <p className={styles.meta}>{w.handOverSeen}</p>
        <button type="button" className={big("primary")} onClick={onConfirm} disabled={busy}>
          {w.handedToMe}
        </button>
        <button type="button" className={big("secondary")} onClick={onClose}>
          {w.wait}
        </button>
      </div>
    </Dialog>
  );
}

/**
 * "Leave it at my door": the photo of the order where it was left. On a phone the input opens the
 * back camera (capture="environment"); elsewhere it is a file picker. The server sizes it and strips
 * its location before anyone sees it.
 */
export function DropoffPhoto({ photo, missing, onChange, w }: { photo: File | null; missing: boolean; onChange: (file: File | null) => void; w: FormWords }) {
  const preview = useMemo(() => (photo ? URL.createObjectURL(photo) : null), [photo]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);
  return (
    <div className={styles.instructions}>
      <h3 className={styles.smallTitle}>{w.doorTitle}</h3>
      <p>{w.doorText}</p>
      <PhotoInput
        label={w.photo}
        capture="environment"
        error={missing ? w.photoNeeded : null}
        errorId="dropoff-photo-error"
        onChange={(event) => onChange(event.target.files?.[0] ?? null)}
      />
      {/* eslint-disable-next-line @next/next/no-img-element -- a local object URL, not an optimisable image */}
      {preview && <img src={preview} alt={w.photoAlt} className={styles.dropoffPreview} />}
    </div>
  );
}

export function FailForm({
  busy,
  onCancel,
  onFail,
  w,
}: {
  w: FormWords;
  busy: boolean;
  onCancel: () => void;
  onFail: (body: { reason: FailureReasonCode; note?: string }) => void;
}) {
  const [choice, setChoice] = useState<FailureReasonCode>("unreachable");
  const [note, setNote] = useState("");
  const [tried, setTried] = useState(false);
  const missing = choice === "other" && !note.trim();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (missing) return;
    onFail(note.trim() ? { reason: choice, note: note.trim() } : { reason: choice });
  };
  return (
    <form className={styles.failForm} onSubmit={submit} noValidate>
      <label className={styles.field}>
        <span className={styles.fieldLabel}>{w.why}</span>
        <select className={styles.select} value={choice} onChange={(event) => setChoice(event.target.value as FailureReasonCode)}>
          {FAILURE_REASONS.map((reason) => (
            <option key={reason.value} value={reason.value}>
              {w.reasons[reason.value]}
            </option>
          ))}
        </select>
      </label>
      <label className={styles.field}>
        <span className={styles.fieldLabel}>{choice === "other" ? w.whatOther : w.whatOptional}</span>
        <input
          className={styles.input}
          value={note}
          maxLength={200}
          onChange={(event) => setNote(event.target.value)}
          aria-invalid={tried && missing}
          aria-describedby={tried && missing ? "fail-other-error" : undefined}
        />
        {tried && missing && (
          <span id="fail-other-error" className={styles.fieldError}>
            {w.sayWhat}
          </span>
        )}
      </label>
      <button type="submit" className={buttonClass({ size: "large", block: true, className: `${styles.big} ${styles.danger}` })} disabled={busy}>
        {w.fail}
      </button>
      <button type="button" className={buttonClass({ variant: "ghost", size: "large", block: true, className: styles.big })} onClick={onCancel}>
        {w.back}
      </button>
    </form>
  );
}
