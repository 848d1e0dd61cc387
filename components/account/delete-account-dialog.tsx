"use client";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useAlerts } from "@/components/providers/alerts-provider";
import { useSession } from "@/components/providers/session-provider";
import { buttonClass } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { TextField } from "@/components/ui/text-field";
import { api, ApiClientError, SERVER_FAILURE } from "@/lib/client/api";
import { formatMoney } from "@/components/ui/format";
import type { Words } from "@/lib/i18n/words";
import type { Locale } from "@/lib/i18n/locale";
import styles from "./account.module.css";
import danger from "./delete-account.module.css";

/**
 * Confirms closing the account: the wallet balance that will be forfeited, then the password.
 * The server refuses (and says why) while an order is under way or restaurants are owned.
 */
export function DeleteAccountDialog({
  open,
  onClose,
  words: w,
  locale,
}: {
  open: boolean;
  onClose: () => void;
  words: Words<"profile">["account"]["delete"];
  locale: Locale;
}) {
  const { user, setUser } = useSession();
  const { show } = useAlerts();
  const router = useRouter();
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string>();
  const [refusal, setRefusal] = useState<string>();
  const [pending, setPending] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  // showModal() moves focus to the dialog's first control (Close) after this mounts: the
  // password is what this dialog asks for, so it takes the focus a frame later.
  useEffect(() => {
    const frame = requestAnimationFrame(() => form.current?.querySelector<HTMLInputElement>("input[name=password]")?.focus());
    return () => cancelAnimationFrame(frame);
  }, []);
  if (!user) return null;
  const balance = user.wallet;

  async function confirm(event: FormEvent) {
    event.preventDefault();
    if (!user) return;
    if (!password) return setError(w.passwordRequired);
    setPending(true);
    setError(undefined);
    setRefusal(undefined);
    try {
      await api(`/api/users/${user.id}/delete`, { method: "POST", body: { password } });
      setUser(null);
      show(w.deleted, "success");
      router.push("/");
      router.refresh();
    } catch (failure) {
      const apiError = failure instanceof ApiClientError ? failure : null;
      if (apiError?.errors.password) setError(apiError.errors.password);
      else setRefusal(apiError?.message ?? SERVER_FAILURE);
      setPending(false);
    }
  }

  return (
    <Dialog open={open} onClose={onClose} title={w.dialogTitle}>
      <form ref={form} className={danger.dialogForm} onSubmit={confirm} noValidate>
        <p className={danger.balance}>
          {w.balance} <strong>{formatMoney(balance, locale)}</strong>
        </p>
        <p className={styles.muted}>
          {balance > 0 ? w.forfeited : w.empty} {w.removed}
        </p>
        {refusal && (
          <p role="alert" className={danger.refusal}>
            {refusal}
          </p>
        )}
        <TextField
          label={w.password}
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={error}
        />
        <div className={danger.dialogActions}>
          <button type="button" className={buttonClass({ variant: "secondary" })} onClick={onClose}>
            {w.keep}
          </button>
          <button type="submit" className={buttonClass({ className: danger.dangerSolid })} disabled={pending}>
            {pending ? w.deleting : w.button}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
