"use client";
import { useCallback, useEffect, useState } from "react";
import { useAlerts } from "@/components/providers/alerts-provider";
import { useSession } from "@/components/providers/session-provider";
import { buttonClass } from "@/components/ui/button";
import { formatMoney } from "@/components/ui/format";
import { api, ApiClientError, SERVER_FAILURE } from "@/lib/client/api";
import { formatDateTime } from "@/lib/shared/format-date";
import type { ProblemJson } from "@/lib/server/problems/read";
import { PROBLEM_LINE_REASONS, PROBLEM_REASON_LABELS, type ProblemLineReason } from "@/lib/shared/problems";
import { MAX_PICTURE_BYTES, PICTURE_MESSAGES, PICTURE_TYPES } from "@/lib/validation/picture";
import { ProblemStatus } from "./problem-summary";
import styles from "./problems.module.css";

type Item = { orderItemId: number; name: string; unitPrice: number; quantity: number; reportable: number };
type OrderProblems = { problems: ProblemJson[]; canReport: boolean; reportableUntil: string | null; items: Item[] };
type Choice = { checked: boolean; quantity: number; reason: ProblemLineReason; note: string };

const OPEN = new Set(["pending", "escalated", "appealed"]);
/** While a report is open its status is re-read this often (the bell also tells the customer). */
const POLL_MS = 10_000;

/**
 * "Something wrong with your order?" on a delivered order's page (docs/architecture/problem-reports.md):
 * the customer's reports and their status, kept fresh while one is open, and for 48 hours after
 * delivery the form: lines, quantities, a reason each, an optional photo, or the whole order late.
 */
export function OrderProblems({ orderId, pickup = false }: { orderId: number; pickup?: boolean }) {
  const [data, setData] = useState<OrderProblems | null>(null);
  const load = useCallback(() => api<OrderProblems>(`/api/orders/${orderId}/problems`).then(setData, () => undefined), [orderId]);
  useEffect(() => {
    void load();
  }, [load]);
  const anyOpen = data?.problems.some((problem) => OPEN.has(problem.status)) ?? false;
  useEffect(() => {
    if (!anyOpen) return;
    const timer = setInterval(() => void load(), POLL_MS);
    return () => clearInterval(timer);
  }, [anyOpen, load]);

  if (!data || (!data.reportableUntil && !data.problems.length)) return null;
  return (
    <section className={styles.card} aria-labelledby="problems-title">
      <h2 id="problems-title" className={styles.title}>
        Something wrong with your order?
      </h2>
      {data.problems.map((problem) => (
        <ProblemStatus key={problem.id} orderId={orderId} problem={problem} onChange={load} />
      ))}
      {data.canReport ? (
        <ReportForm orderId={orderId} items={data.items} until={data.reportableUntil!} onSent={load} pickup={pickup} />
      ) : (
        !anyOpen && data.reportableUntil && <p className={styles.muted}>Problems can be reported up to 48 hours after delivery.</p>
      )}
    </section>
  );
}

