"use client";
import { useState, type ReactNode } from "react";
import { useAlerts } from "@/components/providers/alerts-provider";
import { buttonClass } from "@/components/ui/button";
import { useHydrated } from "@/components/ui/use-hydrated";
import { TitledSection } from "@/components/ui/titled-section";
import { api } from "@/lib/client/api";
import { useApiActions } from "@/lib/client/use-api-actions";
import type { SignInProvider } from "@/lib/shared/people/sign-in-providers";
import { formatDate } from "@/lib/shared/time/format-date";
import { fill } from "@/lib/shared/words/fill";
import type { Locale } from "@/lib/i18n/locale";
import type { Words } from "@/lib/i18n/words";
import formStyles from "@/components/auth/auth-form.module.css";
import providerStyles from "@/components/auth/provider-sign-in.module.css";
import styles from "./account.module.css";

type LinkedSignInRow = { id: number; provider: SignInProvider; email: string | null; createdAt: string; lastUsedAt: string | null };
type Notice = { role: "status" | "alert"; text: string };

/**
 * /account's linked sign-ins (Google, Apple): each with its email (Apple's hidden relay address
 * said so), when linked and last used, and Remove (refused with a reason while it is the only way
 * in); a "Link" button for each offered provider not linked yet. `notice`: what the provider's
 * callback came back saying.
 */
export function LinkedSignIns({
  initial,
  offered,
  notice,
  words: w,
  names,
  locale,
  logos,
}: {
  initial: LinkedSignInRow[];
  offered: SignInProvider[];
  notice: Notice | null;
  words: Words<"profile">["account"]["signIns"];
  names: Record<SignInProvider, string>;
  locale: Locale;
  /** The providers' marks, rendered on the server (providerLogos). */
  logos: Record<SignInProvider, ReactNode>;
}) {
  const { show } = useAlerts();
  // Server-rendered and hydrated once its chunk arrives (components/account/later-sections.tsx): nothing to press or type until then.
  const hydrated = useHydrated();
  const [links, setLinks] = useState(initial);
  const [said, setSaid] = useState<Notice | null>(notice);
  const [opening, setOpening] = useState<SignInProvider | null>(null);
  const { run, busy } = useApiActions();
  const refused = (failure: { message: string }) => setSaid({ role: "alert", text: failure.message });
  const unlinked = offered.filter((provider) => !links.some((link) => link.provider === provider));

  async function remove(row: LinkedSignInRow) {
    if ((await run(`remove-${row.id}`, () => api(`/api/account/sign-ins/${row.id}`, { method: "DELETE" }), refused)) === undefined) return;
    setLinks((current) => current.filter((other) => other.id !== row.id));
    setSaid(null);
    show(fill(w.removedAlert, { provider: names[row.provider] }), "success");
  }

  // The provider's page opens; the button stays busy until it does.
  async function link(provider: SignInProvider) {
    setOpening(provider);
    const started = await run(`link-${provider}`, () => api<{ url: string }>("/api/account/sign-ins", { method: "POST", body: { provider } }), refused);
    if (started) window.location.assign(started.url);
    else setOpening(null);
  }

  return (
    <TitledSection id="account-sign-ins" title={w.title} className={styles.card} titleClassName={styles.sectionTitle}>
      <p className={styles.muted}>{w.text}</p>
      {said && (
        <p role={said.role} className={said.role === "alert" ? formStyles.formError : styles.muted}>
          {said.text}
        </p>
      )}
      {links.length > 0 ? (
        <ul className={styles.passkeyList} aria-label={w.list}>
          {links.map((row) => (
            <li key={row.id} className={styles.passkeyRow}>
              <span>
                <strong>{names[row.provider]}</strong> {row.email?.endsWith("@privaterelay.appleid.com") ? `${w.hiddenEmail} (${row.email})` : row.email}
                <br />
                <span className={styles.muted}>
                  {fill(w.linked, { date: formatDate(row.createdAt, undefined, locale) })} ·{" "}
                  {row.lastUsedAt ? fill(w.lastUsed, { date: formatDate(row.lastUsedAt, undefined, locale) }) : w.neverUsed}
                </span>
              </span>
              <button
                type="button"
                className={buttonClass({ variant: "secondary" })}
                onClick={() => void remove(row)}
                disabled={!hydrated || busy === `remove-${row.id}`}
                aria-label={fill(w.removeNamed, { provider: names[row.provider] })}
              >
                {w.remove}
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.muted}>{w.none}</p>
      )}
      {unlinked.length > 0 && (
        <div className={providerStyles.providers}>
          {unlinked.map((provider) => (
            <button
              key={provider}
              type="button"
              className={`${providerStyles.provider} ${providerStyles[provider]}`}
              onClick={() => void link(provider)}
              disabled={!hydrated || opening !== null}
            >
              {logos[provider]}
              <span>{fill(w.link, { provider: names[provider] })}</span>
            </button>
          ))}
        </div>
      )}
    </TitledSection>
  );
}
