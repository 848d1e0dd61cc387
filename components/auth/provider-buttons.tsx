"use client";
import { useState, type ReactNode } from "react";
import { api, ensureXsrfCookie } from "@/lib/client/api";
import { useApiAction } from "@/lib/client/use-api-action";
import type { SignInProvider } from "@/lib/shared/people/sign-in-providers";
import { fill } from "@/lib/shared/words/fill";
import type { Words } from "@/lib/i18n/words";
import formStyles from "./auth-form.module.css";
import styles from "./provider-sign-in.module.css";

type Props = { providers: SignInProvider[]; next: string; words: Words<"profile">["signInWith"]; logos: Record<SignInProvider, ReactNode> };

/**
 * "Continue with Google" and "Continue with Apple" on /login and /signup (only the providers this
 * site offers): the server starts the flow and names the provider's page, which the browser opens.
 * `logos`: the marks, rendered on the server (providerLogos).
 */
export function ProviderButtons({ providers, next, words: w, logos }: Props) {
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
          {logos[provider]}
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
