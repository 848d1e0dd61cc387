"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { buttonClass } from "@/components/ui/button";
import { TextAreaField } from "@/components/ui/text-area-field";
import { ApiClientError, SERVER_FAILURE } from "@/lib/client/api";
import { uploadForm } from "@/lib/client/upload";
import { APPEAL_ANSWER_DAYS, APPEAL_NOTE_MAX } from "@/lib/shared/courier-record";
import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/fill";
import styles from "./courier.module.css";

/** A suspended courier's appeal: their note and an optional photo as evidence (POST /api/courier/appeals, multipart). */
export function AppealForm({ words: w }: { words: Words<"courier">["appeal"] }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (form: FormData) => {
    setBusy(true);
    setErrors({});
    setFailure(null);
    const body = new FormData();
    body.set("data", JSON.stringify({ note: String(form.get("note") ?? "") }));
    const photo = form.get("photo");
    if (photo instanceof File && photo.size > 0) body.set("photo", photo);
    try {
      await uploadForm("POST", "/api/courier/appeals", body, () => {});
      router.refresh();
    } catch (error) {
      if (error instanceof ApiClientError && Object.keys(error.errors).length) setErrors(error.errors);
      else setFailure(error instanceof ApiClientError ? error.message : SERVER_FAILURE);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className={styles.today}
      aria-label={w.label}
      onSubmit={(event) => {
        event.preventDefault();
        void submit(new FormData(event.currentTarget));
      }}
    >
      <TextAreaField label={w.why} name="note" rows={5} maxLength={APPEAL_NOTE_MAX} required error={errors.note} hint={fill(w.hint, { days: APPEAL_ANSWER_DAYS })} />
      <label className={styles.field}>
        <span className={styles.fieldLabel}>{w.photo}</span>
        <input
          type="file"
          name="photo"
          accept="image/*"
          className={styles.input}
          aria-invalid={errors.photo ? true : undefined}
          aria-describedby={errors.photo ? "appeal-photo-error" : undefined}
        />
        {errors.photo && (
          <span id="appeal-photo-error" className={styles.fieldError}>
            {errors.photo}
          </span>
        )}
      </label>
      {failure && (
        <p className={styles.alert} role="alert">
          {failure}
        </p>
      )}
      <button type="submit" className={buttonClass({ size: "large", block: true, className: styles.big })} disabled={busy}>
        {busy ? w.sending : w.send}
      </button>
    </form>
  );
}
