"use client";
import { useAlerts } from "@/components/providers/alerts-provider";
import { buttonClass } from "@/components/ui/button";
import { api } from "@/lib/client/api";
import { useApiAction } from "@/lib/client/use-api-action";
import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/words/fill";
import styles from "./account.module.css";
import { TitledSection } from "@/components/ui/titled-section";

export type EmailState = { email: string | null; verified: boolean; pendingEmail: string | null };

/** The banner of an account whose email is not verified, or whose new address waits for its link; resend the link. */
export function EmailVerificationBanner({ status, words: w }: { status: EmailState; words: Words<"profile">["account"]["verify"] }) {
  const { show } = useAlerts();
  const resending = useApiAction(() => api<{ message: string }>("/api/account/email/resend", { method: "POST" }), {
    onSuccess: (answer) => show(answer.message, "success"),
    onError: (failure) => show(failure.message, "error"),
  });
  const pending = resending.busy;
  if (!status.email && !status.pendingEmail) return null;
  if (status.verified && !status.pendingEmail) return null;
  const resend = () => void resending.run();

  return (
    <TitledSection id="email-verification" title={status.pendingEmail ? w.confirmNew : w.verify} className={styles.banner} titleClassName={styles.sectionTitle}>
      <p>{status.pendingEmail ? fill(w.pending, { pending: status.pendingEmail, email: status.email ?? w.unset }) : fill(w.sent, { email: status.email ?? "" })}</p>
      <div>
        <button type="button" className={buttonClass({ variant: "secondary" })} onClick={resend} disabled={pending}>
          {pending ? w.sending : w.resend}
        </button>
      </div>
    </TitledSection>
  );
}
