"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { buttonClass } from "@/components/ui/button";
import { TextAreaField } from "@/components/ui/text-area-field";
import { uploadForm } from "@/lib/client/upload";
import { useApiAction } from "@/lib/client/use-api-action";
import { APPEAL_ANSWER_DAYS, APPEAL_NOTE_MAX, APPEAL_NOTE_MIN } from "@/lib/shared/delivery/courier-record";
import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/words/fill";
import { PhotoInput } from "./photo-input";
import styles from "./courier.module.css";

/**
 * A suspended courier's appeal: their note (APPEAL_NOTE_MIN to APPEAL_NOTE_MAX characters) and an
 * optional photo as evidence (POST /api/courier/appeals, multipart). A note too short is said
 * beside it before anything is sent; the server's refusals beside their field too.
 */
export function AppealForm({ words: w }: { words: Words<"courier">["appeal"] }) {
  const router = useRouter();
  const [tooShort, setTooShort] = useState(false);
  const send = useApiAction((body: FormData) => uploadForm("POST", "/api/courier/appeals", body, () => {}), { onSuccess: () => router.refresh() });
  const { errors } = send;

  const submit = async (form: FormData) => {
    const note = String(form.get("note") ?? "");
    setTooShort(note.trim().length < APPEAL_NOTE_MIN);
    if (note.trim().length < APPEAL_NOTE_MIN) return send.reset();
    const body = new FormData();
    body.set("data", JSON.stringify({ note }));
    const photo = form.get("photo");
    if (photo instanceof File && photo.size > 0) body.set("photo", photo);
    await send.run(body);
  };
  const noteError = tooShort ? fill(w.tooShort, { min: APPEAL_NOTE_MIN, max: APPEAL_NOTE_MAX }) : errors.note;
  // A refusal that names no field of this form (not suspended, one already open): said above the button.
  const failure = send.failure && !errors.note && !errors.photo ? send.message : null;

  return (
    <form
      className={styles.today}
      aria-label={w.label}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit(new FormData(event.currentTarget));
      }}
    >
      <TextAreaField
        label={w.why}
        name="note"
        rows={5}
        maxLength={APPEAL_NOTE_MAX}
        required
        error={noteError}
        hint={fill(w.hint, { days: APPEAL_ANSWER_DAYS, min: APPEAL_NOTE_MIN })}
        onChange={() => tooShort && setTooShort(false)}
      />
      <PhotoInput label={w.photo} name="photo" error={errors.photo} errorId="appeal-photo-error" />
      {failure && (
        <p className={styles.alert} role="alert">
          {failure}
        </p>
      )}
      <button type="submit" className={buttonClass({ size: "large", block: true, className: styles.big })} disabled={send.busy}>
        {send.busy ? w.sending : w.send}
      </button>
    </form>
  );
}
