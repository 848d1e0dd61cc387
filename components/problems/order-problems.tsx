"use client";
import { useCallback, useEffect, useState } from "react";
import { useAlerts } from "@/components/providers/alerts-provider";
import { useSession } from "@/components/providers/session-provider";
import { buttonClass } from "@/components/ui/button";
import { formatMoney } from "@/components/ui/format";
import { api } from "@/lib/client/api";
import { useApiAction } from "@/lib/client/use-api-action";
import { formatDateTime } from "@/lib/shared/time/format-date";
import type { ProblemJson } from "@/lib/server/problems/read";
import { PROBLEM_LINE_REASONS, type ProblemLineReason } from "@/lib/shared/orders/problems";
import { MAX_PICTURE_BYTES, PICTURE_TYPES } from "@/lib/contract/common/picture-rules";
import type { Locale } from "@/lib/i18n/locale";
import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/words/fill";
import { ProblemStatus } from "./problem-summary";
import styles from "./problems.module.css";
import { TitledSection } from "@/components/ui/titled-section";

type Item = { orderItemId: number; name: string; unitPrice: number; quantity: number; reportable: number };
type OrderProblems = { problems: ProblemJson[]; canReport: boolean; reportableUntil: string | null; items: Item[] };
type Choice = { checked: boolean; quantity: number; reason: ProblemLineReason; note: string };

type ProblemWords = Words<"orderflow">["problems"];

const OPEN = new Set(["pending", "escalated", "appealed"]);
/** While a report is open its status is re-read this often (the bell also tells the customer). */
const POLL_MS = 10_000;

/**
 * "Something wrong with your order?" on a delivered order's page (docs/architecture/problem-reports.md):
 * the customer's reports and their status, kept fresh while one is open, and for 48 hours after
 * delivery the form: lines, quantities, a reason each, an optional photo, or the whole order late.
 */
export function OrderProblems({
  orderId,
  pickup = false,
  words: w,
  locale,
}: {
  orderId: number;
  pickup?: boolean;
  /** Its words (the catalogue's orderflow.problems) and the amounts' and times' language, from the server. */
  words: ProblemWords;
  locale: Locale;
}) {
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
    <TitledSection id="problems-title" title={w.title} className={styles.card} titleClassName={styles.title}>
      {data.problems.map((problem) => (
        <ProblemStatus key={problem.id} orderId={orderId} problem={problem} onChange={load} words={w} locale={locale} />
      ))}
      {data.canReport ? (
        <ReportForm orderId={orderId} items={data.items} until={data.reportableUntil!} onSent={load} pickup={pickup} w={w} locale={locale} />
      ) : (
        !anyOpen && data.reportableUntil && <p className={styles.muted}>{w.window}</p>
      )}
    </TitledSection>
  );
}

function ReportForm({
  orderId,
  items,
  until,
  onSent,
  pickup,
  w,
  locale,
}: {
  orderId: number;
  items: Item[];
  until: string;
  onSent: () => Promise<void>;
  /** A pickup order cannot be late: no whole-order choice. */
  pickup: boolean;
  w: ProblemWords;
  locale: Locale;
}) {
  const { show } = useAlerts();
  const { refresh } = useSession();
  const [open, setOpen] = useState(false);
  const [late, setLate] = useState(false);
  const [choices, setChoices] = useState<Record<number, Choice>>({});
  const [photo, setPhoto] = useState<File | null>(null);
  // The photo's size is checked here; the server's refusal comes from `report`.
  const [checked, setChecked] = useState<Record<string, string>>({});
  const report = useApiAction((form: FormData) => api<{ problem: ProblemJson }>(`/api/orders/${orderId}/problems`, { method: "POST", body: form }), {
    onSuccess: async ({ problem }) => {
      if (problem.refund) {
        void refresh();
        show(
          fill(w.refunded, { amount: formatMoney(problem.refund.amount, locale, problem.currency), to: problem.refund.to === "wallet" ? w.wallet : w.card }),
          "success",
        );
      } else show(w.thanks, "success");
      setOpen(false);
      await onSent();
    },
  });
  const { busy, message } = report;
  const errors = report.failure ? report.errors : checked;
  const reportable = items.filter((item) => item.reportable > 0);
  const choice = (item: Item): Choice => choices[item.orderItemId] ?? { checked: false, quantity: item.reportable, reason: "missing", note: "" };
  const change = (item: Item, patch: Partial<Choice>) => setChoices((all) => ({ ...all, [item.orderItemId]: { ...choice(item), ...patch } }));

  if (!open)
    return (
      <div className={styles.row}>
        <button type="button" className={buttonClass({ variant: "secondary" })} onClick={() => setOpen(true)}>
          {w.report}
        </button>
        <span className={styles.muted}>{fill(w.until, { time: formatDateTime(until, undefined, locale) })}</span>
      </div>
    );

  const chosen = reportable.filter((item) => choice(item).checked);
  const send = async (event: React.FormEvent) => {
    event.preventDefault();
    report.reset();
    setChecked({});
    if (photo && photo.size > MAX_PICTURE_BYTES) return setChecked({ photo: w.tooLarge });
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
    await report.run(form);
  };

  return (
    <form className={styles.form} onSubmit={send} noValidate>
      {!pickup && (
        <label className={styles.check}>
          <input type="checkbox" checked={late} onChange={(event) => setLate(event.target.checked)} /> {w.late}
        </label>
      )}
      {!late && (
        <fieldset className={styles.lines}>
          <legend>{w.which}</legend>
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
                    aria-label={fill(w.reportItem, { name: item.name })}
                  />
                  <span>
                    {item.name} <span className={styles.muted}>{fill(w.each, { price: formatMoney(item.unitPrice, locale) })}</span>
                  </span>
                </label>
                {current.checked && (
                  <div className={styles.details}>
                    <label>
                      {w.howMany}
                      <select
                        value={current.quantity}
                        onChange={(event) => change(item, { quantity: Number(event.target.value) })}
                        aria-label={fill(w.howManyOf, { name: item.name })}
                      >
                        {Array.from({ length: item.reportable }, (_, n) => n + 1).map((n) => (
                          <option key={n}>{n}</option>
                        ))}
                      </select>
                    </label>
                    <label>
                      {w.whatWrong}
                      <select
                        value={current.reason}
                        onChange={(event) => change(item, { reason: event.target.value as ProblemLineReason })}
                        aria-label={fill(w.whatWrongWith, { name: item.name })}
                      >
                        {PROBLEM_LINE_REASONS.map((reason) => (
                          <option key={reason} value={reason}>
                            {w.summary.reasons[reason]}
                          </option>
                        ))}
                      </select>
                    </label>
                    {(current.reason === "other" || current.note) && (
                      <label className={styles.wide}>
                        {w.more}
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
        {w.photo}
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
          {busy ? w.sending : w.send}
        </button>
        <button type="button" className={buttonClass({ variant: "ghost" })} onClick={() => setOpen(false)}>
          {w.cancel}
        </button>
      </div>
    </form>
  );
}
