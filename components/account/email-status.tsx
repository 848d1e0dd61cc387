"use client";
import { useState } from "react";
import { useAlerts } from "@/components/providers/alerts-provider";
import { buttonClass } from "@/components/ui/button";
import { api, ApiClientError, SERVER_FAILURE } from "@/lib/client/api";
import styles from "./account.module.css";

export type EmailState = { email: string | null; verified: boolean; pendingEmail: string | null };

/** The banner of an account whose email is not verified, or whose new address waits for its link; resend the link. */
export function EmailVerificationBanner({ status }: { status: EmailState }) {
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
        {status.pendingEmail ? "Confirm your new email address" : "Verify your email address"}
      </h2>
      <p>
        {status.pendingEmail
          ? `We sent a link to ${status.pendingEmail}. Your email stays ${status.email ?? "unset"} until you open it.`
          : `We sent a link to ${status.email}. Until you open it, payouts and applying to deliver wait.`}
      </p>
      <div>
        <button type="button" className={buttonClass({ variant: "secondary" })} onClick={resend} disabled={pending}>
          {pending ? "Sending…" : "Resend the link"}
        </button>
      </div>
    </section>
  );
}
