"use client";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { useAlerts } from "@/components/providers/alerts-provider";
import { buttonClass } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { api, ApiClientError, SERVER_FAILURE } from "@/lib/client/api";
import { formatCents } from "@/lib/shared/money";
import { formatTimeOrDay } from "@/lib/shared/format-date";
import styles from "./raise-tip.module.css";

/**
 * "Raise the tip" on a delivered order's page, for an hour after delivery (issue 62 item 6,
 * POST /api/orders/{id}/tip): the new tip, more than the current one; the difference goes to the
 * courier, from the wallet or the card the order was paid with. The server decides; its refusal
 * (lower, too late, above the ceiling, a declined card) is shown under the field.
 */
export function RaiseTip({ orderId, tipCents, until, timeZone, now }: { orderId: number; tipCents: number; until: string; timeZone: string; now: number }) {
  const router = useRouter();
  const { show } = useAlerts();
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      await api(`/api/orders/${orderId}/tip`, { method: "POST", body: { tip: value } });
      show("Thanks! Your courier gets the whole raise.", "success");
      setOpen(false);
      router.refresh();
    } catch (failure) {
      if (failure instanceof ApiClientError) setError(failure.errors.tip ?? failure.message);
      else show(SERVER_FAILURE, "error");
    } finally {
      setBusy(false);
    }
  };

  if (!open)
    return (
      <div className={styles.raise}>
        <button type="button" className={buttonClass({ variant: "secondary", size: "small" })} onClick={() => setOpen(true)}>
          Raise the tip
        </button>
        <span className={styles.until}>Until {formatTimeOrDay(until, timeZone, now)}</span>
      </div>
    );
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <TextField
        label="New tip ($)"
        inputMode="decimal"
        value={value}
        onChange={(event) => setValue(event.target.value)}
        hint={`More than ${formatCents(tipCents)}`}
        error={error}
        required
      />
      <div className={styles.buttons}>
        <button type="submit" className={buttonClass({ size: "small" })} disabled={busy}>
          Raise the tip
        </button>
        <button type="button" className={buttonClass({ variant: "ghost", size: "small" })} onClick={() => setOpen(false)}>
          Not now
        </button>
      </div>
    </form>
  );
}
