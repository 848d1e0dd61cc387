"use client";
import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { buttonClass } from "@/components/ui/button";
import { api } from "@/lib/client/api";
import { useApiAction } from "@/lib/client/use-api-action";
import type { Locale } from "@/lib/i18n/locale";
import type { Words } from "@/lib/i18n/words";
import { majorToMinor } from "@/lib/shared/money/currency";
import { fill } from "@/lib/shared/words/fill";
import { formatCents } from "@/lib/shared/money/money";
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
  /** A refund's form: the amount (at most `max`, in the order's `currency`, shown in `locale`) and whether Nosh pays it rather than the restaurant. */
  refund?: { max: number; currency: string; locale: Locale };
  /**
   * A courier's suspension: when the server refuses it for the published rule (a warning, then a
   * new fault: a 409 naming `override`), the form asks why it goes ahead anyway (the courier reads
   * it), with the "safety report" box.
   */
  override?: boolean;
  /** The text field's name in the body (default `reason`) and its label. */
  field?: string;
  prompt?: string;
  /** Its words: the catalogue's admin.action, from the page. */
  words: Words<"admin">["action"];
};

/**
 * An operator action: opens a small form asking why (kept in the audit log), then refreshes the
 * page. A refused refund amount is told under the amount (over what is left, before anything is
 * sent, with that maximum in the order's currency); a suspension the rule does not allow asks for
 * the override's reason beside its field; any other refusal under the form.
 */
export function ActionButton({ url, action, label, target, danger, commission, refund, override, field = "reason", prompt, words }: Props) {
  const router = useRouter();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [tooMuch, setTooMuch] = useState<string | null>(null);
  // Asked once the server said the rule is not met: the message stays beside the field.
  const [asking, setAsking] = useState<string | null>(null);
  const call = useApiAction((body: Record<string, unknown>) => api(url, { method: "POST", body }), {
    onSuccess: () => {
      setOpen(false);
      setAsking(null);
      router.refresh();
    },
    onError: (failure) => {
      if (override && failure.errors.override) setAsking(failure.errors.override);
    },
  });
  const { amount: amountError, override: overrideRefusal, ...otherErrors } = call.errors;
  const fieldError = tooMuch ?? (refund ? amountError : undefined);
  const overrideError = overrideRefusal ?? asking;
  const formError = call.failure && !overrideRefusal && (Object.values(refund ? otherErrors : call.errors)[0] ?? (fieldError ? null : call.message));

  if (!open) {
    return (
      <button type="button" className={buttonClass({ variant: danger ? "secondary" : "secondary", size: "small" })} onClick={() => setOpen(true)}>
        {label}
        <span className="sr-only"> {target}</span>
      </button>
    );
  }

  const submit = async (form: FormData) => {
    const extra: Record<string, unknown> = {};
    if (commission) {
      const raw = String(form.get("commissionPercent") ?? "").trim();
      extra.commissionPercent = raw === "" ? null : Number(raw);
    }
    setTooMuch(null);
    if (refund) {
      extra.amount = String(form.get("amount") ?? "").trim();
      extra.nosh = form.get("nosh") === "on";
      // More than is left is refused here, naming the maximum (the server refuses it the same way).
      const cents = majorToMinor(String(extra.amount), refund.currency);
      const maxCents = majorToMinor(refund.max, refund.currency) ?? 0;
      if (cents !== null && cents > maxCents) {
        call.reset();
        return setTooMuch(fill(words.overRefundable, { max: formatCents(maxCents, { locale: refund.locale, currency: refund.currency }) }));
      }
    }
    if (asking !== null) {
      extra.override = String(form.get("override") ?? "");
      extra.safety = form.get("safety") === "on";
    }
    await call.run({ action, [field]: form.get("reason"), ...extra });
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
            <input
              id={`${id}-amount`}
              name="amount"
              inputMode="decimal"
              required
              autoFocus
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={fieldError ? `${id}-amount-error` : `${id}-amount-hint`}
              onChange={() => {
                setTooMuch(null);
                if (amountError) call.reset();
              }}
            />
          </label>
          {fieldError ? (
            <p id={`${id}-amount-error`} className={styles.error} role="alert">
              {fieldError}
            </p>
          ) : (
            <span id={`${id}-amount-hint`} className="sr-only">
              {words.amountHint}
            </span>
          )}
          <label className={styles.check}>
            <input name="nosh" type="checkbox" /> {words.noshPays}
          </label>
        </>
      )}
      <label htmlFor={`${id}-reason`}>
        {prompt ?? (action === "suspend" || action === "hide" || action === "warn" ? words.whySeen : words.why)}
        <textarea id={`${id}-reason`} name="reason" rows={2} required maxLength={500} autoFocus={!refund} />
      </label>
      {asking !== null && (
        <>
          <label htmlFor={`${id}-override`}>
            {words.override}
            <textarea
              id={`${id}-override`}
              name="override"
              rows={3}
              maxLength={500}
              autoFocus
              aria-invalid={overrideError ? true : undefined}
              aria-describedby={overrideError ? `${id}-override-error` : undefined}
            />
          </label>
          {overrideError && (
            <p id={`${id}-override-error`} className={styles.error} role="alert">
              {overrideError}
            </p>
          )}
          <label className={styles.check}>
            <input name="safety" type="checkbox" /> {words.safety}
          </label>
        </>
      )}
      {formError && (
        <p className={styles.error} role="alert">
          {formError}
        </p>
      )}
      <div className={styles.actions}>
        <button type="submit" className={buttonClass({ size: "small" })} disabled={call.busy}>
          {call.busy ? words.saving : fill(words.confirm, { action: label.toLowerCase() })}
        </button>
        <button
          type="button"
          className={buttonClass({ variant: "ghost", size: "small" })}
          onClick={() => {
            setOpen(false);
            setAsking(null);
            call.reset();
          }}
        >
          {words.cancel}
        </button>
      </div>
    </form>
  );
}
