"use client";
import { useState } from "react";
import { api, ensureXsrfCookie } from "@/lib/client/api";
import { useApiAction } from "@/lib/client/use-api-action";
import type { SignInProvider } from "@/lib/shared/people/sign-in-providers";
import { fill } from "@/lib/shared/words/fill";
import type { Words } from "@/lib/i18n/words";
import { AppleLogo, GoogleLogo } from "./provider-logos";
import formStyles from "./auth-form.module.css";
import styles from "./provider-sign-in.module.css";

/**
 * "Continue with Google" and "Continue with Apple" on /login and /signup (only the providers this
 * site offers): the server starts the flow and names the provider's page, which the browser opens.
 */
export function ProviderSignIn({ providers, next, words: w }: { providers: SignInProvider[]; next: string; words: Words<"profile">["signInWith"] }) {
  const [opening, setOpening] = useState<SignInProvider | null>(null);
  const starting = useApiAction(
    async (provider: SignInProvider) => {
      await ensureXsrfCookie();
      return api<{ url: string }>(`/api/auth/oidc/${provider}`, { method: "POST", body: { next } });
    },
    // The provider's page opens; the button says so until it does.
    { onSuccess: ({ url }) => window.location.assign(url), onError: () => setOpening(null) },
  );
  function start(provider: SignInProvider) {
    setOpening(provider);
    void starting.run(provider);
  }

  return (
    <div className={styles.providers}>
      {providers.map((provider) => (
        <button key={provider} type="button" className={`${styles.provider} ${styles[provider]}`} onClick={() => start(provider)} disabled={opening !== null}>
          {provider === "google" ? <GoogleLogo className={styles.logo} /> : <AppleLogo className={styles.logo} />}
          <span>{opening === provider ? fill(w.opening, { provider: w.providers[provider] }) : w[provider]}</span>
        </button>
      ))}
      {starting.message && (
        <p role="alert" className={formStyles.formError}>
          {starting.message}
        </p>
      )}
    </div>
  );
}
