import type { Metadata } from "next";
import styles from "@/components/admin/admin.module.css";
import { Pager } from "@/components/admin/pager";
import { pageQuery } from "@/components/admin/query";
import { TaxRateForm } from "@/components/admin/tax-rate-form";
import { requireOperatorPage } from "@/lib/server/operators/access";
import { listTaxRates } from "@/lib/server/tax/rates";
import { taxReport } from "@/lib/server/tax/report";
import { marketDate } from "@/lib/shared/schedule";
import { taxRatesQuerySchema, taxReportQuerySchema } from "@/lib/validation/tax";

export const metadata: Metadata = { title: "Sales tax" };

const STATUS = { current: "In effect", scheduled: "Scheduled", replaced: "Replaced" } as const;
const dollars = (value: number) => `$${value.toFixed(2)}`;

/**
 * Sales tax (issue 59 item 6): the rates by jurisdiction (a page; history kept), the form adding
 * one, and the report of the tax collected and refunded per jurisdiction over a period, with its CSV.
 */
export default async function AdminTaxPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const operator = await requireOperatorPage();
  const search = await searchParams;
  const query = pageQuery(taxRatesQuerySchema, search);
  const today = marketDate();
  const period = taxReportQuerySchema.safeParse({ from: search.from, to: search.to });
  const range = period.success ? period.data : { from: `${today.slice(0, 8)}01`, to: today };
  const [{ items, nextOffset }, report] = await Promise.all([listTaxRates(operator, query), taxReport(operator, range)]);
  return (
    <>
      <h1>Sales tax</h1>
      <p className={styles.intro}>
        Rates by state and ZIP prefix: an order is taxed at the rate of its restaurant&apos;s address (the longest matching prefix, in effect on the day). A new rate
        replaces the old from its day on; the old stays as history. Collected tax is held in the ledger&apos;s tax payable account, apart from the service fee.
      </p>
      <TaxRateForm today={today} />
      <h2>Rates</h2>
      {items.length === 0 ? (
        <p className={styles.empty}>No tax rates yet: orders are charged no sales tax.</p>
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Jurisdiction</th>
                <th scope="col">Rate</th>
                <th scope="col">Fees taxed</th>
                <th scope="col">From</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {items.map((rate) => (
                <tr key={rate.id} data-tax-rate={rate.id}>
                  <td>{rate.jurisdiction}</td>
                  <td>{rate.rateLabel}</td>
                  <td>{rate.taxesFees ? "Yes" : "No"}</td>
                  <td>{rate.effectiveOn}</td>
                  <td>{STATUS[rate.status]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager path="/admin/tax" params={{ state: query.state, from: range.from, to: range.to }} offset={query.offset} limit={query.limit} nextOffset={nextOffset} />

      <h2>Report</h2>
      <form className={styles.filters} action="/admin/tax" aria-label="Report period">
        <label>
          From
          <input type="date" name="from" defaultValue={range.from} required />
        </label>
        <label>
          To
          <input type="date" name="to" defaultValue={range.to} required />
        </label>
        <button type="submit" className={styles.filterButton}>
          Show
        </button>
        <a className={styles.filterButton} href={`/api/admin/tax-report.csv?from=${range.from}&to=${range.to}`} download>
          Download CSV
        </a>
      </form>
      {report.rows.length === 0 ? (
        <p className={styles.empty}>
          No tax collected or refunded from {range.from} to {range.to}.
        </p>
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Jurisdiction</th>
                <th scope="col">Orders</th>
                <th scope="col">Taxable sales</th>
                <th scope="col">Collected</th>
                <th scope="col">Refunded</th>
                <th scope="col">Net</th>
              </tr>
            </thead>
            <tbody>
              {[...report.rows, { jurisdiction: "Total", ...report.total }].map((row) => (
                <tr key={row.jurisdiction}>
                  <th scope="row">{row.jurisdiction}</th>
                  <td>{row.orders}</td>
                  <td>{dollars(row.taxableSales)}</td>
                  <td>{dollars(row.collected)}</td>
                  <td>{dollars(row.refunded)}</td>
                  <td>{dollars(row.net)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
