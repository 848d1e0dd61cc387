"use client";
import { useRouter } from "next/navigation";
import { useId } from "react";
import { buttonClass } from "@/components/ui/button";
import { useHydrated } from "@/components/ui/use-hydrated";
import { api } from "@/lib/client/api";
import { useApiAction } from "@/lib/client/use-api-action";
import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/words/fill";
import styles from "./operators.module.css";

/** An operator's reply to a support message (POST /api/admin/support/replies), then the queue refreshed. */
export function SupportReply({ ticketId, words }: { ticketId: number; words: Words<"admin">["support"]["form"] }) {
  const router = useRouter();
  const id = useId();
  const reply = useApiAction((body: { ticketId: number; body: string }) => api("/api/admin/support/replies", { method: "POST", body }), {
    onSuccess: () => router.refresh(),
  });
  // Loaded after the page (its lazy wrapper): Send waits for React, or a click would be a plain submit.
  const hydrated = useHydrated();
  const busy = reply.busy;
  const error = reply.failure ? (reply.errors.body ?? reply.failure.message) : null;
  const submit = async (form: FormData) => {
    await reply.run({ ticketId, body: String(form.get("body") ?? "") });
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
        <button type="submit" className={buttonClass({ size: "small" })} disabled={busy || !hydrated}>
          {busy ? words.sending : words.send}
        </button>
      </div>
    </form>
  );
}
