import { EmptyState } from "@/components/ui/empty-state";
import { formatCents } from "@/lib/shared/money/money";
import { statementSummary, type MonthlyStatement } from "@/lib/server/receipts/statement";
import { getT, requestLocale } from "@/lib/i18n/translate";
import { formatDateTime } from "@/lib/shared/time/format-date";
import styles from "./receipts.module.css";

/**
 * A restaurant's month (/restaurants/{id}/statements): the summary from the opening to the
 * closing balance, as the PDF prints it, then each line of its account with the balance after it;
 * a month without any, the empty state (the balances still shown).
 */
export async function StatementView({ statement, monthLabel }: { statement: MonthlyStatement; /** The month in the reader's language. */ monthLabel: string }) {
  const [t, locale] = await Promise.all([getT("kitchen"), requestLocale()]);
  const money = (cents: number) => formatCents(cents, { locale, currency: statement.currency });
  // The summary's rows as the PDF prints them, worded in the statement's language (the request's: the page asks monthlyStatement in it).
  const rows = statementSummary(statement);
  return (
    <>
      <section className={`${styles.paper} ${styles.summary}`} aria-labelledby="statement-summary">
        <h2 id="statement-summary" className={styles.heading}>
          {monthLabel}
        </h2>
        <dl className={styles.rows}>
          {rows.map((row) => (
            <div key={row.label} className={`${styles.row} ${row.part ? styles.part : ""} ${row.total ? styles.total : ""}`}>
              <dt>{row.label}</dt>
              <dd>{money(row.cents)}</dd>
            </div>
          ))}
        </dl>
        <p className={styles.muted}>{t("statement.tax", { amount: money(statement.totals.taxCents) })}</p>
      </section>
      <section className={`${styles.paper} ${styles.wide}`} aria-labelledby="statement-activity">
        <h2 id="statement-activity" className={styles.heading}>
          {t("statement.activity")}
        </h2>
        {statement.lines.length === 0 ? (
          <EmptyState icon="receipt" title={t("statement.empty", { month: monthLabel })}>
            {t("statement.emptyText")}
          </EmptyState>
        ) : (
          <table className={styles.activity}>
            <thead>
              <tr>
                <th scope="col">{t("statement.date")}</th>
                <th scope="col">{t("statement.type")}</th>
                <th scope="col">{t("statement.description")}</th>
                <th scope="col" className={styles.amount}>
                  {t("statement.amount")}
                </th>
                <th scope="col" className={styles.amount}>
                  {t("statement.balance")}
                </th>
              </tr>
            </thead>
            <tbody>
              {statement.lines.map((line, index) => (
                <tr key={index}>
                  <td>{formatDateTime(line.at, statement.timeZone, locale)}</td>
                  <td>{t(`statement.categories.${line.category}`)}</td>
                  <td className={styles.description}>{line.description}</td>
                  <td className={styles.amount}>{money(line.amountCents)}</td>
                  <td className={`${styles.amount} ${styles.balance} ${styles.muted}`}>
                    <span className={styles.balanceLabel}>{t("statement.balance")} </span>
                    {money(line.balanceCents)}
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
