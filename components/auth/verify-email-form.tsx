"use client";
import { useState } from "react";
import { useSession } from "@/components/providers/session-provider";
import Link from "@/components/ui/link";
import { buttonClass } from "@/components/ui/button";
import { api, ApiClientError, ensureXsrfCookie, SERVER_FAILURE } from "@/lib/client/api";
import type { Words } from "@/lib/i18n/words";
import styles from "./auth-form.module.css";

/** The verification link's button: POST /api/auth/verify-email with the link's token. */
export function VerifyEmailForm({ token, words: w }: { token: string; words: Words<"profile">["verify"] }) {
  const { user, refresh } = useSession();
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function confirm() {
    setPending(true);
    setError(null);
    try {
      await ensureXsrfCookie();
      const answer = await api<{ message: string; email: string }>("/api/auth/verify-email", { method: "POST", body: { token } });
      // A signed-in browser's session shows the new address at once.
      if (user) await refresh().catch(() => null);
      setDone(`${answer.message} (${answer.email})`);
    } catch (failure) {
      setError(failure instanceof ApiClientError ? failure.message : SERVER_FAILURE);
    } finally {
      setPending(false);
    }
  }

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
