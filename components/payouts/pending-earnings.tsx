import type { PendingEarningJson } from "@/lib/server/payouts/lifecycle";
import { formatShortDateTime } from "@/lib/shared/format-date";
import { formatCents } from "@/lib/shared/money";
import styles from "./payouts.module.css";

/**
 * The delivered orders' earnings still pending: each becomes available for payout when
 * its problem report window has closed and no report on it is open (docs/architecture/ledger.md
 * "Payouts"); with what is never paid out (earned with promotional credit) and what a refund after
 * a payout left owing. Shared by the owner's payouts page and the courier's earnings.
 */
export function PendingEarnings({
  pending,
  timeZone,
  level = 2,
  promotional = 0,
  owed = 0,
}: {
  pending: PendingEarningJson[];
  timeZone?: string;
  level?: 2 | 3;
  /** Dollars earned on orders paid with promotional credit. */
  promotional?: number;
  /** Dollars a refund after a payout left owing. */
  owed?: number;
}) {
  const notes = (
    <>
      {owed > 0 && (
        <p className={styles.muted} data-testid="owed-earnings">
          Owed from a refund after a payout: <strong>{formatCents(Math.round(owed * 100))}</strong>, repaid from your next earnings before any payout
        </p>
      )}
      {promotional > 0 && (
        <p className={styles.muted} data-testid="promotional-earnings">
          Earned with promotional credit, never paid out: <strong>{formatCents(Math.round(promotional * 100))}</strong>
        </p>
      )}
    </>
  );
  if (!pending.length) return owed > 0 || promotional > 0 ? <div className={styles.pendingList}>{notes}</div> : null;
  const Heading = level === 2 ? "h2" : "h3";
  return (
    <section className={styles.pendingList} aria-labelledby="pending-earnings-heading">
      <Heading id="pending-earnings-heading" className={styles.pendingTitle}>
        Pending until the report window closes
      </Heading>
      <ul data-testid="pending-earnings">
        {pending.map((row) => (
          <li key={row.orderId}>
            <span>Order #{row.orderId}</span> <strong>{formatCents(Math.round(row.amount * 100))}</strong>{" "}
            <span className={styles.muted}>
              {row.openReport ? "held while its problem report is open" : `available from ${formatShortDateTime(row.availableAt, timeZone)}`}
            </span>
          </li>
        ))}
      </ul>
      {notes}
    </section>
  );
}
