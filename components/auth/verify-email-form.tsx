"use client";
import { useState } from "react";
import { useSession } from "@/components/providers/session-provider";
import Link from "@/components/ui/link";
import { buttonClass } from "@/components/ui/button";
import { api, ensureXsrfCookie } from "@/lib/client/api";
import { useApiAction } from "@/lib/client/use-api-action";
import type { Words } from "@/lib/i18n/words";
import styles from "./auth-form.module.css";

/** The verification link's button: POST /api/auth/verify-email with the link's token. */
export function VerifyEmailForm({ token, words: w }: { token: string; words: Words<"profile">["verify"] }) {
  const { user, refresh } = useSession();
  const [done, setDone] = useState<string | null>(null);
  const confirming = useApiAction(
    async () => {
      await ensureXsrfCookie();
      const answer = await api<{ message: string; email: string }>("/api/auth/verify-email", { method: "POST", body: { token } });
      // A signed-in browser's session shows the new address at once.
      if (user) await refresh().catch(() => null);
      return answer;
    },
    { onSuccess: (answer) => setDone(`${answer.message} (${answer.email})`) },
  );
  const { busy: pending, message: error } = confirming;
  const confirm = () => void confirming.run();

  if (done) {
    return (
      <div className={styles.form}>
        <p role="status" className={styles.notice}>
          {done}
        </p>
        <Link href="/account" className={buttonClass({ block: true, size: "large" })}>
          {w.goToAccount}
        </Link>
      </div>
    );
  }
  return (
    <div className={styles.form}>
      {error && (
        <p role="alert" className={styles.formError}>
          {error}
        </p>
      )}
      <button type="button" className={buttonClass({ block: true, size: "large" })} onClick={confirm} disabled={pending || !token}>
        {pending ? w.confirming : w.confirm}
      </button>
    </div>
  );
}
