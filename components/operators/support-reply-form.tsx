"use client";
import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { buttonClass } from "@/components/ui/button";
import { ApiClientError, SERVER_FAILURE, api } from "@/lib/client/api";
import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/fill";
import styles from "./operators.module.css";

/** An operator's reply to a support message (POST /api/admin/support/replies), then the queue refreshed. */
export function SupportReplyForm({ ticketId, words }: { ticketId: number; words: Words<"admin">["support"]["form"] }) {
  const router = useRouter();
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (form: FormData) => {
    setBusy(true);
    setError(null);
    try {
      await api("/api/admin/support/replies", { method: "POST", body: { ticketId, body: String(form.get("body") ?? "") } });
      router.refresh();
    } catch (e) {
      setError(e instanceof ApiClientError ? (e.errors.body ?? e.message) : SERVER_FAILURE);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className={styles.form} action={submit} aria-label={fill(words.label, { id: ticketId })} noValidate>
      <label htmlFor={`${id}-body`}>
        {words.reply}
        <textarea id={`${id}-body`} name="body" rows={3} maxLength={2000} required {...(error ? { "aria-invalid": true, "aria-describedby": `${id}-error` } : {})} />
        {error && (
          <span className={styles.error} id={`${id}-error`}>
            {error}
          </span>
        )}
      </label>
      <div className={styles.actions}>
        <button type="submit" className={buttonClass({ size: "small" })} disabled={busy}>
          {busy ? words.sending : words.send}
        </button>
      </div>
    </form>
  );
}
