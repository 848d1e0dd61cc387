import type { PendingEarningJson } from "@/lib/server/payouts/lifecycle";
import { formatShortDateTime } from "@/lib/shared/time/format-date";
import { centsOfAmount, formatCents } from "@/lib/shared/money/money";
import styles from "./payouts.module.css";
import { fill } from "@/lib/shared/words/fill";
import type { Locale } from "@/lib/i18n/locale";
import type { Words } from "@/lib/i18n/words";

/**
 * The delivered orders' earnings still pending: each becomes available for payout when
 * its problem report window has closed and no report on it is open (docs/architecture/payouts.md
 * "Payouts"); with what is never paid out (earned with promotional credit) and what a refund after
 * a payout left owing. Shared by the owner's payouts page and the courier's earnings.
 */
export function PendingEarnings({
  pending,
  timeZone,
  level = 2,
  promotional = 0,
  owed = 0,
  words,
  locale,
  currency,
}: {
  pending: PendingEarningJson[];
  timeZone?: string;
  level?: 2 | 3;
  /** Dollars earned on orders paid with promotional credit. */
  promotional?: number;
  /** Dollars a refund after a payout left owing. */
  owed?: number;
  /** Its words (the catalogue's kitchen.payouts.pending) and the amounts' and times' language, from the server. */
  words: Words<"kitchen">["payouts"]["pending"];
  locale?: Locale;
  /** The amounts' currency (a restaurant's market's); USD without. */
  currency?: string;
}) {
  const money = (dollars: number) => formatCents(centsOfAmount(dollars, currency ?? "USD"), { locale, currency });
  const notes = (
    <>
      {owed > 0 && (
        <p className={styles.muted} data-testid="owed-earnings">
          {words.owed} <strong>{money(owed)}</strong>
          {words.owedRest}
        </p>
      )}
      {promotional > 0 && (
        <p className={styles.muted} data-testid="promotional-earnings">
          {words.promotional} <strong>{money(promotional)}</strong>
        </p>
      )}
    </>
  );
  if (!pending.length) return owed > 0 || promotional > 0 ? <div className={styles.pendingList}>{notes}</div> : null;
  const Heading = level === 2 ? "h2" : "h3";
  return (
    <section className={styles.pendingList} aria-labelledby="pending-earnings-heading">
      <Heading id="pending-earnings-heading" className={styles.pendingTitle}>
        {words.heading}
      </Heading>
      <ul data-testid="pending-earnings">
        {pending.map((row) => (
          <li key={row.orderId}>
            <span>{fill(words.order, { id: row.orderId })}</span> <strong>{money(row.amount)}</strong>{" "}
            <span className={styles.muted}>
              {row.openReport ? words.held : fill(words.availableFrom, { time: formatShortDateTime(row.availableAt, timeZone, locale) })}
            </span>
          </li>
        ))}
      </ul>
      {notes}
    </section>
  );
}
