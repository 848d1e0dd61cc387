"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useSession } from "@/components/providers/session-provider";
import { buttonClass } from "@/components/ui/button";
import { api, ApiClientError, ensureXsrfCookie, SERVER_FAILURE } from "@/lib/client/api";
import type { UserJson } from "@/lib/server/accounts/users";
import type { Words } from "@/lib/i18n/words";
import styles from "./auth-form.module.css";

/** "Sign in with a passkey" on /login: the browser's own passkey chooser, then the session. */
export function PasskeySignIn({ next, words: w }: { next: string; words: Words<"profile">["passkeySignIn"] }) {
  const { setUser } = useSession();
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function signIn() {
    setError(null);
    setPending(true);
    try {
      await ensureXsrfCookie();
      const options = await api<Record<string, unknown>>("/api/auth/passkey/options", { method: "POST" });
      // The WebAuthn glue loads on first use, not with /login.
      const { getPasskey } = await import("@/lib/client/webauthn");
      const credential = await getPasskey(options);
      const user = await api<UserJson>("/api/auth/passkey", { method: "POST", body: { credential } });
      setUser(user);
      router.push(next);
      router.refresh();
    } catch (failure) {
      setError(failure instanceof ApiClientError ? failure.message : failure instanceof Error && failure.name === "NotAllowedError" ? w.notUsed : SERVER_FAILURE);
      setPending(false);
    }
  }

  return (
    <div className={styles.form}>
      <button type="button" className={buttonClass({ variant: "secondary", block: true, size: "large" })} onClick={signIn} disabled={pending}>
        {pending ? w.waiting : w.signIn}
      </button>
      {error && (
        <p role="alert" className={styles.formError}>
          {error}
        </p>
      )}
    </div>
  );
}
