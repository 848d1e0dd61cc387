import { EmptyState } from "@/components/ui/empty-state";
import { formatCents } from "@/lib/shared/money";
import { CATEGORY_LABELS, statementSummary, statementTime, type MonthlyStatement } from "@/lib/server/receipts/statement";
import styles from "./receipts.module.css";

/**
 * A restaurant's month (/restaurants/{id}/statements): the summary from the opening to the
 * closing balance, as the PDF prints it, then each line of its account with the balance after it;
 * a month without any, the empty state (the balances still shown).
 */
export function StatementView({ statement }: { statement: MonthlyStatement }) {
  return (
    <>
      <section className={`${styles.paper} ${styles.summary}`} aria-labelledby="statement-summary">
        <h2 id="statement-summary" className={styles.heading}>
          {statement.monthLabel}
        </h2>
        <dl className={styles.rows}>
          {statementSummary(statement).map((row) => (
            <div key={row.label} className={`${styles.row} ${row.part ? styles.part : ""} ${row.total ? styles.total : ""}`}>
              <dt>{row.label}</dt>
              <dd>{formatCents(row.cents)}</dd>
            </div>
          ))}
        </dl>
        <p className={styles.muted}>
          Sales tax collected on these orders: {formatCents(statement.totals.taxCents)}. Nosh remits it to the state; it is not in your balance.
        </p>
      </section>
      <section className={`${styles.paper} ${styles.wide}`} aria-labelledby="statement-activity">
        <h2 id="statement-activity" className={styles.heading}>
          Activity
        </h2>
        {statement.lines.length === 0 ? (
          <EmptyState icon="receipt" title={`No activity in ${statement.monthLabel}`}>
            Delivered orders, refunds, tips and payouts of the month show here once there are any.
          </EmptyState>
        ) : (
          <table className={styles.activity}>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Type</th>
                <th scope="col">Description</th>
                <th scope="col" className={styles.amount}>
                  Amount
                </th>
                <th scope="col" className={styles.amount}>
                  Balance
                </th>
              </tr>
            </thead>
            <tbody>
              {statement.lines.map((line, index) => (
                <tr key={index}>
                  <td>{statementTime(statement, line.at)}</td>
                  <td>{CATEGORY_LABELS[line.category]}</td>
                  <td className={styles.description}>{line.description}</td>
                  <td className={styles.amount}>{formatCents(line.amountCents)}</td>
                  <td className={`${styles.amount} ${styles.balance} ${styles.muted}`}>
                    <span className={styles.balanceLabel}>Balance </span>
                    {formatCents(line.balanceCents)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </>
  );
}
