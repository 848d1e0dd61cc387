"use client";
import { useState } from "react";
import { buttonClass } from "@/components/ui/button";
import { formatMoney } from "@/components/ui/format";
import { api } from "@/lib/client/api";
import { useApiAction } from "@/lib/client/use-api-action";
import { formatDateTime } from "@/lib/shared/time/format-date";
import type { ProblemJson } from "@/lib/server/problems/read";
import type { Locale } from "@/lib/i18n/locale";
import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/words/fill";
import styles from "./problems.module.css";

/** A report's words (the catalogue's orderflow.problems.summary). */
export type SummaryWords = Words<"orderflow">["problems"]["summary"];
type StatusWords = Words<"orderflow">["problems"]["status"];

// A problem report as its customer, the owner and operators read it (ProblemSummary), and the
// customer's view of one of theirs with its one appeal (ProblemStatus, order-problems.tsx).

/** One report: its status, lines, refund or decline, and the one appeal. */
export function ProblemSummary({ problem, words: w, locale }: { problem: ProblemJson; words: SummaryWords; locale: Locale }) {
  const reason = (key: string, label: string) => (w.reasons as Record<string, string>)[key] ?? label;
  return (
    <>
      <p className={styles.status}>
        <strong data-status={problem.status}>{w.status[problem.status] ?? problem.statusLabel}</strong>
        <span className={styles.muted}>{fill(w.reported, { time: formatDateTime(problem.createdAt, undefined, locale) })}</span>
      </p>
      {problem.chargeDispute && problem.chargeDispute !== "won" && (
        <p className={styles.disputed} data-charge-disputed="">
          {w.chargeDisputed}
        </p>
      )}
      <ul className={styles.reported}>
        {problem.late && <li>{fill(w.wholeOrder, { reason: w.reasons.late })}</li>}
        {!problem.late &&
          problem.lines.map((line) => (
            <li key={line.id}>
              {fill(w.line, { quantity: line.quantity, name: line.name, reason: reason(line.reason, line.reasonLabel) })}
              {line.note && fill(w.note, { note: line.note })}
              {(problem.status === "approved" || problem.status === "partially_approved") && line.approvedQuantity !== line.quantity && (
                <>{fill(w.approved, { count: line.approvedQuantity })}</>
              )}
            </li>
          ))}
      </ul>
      {problem.photo && (
        // eslint-disable-next-line @next/next/no-img-element -- a stored upload, already 256 px
        <img src={problem.photo} alt={w.photo} className={styles.thumb} width={96} height={96} />
      )}
      {problem.refund && (
        <p className={styles.refund}>
          {fill(problem.refund.to === "wallet" ? w.refundWallet : w.refundCard, { amount: formatMoney(problem.refund.amount, locale, problem.currency) })}
        </p>
      )}
      {problem.declineReason && <p>{fill(w.declined, { reason: problem.declineReason })}</p>}
      {problem.appealNote && <p className={styles.muted}>{fill(w.appeal, { note: problem.appealNote })}</p>}
    </>
  );
}

export function ProblemStatus({
  orderId,
  problem,
  onChange,
  words: w,
  locale,
}: {
  orderId: number;
  problem: ProblemJson;
  onChange: () => Promise<void>;
  words: { summary: SummaryWords; status: StatusWords };
  locale: Locale;
}) {
  const [appealing, setAppealing] = useState(false);
  const [note, setNote] = useState("");
  const send = useApiAction((body: { note: string }) => api(`/api/orders/${orderId}/problems/${problem.id}/appeal`, { method: "POST", body }), {
    onSuccess: async () => {
      setAppealing(false);
      await onChange();
    },
  });
  const error = send.message;
  const appeal = async (event: React.FormEvent) => {
    event.preventDefault();
    await send.run({ note });
  };
  return (
    <article className={styles.report} aria-label={fill(w.status.label, { id: problem.id })}>
      <ProblemSummary problem={problem} words={w.summary} locale={locale} />
      {problem.canAppeal &&
        (appealing ? (
          <form className={styles.form} onSubmit={appeal}>
            <label className={styles.wide}>
              {w.status.why}
              <textarea value={note} maxLength={500} rows={3} onChange={(event) => setNote(event.target.value)} />
            </label>
            {error && (
              <p role="alert" className={styles.error}>
                {error}
              </p>
            )}
            <button type="submit" className={buttonClass({ size: "small" })}>
              {w.status.send}
            </button>
          </form>
        ) : (
          <button type="button" className={buttonClass({ variant: "secondary", size: "small" })} onClick={() => setAppealing(true)}>
            {w.status.appeal}
          </button>
        ))}
    </article>
  );
}
