"use client";
import { useState, type FormEvent } from "react";
import { useAlerts } from "@/components/providers/alerts-provider";
import { buttonClass } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { api, ApiClientError, SERVER_FAILURE } from "@/lib/client/api";
import { formatDate } from "@/lib/shared/format-date";
import styles from "./account.module.css";

export type PasskeyRow = { id: number; name: string; createdAt: string; lastUsedAt: string | null };

/**
 * /account's passkeys: add one (named, confirmed with the account's password: the server gives the
 * creation challenge only then, for 5 minutes), the list with created and last used, remove.
 */
export function Passkeys({ initial }: { initial: PasskeyRow[] }) {
  const { show } = useAlerts();
  const [keys, setKeys] = useState(initial);
  const [name, setName] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<{ name?: string; password?: string }>({});
  const [pending, setPending] = useState(false);

  const fail = (failure: unknown) =>
    show(
      failure instanceof ApiClientError ? failure.message : failure instanceof Error && failure.name === "NotAllowedError" ? "The passkey was not made" : SERVER_FAILURE,
      "error",
    );

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = { name: name.trim() ? undefined : "Give the passkey a name", password: password ? undefined : "Enter your password to add a passkey" };
    setErrors(found);
    if (found.name || found.password) return;
    if (typeof window.PublicKeyCredential !== "function") return show("This browser cannot make passkeys", "error");
    setPending(true);
    try {
      const options = await api<Record<string, unknown>>("/api/account/passkeys/options", { method: "POST", body: { password } });
      // The WebAuthn glue loads on first use, not with the page.
      const { createPasskey } = await import("@/lib/client/webauthn");
      const credential = await createPasskey(options);
      const { passkey } = await api<{ passkey: PasskeyRow }>("/api/account/passkeys", { method: "POST", body: { name: name.trim(), credential } });
      setKeys((current) => [passkey, ...current]);
      setName("");
      setPassword("");
      show(`Passkey "${passkey.name}" added`, "success");
    } catch (failure) {
      // A wrong password is said beside its field; anything else in an alert.
      if (failure instanceof ApiClientError && failure.errors.password) setErrors({ password: failure.errors.password });
      else fail(failure);
    } finally {
      setPending(false);
    }
  }

  async function remove(key: PasskeyRow) {
    try {
      await api(`/api/account/passkeys/${key.id}`, { method: "DELETE" });
      setKeys((current) => current.filter((other) => other.id !== key.id));
      show(`Passkey "${key.name}" removed`, "success");
    } catch (failure) {
      fail(failure);
    }
  }

  return (
    <section className={styles.card} aria-labelledby="account-passkeys">
      <h2 id="account-passkeys" className={styles.sectionTitle}>
        Passkeys
      </h2>
      <p className={styles.muted}>Sign in with your fingerprint, face or device PIN instead of your password. Your password keeps working.</p>
      {keys.length > 0 && (
        <ul className={styles.passkeyList} aria-label="Your passkeys">
          {keys.map((key) => (
            <li key={key.id} className={styles.passkeyRow}>
              <span>
                <strong>{key.name}</strong>
                <span className={styles.muted}>
                  {" "}
                  Added {formatDate(key.createdAt)} · {key.lastUsedAt ? `last used ${formatDate(key.lastUsedAt)}` : "never used"}
                </span>
              </span>
              <button type="button" className={buttonClass({ variant: "secondary" })} onClick={() => remove(key)} aria-label={`Remove passkey ${key.name}`}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <form className={styles.passkeyForm} onSubmit={add} noValidate>
        <TextField
          label="Passkey name"
          name="passkeyName"
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={errors.name}
          maxLength={60}
          placeholder="My phone"
        />
        <TextField
          label="Your password"
          name="passkeyPassword"
          type="password"
          autoComplete="current-password"
          hint="To add a passkey, confirm it is you"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={errors.password}
        />
        <button type="submit" className={buttonClass({})} disabled={pending}>
          {pending ? "Adding…" : "Add a passkey"}
        </button>
      </form>
    </section>
  );
}
