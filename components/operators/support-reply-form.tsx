"use client";
import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { buttonClass } from "@/components/ui/button";
import { ApiClientError, SERVER_FAILURE, api } from "@/lib/client/api";
import styles from "./operators.module.css";

/** An operator's reply to a support message (POST /api/admin/support/replies), then the queue refreshed. */
export function SupportReplyForm({ ticketId }: { ticketId: number }) {
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
    <form className={styles.form} action={submit} aria-label={`Reply to message #${ticketId}`} noValidate>
      <label htmlFor={`${id}-body`}>
        Reply
        <textarea id={`${id}-body`} name="body" rows={3} maxLength={2000} required {...(error ? { "aria-invalid": true, "aria-describedby": `${id}-error` } : {})} />
        {error && (
          <span className={styles.error} id={`${id}-error`}>
            {error}
          </span>
        )}
      </label>
      <div className={styles.actions}>
        <button type="submit" className={buttonClass({ size: "small" })} disabled={busy}>
          {busy ? "Sending…" : "Send reply"}
        </button>
      </div>
    </form>
  );
}
