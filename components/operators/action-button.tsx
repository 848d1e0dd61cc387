"use client";
import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { buttonClass } from "@/components/ui/button";
import { ApiClientError, SERVER_FAILURE, api } from "@/lib/client/api";
import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/fill";
import styles from "./operators.module.css";

type Props = {
  /** The API call: POST `url` { action, reason, ...extra }. */
  url: string;
  action: string;
  label: string;
  /** Names what it acts on, for screen readers ("Suspend Lantern Noodle House"). */
  target: string;
  danger?: boolean;
  /** The commission form: a percent field (empty: the platform's default). */
  commission?: { current: number | null; fallback: number };
  /** A refund's form: the amount in dollars (at most `max`) and whether Nosh pays it rather than the restaurant. */
  refund?: { max: number };
  /** A courier's suspension: the "safety report" box (no warning needed before it). */
  safety?: boolean;
  /** The text field's name in the body (default `reason`) and its label. */
  field?: string;
  prompt?: string;
  /** Its words: the catalogue's admin.action, from the page. */
  words: Words<"admin">["action"];
};

/** An operator action: opens a small form asking why (kept in the audit log), then refreshes the page. */
export function ActionButton({ url, action, label, target, danger, commission, refund, safety, field = "reason", prompt, words }: Props) {
  const router = useRouter();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (!open) {
    return (
      <button type="button" className={buttonClass({ variant: danger ? "secondary" : "secondary", size: "small" })} onClick={() => setOpen(true)}>
        {label}
        <span className="sr-only"> {target}</span>
      </button>
    );
  }

  const submit = async (form: FormData) => {
    setBusy(true);
    setError(null);
    const extra: Record<string, unknown> = {};
    if (commission) {
      const raw = String(form.get("commissionPercent") ?? "").trim();
      extra.commissionPercent = raw === "" ? null : Number(raw);
    }
    if (refund) {
      extra.amount = String(form.get("amount") ?? "").trim();
      extra.nosh = form.get("nosh") === "on";
    }
    if (safety) extra.safety = form.get("safety") === "on";
    try {
      await api(url, { method: "POST", body: { action, [field]: form.get("reason"), ...extra } });
      setOpen(false);
      router.refresh();
    } catch (e) {
      setError(e instanceof ApiClientError ? (Object.values(e.errors)[0] ?? e.message) : SERVER_FAILURE);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className={styles.form}
      // onSubmit, not a form action: React resets a form after its action, so a refused amount would take the reason typed with it.
      onSubmit={(event) => {
        event.preventDefault();
        void submit(new FormData(event.currentTarget));
      }}
      aria-label={`${label} ${target}`}
    >
      {commission && (
        <label htmlFor={`${id}-percent`}>
          {fill(words.commission, { fallback: commission.fallback })}
          <input id={`${id}-percent`} name="commissionPercent" type="number" min={0} max={100} step={1} defaultValue={commission.current ?? ""} />
        </label>
      )}
      {refund && (
        <>
          <label htmlFor={`${id}-amount`}>
            {fill(words.amount, { max: refund.max.toFixed(2) })}
            <input id={`${id}-amount`} name="amount" inputMode="decimal" required autoFocus aria-describedby={`${id}-amount-hint`} />
          </label>
          <span id={`${id}-amount-hint`} className="sr-only">
            {words.amountHint}
          </span>
          <label className={styles.check}>
            <input name="nosh" type="checkbox" /> {words.noshPays}
          </label>
        </>
      )}
      <label htmlFor={`${id}-reason`}>
        {prompt ?? (action === "suspend" || action === "hide" || action === "warn" ? words.whySeen : words.why)}
        <textarea id={`${id}-reason`} name="reason" rows={2} required maxLength={500} autoFocus={!refund} />
      </label>
      {safety && (
        <label className={styles.check}>
          <input name="safety" type="checkbox" /> {words.safety}
        </label>
      )}
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <div className={styles.actions}>
        <button type="submit" className={buttonClass({ size: "small" })} disabled={busy}>
          {busy ? words.saving : fill(words.confirm, { action: label.toLowerCase() })}
        </button>
        <button type="button" className={buttonClass({ variant: "ghost", size: "small" })} onClick={() => setOpen(false)}>
          {words.cancel}
        </button>
      </div>
    </form>
  );
}
