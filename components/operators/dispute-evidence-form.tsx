"use client";
import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { buttonClass } from "@/components/ui/button";
import { ApiClientError, SERVER_FAILURE, api } from "@/lib/client/api";
import type { Words } from "@/lib/i18n/words";
import styles from "./operators.module.css";

/** The dispute's one submission: the operator's explanation with the evidence above (POST /api/admin/disputes/{id}/evidence), then the page again. */
export function DisputeEvidenceForm({ disputeId, words }: { disputeId: number; words: Words<"admin">["dispute"]["form"] }) {
  const router = useRouter();
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (form: FormData) => {
    setBusy(true);
    setError(null);
    try {
      await api(`/api/admin/disputes/${disputeId}/evidence`, { method: "POST", body: { explanation: form.get("explanation") } });
      router.refresh();
    } catch (e) {
      setError(e instanceof ApiClientError ? (e.errors.explanation ?? e.message) : SERVER_FAILURE);
      setBusy(false);
    }
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
