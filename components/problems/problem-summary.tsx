"use client";
import { useState } from "react";
import { buttonClass } from "@/components/ui/button";
import { formatMoney } from "@/components/ui/format";
import { api, ApiClientError, SERVER_FAILURE } from "@/lib/client/api";
import { formatDateTime } from "@/lib/shared/format-date";
import type { ProblemJson } from "@/lib/server/problems/read";
import { PROBLEM_REASON_LABELS } from "@/lib/shared/problems";
import styles from "./problems.module.css";

// A problem report as its customer, the owner and operators read it (ProblemSummary), and the
// customer's view of one of theirs with its one appeal (ProblemStatus, order-problems.tsx).

/** One report: its status, lines, refund or decline, and the one appeal. */
export function ProblemSummary({ problem }: { problem: ProblemJson }) {
  return (
    <>
      <p className={styles.status}>
        <strong data-status={problem.status}>{problem.statusLabel}</strong>
        <span className={styles.muted}> · reported {formatDateTime(problem.createdAt)}</span>
      </p>
      <ul className={styles.reported}>
        {problem.late && <li>{PROBLEM_REASON_LABELS.late}: the whole order</li>}
        {!problem.late &&
          problem.lines.map((line) => (
            <li key={line.id}>
              {line.quantity} × {line.name}: {line.reasonLabel}
              {line.note && <> (“{line.note}”)</>}
              {(problem.status === "approved" || problem.status === "partially_approved") && line.approvedQuantity !== line.quantity && (
                <> · {line.approvedQuantity} approved</>
              )}
            </li>
          ))}
      </ul>
      {problem.photo && (
        // eslint-disable-next-line @next/next/no-img-element -- a stored upload, already 256 px
        <img src={problem.photo} alt="The photo sent with the report" className={styles.thumb} width={96} height={96} />
      )}
      {problem.refund && (
        <p className={styles.refund}>
          {formatMoney(problem.refund.amount)} refunded to {problem.refund.to === "wallet" ? "the wallet" : "the card"}
        </p>
      )}
      {problem.declineReason && <p>Declined: “{problem.declineReason}”</p>}
      {problem.appealNote && <p className={styles.muted}>Appeal: “{problem.appealNote}”</p>}
    </>
  );
}

export function ProblemStatus({ orderId, problem, onChange }: { orderId: number; problem: ProblemJson; onChange: () => Promise<void> }) {
  const [appealing, setAppealing] = useState(false);
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | null>(null);
  const appeal = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      await api(`/api/orders/${orderId}/problems/${problem.id}/appeal`, { method: "POST", body: { note } });
      setAppealing(false);
      await onChange();
    } catch (failure) {
      setError(failure instanceof ApiClientError ? failure.message : SERVER_FAILURE);
    }
  };
  return (
    <article className={styles.report} aria-label={`Problem report ${problem.id}`}>
      <ProblemSummary problem={problem} />
      {problem.canAppeal &&
        (appealing ? (
          <form className={styles.form} onSubmit={appeal}>
            <label className={styles.wide}>
              Why is the decision wrong?
              <textarea value={note} maxLength={500} rows={3} onChange={(event) => setNote(event.target.value)} />
            </label>
            {error && (
              <p role="alert" className={styles.error}>
                {error}
              </p>
            )}
            <button type="submit" className={buttonClass({ size: "small" })}>
              Send appeal to Nosh support
            </button>
          </form>
        ) : (
          <button type="button" className={buttonClass({ variant: "secondary", size: "small" })} onClick={() => setAppealing(true)}>
            Appeal this decision
          </button>
        ))}
    </article>
  );
}
