import type { PendingEarningJson } from "@/lib/server/ledger/payouts";
import { formatShortDateTime } from "@/lib/shared/format-date";
import { formatCents } from "@/lib/shared/money";
import styles from "./payouts.module.css";

/**
 * The delivered orders' earnings still pending (issue 49): each becomes available for payout when
 * its problem report window has closed (docs/architecture/ledger.md "Payouts"). Shared by the
 * owner's payouts page and the courier's earnings.
 */
export function PendingEarnings({ pending, timeZone, level = 2 }: { pending: PendingEarningJson[]; timeZone?: string; level?: 2 | 3 }) {
  if (!pending.length) return null;
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
            <span className={styles.muted}>available from {formatShortDateTime(row.availableAt, timeZone)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
