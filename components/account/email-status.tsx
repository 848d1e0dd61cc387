"use client";
import { useState } from "react";
import { useAlerts } from "@/components/providers/alerts-provider";
import { buttonClass } from "@/components/ui/button";
import { api, ApiClientError, SERVER_FAILURE } from "@/lib/client/api";
import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/fill";
import styles from "./account.module.css";

export type EmailState = { email: string | null; verified: boolean; pendingEmail: string | null };

/** The banner of an account whose email is not verified, or whose new address waits for its link; resend the link. */
export function EmailVerificationBanner({ status, words: w }: { status: EmailState; words: Words<"profile">["account"]["verify"] }) {
  const { show } = useAlerts();
  const [pending, setPending] = useState(false);
  if (!status.email && !status.pendingEmail) return null;
  if (status.verified && !status.pendingEmail) return null;

  async function resend() {
    setPending(true);
    try {
      const answer = await api<{ message: string }>("/api/account/email/resend", { method: "POST" });
      show(answer.message, "success");
    } catch (failure) {
      show(failure instanceof ApiClientError ? failure.message : SERVER_FAILURE, "error");
    } finally {
      setPending(false);
    }
  }

  return (
    <section className={styles.banner} aria-labelledby="email-verification">
      <h2 id="email-verification" className={styles.sectionTitle}>
        {status.pendingEmail ? w.confirmNew : w.verify}
      </h2>
      <p>{status.pendingEmail ? fill(w.pending, { pending: status.pendingEmail, email: status.email ?? w.unset }) : fill(w.sent, { email: status.email ?? "" })}</p>
      <div>
        <button type="button" className={buttonClass({ variant: "secondary" })} onClick={resend} disabled={pending}>
          {pending ? w.sending : w.resend}
        </button>
      </div>
    </section>
  );
}