function ReportForm({
  orderId,
  items,
  until,
  onSent,
  pickup,
}: {
  orderId: number;
  items: Item[];
  until: string;
  onSent: () => Promise<void>;
  /** A pickup order cannot be late: no whole-order choice. */
  pickup: boolean;
}) {
  const { show } = useAlerts();
  const { refresh } = useSession();
  const [open, setOpen] = useState(false);
  const [late, setLate] = useState(false);
  const [choices, setChoices] = useState<Record<number, Choice>>({});
  const [photo, setPhoto] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const reportable = items.filter((item) => item.reportable > 0);
  const choice = (item: Item): Choice => choices[item.orderItemId] ?? { checked: false, quantity: item.reportable, reason: "missing", note: "" };
  const change = (item: Item, patch: Partial<Choice>) => setChoices((all) => ({ ...all, [item.orderItemId]: { ...choice(item), ...patch } }));

  if (!open)
    return (
      <div className={styles.row}>
        <button type="button" className={buttonClass({ variant: "secondary" })} onClick={() => setOpen(true)}>
          Report a problem
        </button>
        <span className={styles.muted}>Until {formatDateTime(until)}</span>
      </div>
    );

  const chosen = reportable.filter((item) => choice(item).checked);
  const send = async (event: React.FormEvent) => {
    event.preventDefault();
    setErrors({});
    setMessage(null);
    if (photo && photo.size > MAX_PICTURE_BYTES) return setErrors({ photo: PICTURE_MESSAGES.tooLarge });
    const body = late
      ? { reason: "late" }
      : {
          lines: chosen.map((item) => {
            const { quantity, reason, note } = choice(item);
            return { orderItemId: item.orderItemId, quantity, reason, ...(note.trim() ? { note: note.trim() } : {}) };
          }),
        };
    const form = new FormData();
    form.set("data", JSON.stringify(body));
    if (photo) form.set("photo", photo);
    setBusy(true);
    try {
      const { problem } = await api<{ problem: ProblemJson }>(`/api/orders/${orderId}/problems`, { method: "POST", body: form });
      if (problem.refund) {
        void refresh();
        show(`${formatMoney(problem.refund.amount)} was refunded to your ${problem.refund.to}.`, "success");
      } else show("Thanks: the restaurant will look at your report within 24 hours.", "success");
      setOpen(false);
      await onSent();
    } catch (failure) {
      if (failure instanceof ApiClientError) {
        setErrors(failure.errors ?? {});
        setMessage(failure.message);
      } else setMessage(SERVER_FAILURE);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={send} noValidate>
      {!pickup && (
        <label className={styles.check}>
          <input type="checkbox" checked={late} onChange={(event) => setLate(event.target.checked)} /> The whole order was late or never arrived
        </label>
      )}
      {!late && (
        <fieldset className={styles.lines}>
          <legend>Which items?</legend>
          {reportable.map((item, index) => {
            const current = choice(item);
            const at = chosen.indexOf(item);
            const error = (field: string) => (at >= 0 ? errors[`lines.${at}.${field}`] : undefined);
            return (
              <div key={item.orderItemId} className={styles.line}>
                <label className={styles.check}>
                  <input
                    type="checkbox"
                    checked={current.checked}
                    onChange={(event) => change(item, { checked: event.target.checked })}
                    aria-label={`Report ${item.name}`}
                  />
                  <span>
                    {item.name} <span className={styles.muted}>· {formatMoney(item.unitPrice)} each</span>
                  </span>
                </label>
                {current.checked && (
                  <div className={styles.details}>
                    <label>
                      How many
                      <select value={current.quantity} onChange={(event) => change(item, { quantity: Number(event.target.value) })} aria-label={`How many ${item.name}`}>
                        {Array.from({ length: item.reportable }, (_, n) => n + 1).map((n) => (
                          <option key={n}>{n}</option>
                        ))}
                      </select>
                    </label>
                    <label>
                      What was wrong
                      <select
                        value={current.reason}
                        onChange={(event) => change(item, { reason: event.target.value as ProblemLineReason })}
                        aria-label={`What was wrong with ${item.name}`}
                      >
                        {PROBLEM_LINE_REASONS.map((reason) => (
                          <option key={reason} value={reason}>
                            {PROBLEM_REASON_LABELS[reason]}
                          </option>
                        ))}
                      </select>
                    </label>
                    {(current.reason === "other" || current.note) && (
                      <label className={styles.wide}>
                        Tell us more
                        <input
                          value={current.note}
                          maxLength={500}
                          onChange={(event) => change(item, { note: event.target.value })}
                          aria-invalid={Boolean(error("note"))}
                        />
                      </label>
                    )}
                    {(error("quantity") || error("note") || error("orderItemId")) && (
                      <p role="alert" className={styles.error} data-line={index}>
                        {error("quantity") ?? error("note") ?? error("orderItemId")}
                      </p>
                    )}
                  </div>
                )}
              </div>
            );
          })}
        </fieldset>
      )}
      <label className={styles.photo}>
        Add a photo (optional)
        <input type="file" accept={PICTURE_TYPES.join(",")} onChange={(event) => setPhoto(event.target.files?.[0] ?? null)} />
      </label>
      {errors.photo && (
        <p role="alert" className={styles.error}>
          {errors.photo}
        </p>
      )}
      {message && !errors.photo && (
        <p role="alert" className={styles.error}>
          {message}
        </p>
      )}
      <div className={styles.row}>
        <button type="submit" className={buttonClass()} disabled={busy || (!late && !chosen.length)}>
          {busy ? "Sending…" : "Send report"}
        </button>
        <button type="button" className={buttonClass({ variant: "ghost" })} onClick={() => setOpen(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}
