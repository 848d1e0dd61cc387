"use client";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useAlerts } from "@/components/providers/alerts-provider";
import { useSession } from "@/components/providers/session-provider";
import { buttonClass } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { TextField } from "@/components/ui/text-field";
import { api, ApiClientError, SERVER_FAILURE } from "@/lib/client/api";
import { ACCOUNT_MESSAGES } from "@/lib/validation/zod-free/account-rules";
import { formatMoney } from "@/components/ui/format";
import styles from "./account.module.css";
import danger from "./delete-account.module.css";

/**
 * Confirms closing the account: the wallet balance that will be forfeited, then the password.
 * The server refuses (and says why) while an order is under way or restaurants are owned.
 */
export function DeleteAccountDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
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
    if (!password) return setError(ACCOUNT_MESSAGES.passwordRequired);
    setPending(true);
    setError(undefined);
    setRefusal(undefined);
    try {
      await api(`/api/users/${user.id}/delete`, { method: "POST", body: { password } });
      setUser(null);
      show(ACCOUNT_MESSAGES.deleted, "success");
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
    <Dialog open={open} onClose={onClose} title="Delete your account?">
      <form ref={form} className={danger.dialogForm} onSubmit={confirm} noValidate>
        <p className={danger.balance}>
          Wallet balance: <strong>{formatMoney(balance)}</strong>
        </p>
        <p className={styles.muted}>
          {balance > 0
            ? "This balance is forfeited: it cannot be paid out or moved to another account. Spend it first if you want to use it."
            : "Your wallet is empty, so nothing is lost there."}{" "}
          Your profile, picture, reviews and favourites are removed for good; you are signed out on every device.
        </p>
        {refusal && (
          <p role="alert" className={danger.refusal}>
            {refusal}
          </p>
        )}
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={error}
        />
        <div className={danger.dialogActions}>
          <button type="button" className={buttonClass({ variant: "secondary" })} onClick={onClose}>
            Keep my account
          </button>
          <button type="submit" className={buttonClass({ className: danger.dangerSolid })} disabled={pending}>
            {pending ? "Deleting…" : "Delete my account"}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
