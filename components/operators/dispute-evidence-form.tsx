"use client";
import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { buttonClass } from "@/components/ui/button";
import { api } from "@/lib/client/api";
import { useApiAction } from "@/lib/client/use-api-action";
import type { Words } from "@/lib/i18n/words";
import styles from "./operators.module.css";

/** The dispute's one submission: the operator's explanation with the evidence above (POST /api/admin/disputes/{id}/evidence), then the page again. */
export function DisputeEvidenceForm({ disputeId, words }: { disputeId: number; words: Words<"admin">["dispute"]["form"] }) {
  const router = useRouter();
  const id = useId();
  // Busy until the page read again replaces the form.
  const [sent, setSent] = useState(false);
  const send = useApiAction((body: { explanation: FormDataEntryValue | null }) => api(`/api/admin/disputes/${disputeId}/evidence`, { method: "POST", body }), {
    onSuccess: () => {
      setSent(true);
      router.refresh();
    },
  });
  const busy = send.busy || sent;
  const error = send.failure ? (send.errors.explanation ?? send.failure.message) : null;

  const submit = async (form: FormData) => {
    await send.run({ explanation: form.get("explanation") });
  };

  return (
    <form className={`${styles.form} ${styles.card}`} action={submit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{words.title}</h2>
      <label htmlFor={`${id}-explanation`}>{words.explanation}</label>
      <textarea
        id={`${id}-explanation`}
        name="explanation"
        rows={4}
        maxLength={2000}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && (
        <p id={`${id}-error`} className={styles.error} role="alert">
          {error}
        </p>
      )}
      <button type="submit" className={buttonClass({ size: "small" })} disabled={busy}>
        {busy ? words.submitting : words.submit}
      </button>
    </form>
  );
}
