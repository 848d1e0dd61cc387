"use client";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useAlerts } from "@/components/providers/alerts-provider";
import { useSession } from "@/components/providers/session-provider";
import { buttonClass } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { TextField } from "@/components/ui/text-field";
import { api } from "@/lib/client/api";
import { useApiAction } from "@/lib/client/use-api-action";
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
  const [missing, setMissing] = useState<string>();
  // Once deleted, the button stays busy while the page leaves.
  const [deleted, setDeleted] = useState(false);
  const deletion = useApiAction((id: number, typed: string) => api(`/api/users/${id}/delete`, { method: "POST", body: { password: typed } }), {
    onSuccess: () => {
      setDeleted(true);
      setUser(null);
      show(w.deleted, "success");
      router.push("/");
      router.refresh();
    },
  });
  // A wrong password beside its field; any other refusal above it.
  const error = missing ?? deletion.errors.password;
  const refusal = deletion.failure && !deletion.errors.password ? deletion.message : undefined;
  const pending = deletion.busy || deleted;
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
    if (!password) {
      deletion.reset();
      return setMissing(w.passwordRequired);
    }
    setMissing(undefined);
    await deletion.run(user.id, password);
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
