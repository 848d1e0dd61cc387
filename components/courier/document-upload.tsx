"use client";
import { useState } from "react";
import { buttonClass } from "@/components/ui/button";
import { useHydrated } from "@/components/ui/use-hydrated";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import { api } from "@/lib/client/api";
import { useApiAction } from "@/lib/client/use-api-action";
import { DOCUMENT_KINDS, type DocumentKind, type OnboardingJson } from "@/lib/shared/delivery/courier-onboarding";
import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/words/fill";
import styles from "./courier.module.css";

/** The courier's document upload (a photo and the expiry date printed on it), then the documents read again; each field's refusal beside it, the rest under the form. */
export function DocumentUpload({ words: w, onUploaded }: { words: Words<"courier">["documents"]; onUploaded: (onboarding: OnboardingJson) => void }) {
  const [done, setDone] = useState<string | null>(null);
  const send = useApiAction(
    async (body: FormData) => {
      await api("/api/courier/documents", { method: "POST", body });
      return api<{ onboarding: OnboardingJson }>("/api/courier/onboarding");
    },
    { onSuccess: (answer) => onUploaded(answer.onboarding) },
  );
  // Loaded after the page (its lazy wrapper): Send waits for React, or a click would be a plain submit.
  const hydrated = useHydrated();
  const busy = send.busy;
  const errors: Record<string, string> = send.failure ? { ...send.errors, form: Object.keys(send.errors).length ? "" : send.failure.message } : {};

  const upload = async (form: HTMLFormElement) => {
    const data = new FormData(form);
    const kind = String(data.get("kind")) as DocumentKind;
    const body = new FormData();
    body.set("data", JSON.stringify({ kind, expiresOn: String(data.get("expiresOn") ?? "") }));
    const file = data.get("photo");
    if (file instanceof File && file.size > 0) body.set("photo", file);
    setDone(null);
    if (!(await send.run(body))) return;
    setDone(fill(w.uploaded, { kind: w.kinds[kind] }));
    form.reset();
  };

  return (
    <form
      className={styles.docForm}
      onSubmit={(event) => {
        event.preventDefault();
        void upload(event.currentTarget);
      }}
      noValidate
    >
      <SelectField label={w.document} name="kind" error={errors.kind} defaultValue="licence">
        {DOCUMENT_KINDS.map((kind) => (
          <option key={kind} value={kind}>
            {w.kinds[kind]}
          </option>
        ))}
      </SelectField>
      <TextField label={w.expiry} name="expiresOn" type="date" required error={errors.expiresOn} />
      <TextField label={w.photo} name="photo" type="file" accept="image/png,image/jpeg,image/webp" required error={errors.photo} hint={w.photoHint} />
      <button type="submit" className={buttonClass()} disabled={busy || !hydrated}>
        {busy ? w.uploading : w.send}
      </button>
      {errors.form && <p role="alert">{errors.form}</p>}
      {done && <p role="status">{done}</p>}
    </form>
  );
}
