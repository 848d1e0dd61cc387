"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useSession } from "@/components/providers/session-provider";
import { buttonClass } from "@/components/ui/button";
import { api, ensureXsrfCookie } from "@/lib/client/api";
import { useApiAction } from "@/lib/client/use-api-action";
import type { UserJson } from "@/lib/server/accounts/users";
import type { Words } from "@/lib/i18n/words";
import styles from "./auth-form.module.css";

/** "Sign in with a passkey" on /login: the browser's own passkey chooser, then the session. */
export function PasskeySignIn({ next, words: w }: { next: string; words: Words<"profile">["passkeySignIn"] }) {
  const { setUser } = useSession();
  const router = useRouter();
  // Not used (the chooser cancelled or timed out): said under the button; signed in, it stays busy while the next page opens.
  const [notUsed, setNotUsed] = useState(false);
  const [signedIn, setSignedIn] = useState(false);
  const signingIn = useApiAction(
    async () => {
      await ensureXsrfCookie();
      const options = await api<Record<string, unknown>>("/api/auth/passkey/options", { method: "POST" });
      // The WebAuthn glue loads on first use, not with /login.
      const { getPasskey } = await import("@/lib/client/webauthn");
      const credential = await getPasskey(options).catch((failure: unknown) => {
        if (failure instanceof Error && failure.name === "NotAllowedError") return null;
        throw failure;
      });
      return credential && api<UserJson>("/api/auth/passkey", { method: "POST", body: { credential } });
    },
    {
      onSuccess: (user) => {
        if (!user) return setNotUsed(true);
        setSignedIn(true);
        setUser(user);
        router.push(next);
        router.refresh();
      },
    },
  );
  const pending = signingIn.busy || signedIn;
  const error = notUsed ? w.notUsed : signingIn.message;

  function signIn() {
    setNotUsed(false);
    void signingIn.run();
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
