"use client";
import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { buttonClass } from "@/components/ui/button";
import { ApiClientError, SERVER_FAILURE, api } from "@/lib/client/api";
import styles from "./operators.module.css";

/** Adds a sales tax rate (POST /api/admin/tax-rates): each field's refusal beside it, then the page refreshed. */
export function TaxRateForm({ today }: { today: string }) {
  const router = useRouter();
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);

  const submit = async (form: FormData) => {
    setBusy(true);
    setErrors({});
    setMessage(null);
    try {
      const created = await api<{ jurisdiction: string; rateLabel: string; effectiveOn: string }>("/api/admin/tax-rates", {
        method: "POST",
        body: {
          state: String(form.get("state") ?? "")
            .trim()
            .toUpperCase(),
          zipPrefix: String(form.get("zipPrefix") ?? "").trim(),
          rate: String(form.get("rate") ?? "").trim(),
          taxesFees: form.get("taxesFees") === "on",
          effectiveOn: String(form.get("effectiveOn") ?? ""),
          reason: String(form.get("reason") ?? "").trim() || undefined,
        },
      });
      setMessage(`Added ${created.rateLabel} for ${created.jurisdiction} from ${created.effectiveOn}.`);
      router.refresh();
    } catch (e) {
      if (e instanceof ApiClientError) {
        setErrors(e.errors);
        if (!Object.keys(e.errors).length) setMessage(e.message);
      } else setMessage(SERVER_FAILURE);
    } finally {
      setBusy(false);
    }
  };

  const field = (name: string, label: string, input: React.ReactNode) => (
    <label htmlFor={`${id}-${name}`}>
      {label}
      {input}
      {errors[name] && (
        <span className={styles.error} id={`${id}-${name}-error`}>
          {errors[name]}
        </span>
      )}
    </label>
  );
  const described = (name: string) => (errors[name] ? { "aria-invalid": true, "aria-describedby": `${id}-${name}-error` } : {});

  return (
    <form className={`${styles.card} ${styles.form} ${styles.taxForm}`} action={submit} aria-label="Add a tax rate">
      <h2 className={styles.formTitle}>Add a rate</h2>
      <div className={styles.taxFields}>
        {field("state", "State", <input id={`${id}-state`} name="state" required maxLength={2} autoComplete="off" placeholder="CA" {...described("state")} />)}
        {field(
          "zipPrefix",
          "ZIP prefix (empty: whole state)",
          <input id={`${id}-zipPrefix`} name="zipPrefix" inputMode="numeric" maxLength={5} autoComplete="off" placeholder="941" {...described("zipPrefix")} />,
        )}
        {field("rate", "Rate (%)", <input id={`${id}-rate`} name="rate" inputMode="decimal" required autoComplete="off" placeholder="8.625" {...described("rate")} />)}
        {field("effectiveOn", "From", <input id={`${id}-effectiveOn`} name="effectiveOn" type="date" required defaultValue={today} {...described("effectiveOn")} />)}
      </div>
      <label htmlFor={`${id}-fees`} className={styles.check}>
        <input id={`${id}-fees`} name="taxesFees" type="checkbox" />
        Tax the delivery, priority and service fees too
      </label>
      {field("reason", "Why? (kept in the audit log, optional)", <input id={`${id}-reason`} name="reason" maxLength={500} {...described("reason")} />)}
      {message && (
        <p className={Object.keys(errors).length || !message.startsWith("Added") ? styles.error : styles.meta} role="status">
          {message}
        </p>
      )}
      <div className={styles.actions}>
        <button type="submit" className={buttonClass({ size: "small" })} disabled={busy}>
          {busy ? "Adding…" : "Add rate"}
        </button>
      </div>
    </form>
  );
}
