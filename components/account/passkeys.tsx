"use client";
import { useState, type FormEvent } from "react";
import { useAlerts } from "@/components/providers/alerts-provider";
import { buttonClass } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { api } from "@/lib/client/api";
import { useApiAction } from "@/lib/client/use-api-action";
import { formatDate } from "@/lib/shared/time/format-date";
import type { Words } from "@/lib/i18n/words";
import type { Locale } from "@/lib/i18n/locale";
import { fill } from "@/lib/shared/words/fill";
import styles from "./account.module.css";
import { TitledSection } from "@/components/ui/titled-section";

export type PasskeyRow = { id: number; name: string; createdAt: string; lastUsedAt: string | null };

/**
 * /account's passkeys: add one (named, confirmed with the account's password: the server gives the
 * creation challenge only then, for 5 minutes), the list with created and last used, remove.
 */
export function Passkeys({ initial, words: w, locale }: { initial: PasskeyRow[]; words: Words<"profile">["account"]["passkeys"]; locale: Locale }) {
  const { show } = useAlerts();
  const [keys, setKeys] = useState(initial);
  const [name, setName] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<{ name?: string; password?: string }>({});
  const adding = useApiAction(
    async (named: string, typed: string): Promise<PasskeyRow | null> => {
      const options = await api<Record<string, unknown>>("/api/account/passkeys/options", { method: "POST", body: { password: typed } });
      // The WebAuthn glue loads on first use, not with the page.
      const { createPasskey } = await import("@/lib/client/webauthn");
      // Cancelled or timed out in the browser's own prompt: no passkey, said in an alert.
      const credential = await createPasskey(options).catch((failure: unknown) => {
        if (failure instanceof Error && failure.name === "NotAllowedError") return null;
        throw failure;
      });
      if (!credential) return null;
      return (await api<{ passkey: PasskeyRow }>("/api/account/passkeys", { method: "POST", body: { name: named, credential } })).passkey;
    },
    {
      onSuccess: (passkey) => {
        if (!passkey) return show(w.notMade, "error");
        setKeys((current) => [passkey, ...current]);
        setName("");
        setPassword("");
        show(fill(w.addedAlert, { name: passkey.name }), "success");
      },
      // A wrong password is said beside its field; anything else in an alert.
      onError: (failure) => (failure.errors.password ? setErrors({ password: failure.errors.password }) : show(failure.message, "error")),
    },
  );
  const removing = useApiAction((key: PasskeyRow) => api(`/api/account/passkeys/${key.id}`, { method: "DELETE" }).then(() => key), {
    onSuccess: (key) => {
      setKeys((current) => current.filter((other) => other.id !== key.id));
      show(fill(w.removedAlert, { name: key.name }), "success");
    },
    onError: (failure) => show(failure.message, "error"),
  });
  const pending = adding.busy;

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = { name: name.trim() ? undefined : w.nameMissing, password: password ? undefined : w.passwordMissing };
    setErrors(found);
    if (found.name || found.password) return;
    if (typeof window.PublicKeyCredential !== "function") return show(w.unsupported, "error");
    await adding.run(name.trim(), password);
  }

  const remove = (key: PasskeyRow) => void removing.run(key);

  return (
    <TitledSection id="account-passkeys" title={w.title} className={styles.card} titleClassName={styles.sectionTitle}>
      <p className={styles.muted}>{w.text}</p>
      {keys.length > 0 && (
        <ul className={styles.passkeyList} aria-label={w.list}>
          {keys.map((key) => (
            <li key={key.id} className={styles.passkeyRow}>
              <span>
                <strong>{key.name}</strong>
                <span className={styles.muted}>
                  {" "}
                  {fill(w.added, { date: formatDate(key.createdAt, undefined, locale) })} ·{" "}
                  {key.lastUsedAt ? fill(w.lastUsed, { date: formatDate(key.lastUsedAt, undefined, locale) }) : w.neverUsed}
                </span>
              </span>
              <button type="button" className={buttonClass({ variant: "secondary" })} onClick={() => remove(key)} aria-label={fill(w.removeNamed, { name: key.name })}>
                {w.remove}
              </button>
            </li>
          ))}
        </ul>
      )}
      <form className={styles.passkeyForm} onSubmit={add} noValidate>
        <TextField
          label={w.name}
          name="passkeyName"
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={errors.name}
          maxLength={60}
          placeholder={w.namePlaceholder}
        />
        <TextField
          label={w.password}
          name="passkeyPassword"
          type="password"
          autoComplete="current-password"
          hint={w.passwordHint}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={errors.password}
        />
        <button type="submit" className={buttonClass({})} disabled={pending}>
          {pending ? w.adding : w.add}
        </button>
      </form>
    </TitledSection>
  );
}
