import type { Metadata } from "next";
import styles from "@/components/operators/operators.module.css";
import { OperatorTable, type OperatorColumn } from "@/components/operators/operator-table";
import { Pager } from "@/components/operators/pager";
import { pageQuery } from "@/components/operators/query";
import { TaxRateForm } from "@/components/operators/tax-rate-form";
import { requireOperatorPage } from "@/lib/server/web/page";
import { listTaxRates } from "@/lib/server/tax/rates";
import { taxReport } from "@/lib/server/tax/report";
import { marketDate } from "@/lib/shared/schedule";
import { taxRatesQuerySchema, taxReportQuerySchema } from "@/lib/validation/tax";

export const metadata: Metadata = { title: "Sales tax" };

const STATUS = { current: "In effect", scheduled: "Scheduled", replaced: "Replaced" } as const;
const dollars = (value: number) => `$${value.toFixed(2)}`;

type Rate = Awaited<ReturnType<typeof listTaxRates>>["items"][number];
const RATE_COLUMNS: OperatorColumn<Rate>[] = [
  { header: "Jurisdiction", cell: (rate) => rate.jurisdiction },
  { header: "Rate", cell: (rate) => rate.rateLabel },
  { header: "Fees taxed", cell: (rate) => (rate.taxesFees ? "Yes" : "No") },
  { header: "From", cell: (rate) => rate.effectiveOn },
  { header: "Status", cell: (rate) => STATUS[rate.status] },
];
type ReportRow = Omit<Awaited<ReturnType<typeof taxReport>>["rows"][number], "jurisdiction"> & { jurisdiction: string };
const REPORT_COLUMNS: OperatorColumn<ReportRow>[] = [
  { header: "Jurisdiction", cell: (row) => row.jurisdiction, rowHeader: true },
  { header: "Orders", cell: (row) => row.orders },
  { header: "Taxable sales", cell: (row) => dollars(row.taxableSales) },
  { header: "Collected", cell: (row) => dollars(row.collected) },
  { header: "Refunded", cell: (row) => dollars(row.refunded) },
  { header: "Net", cell: (row) => dollars(row.net) },
];

/**
 * Sales tax: the rates by jurisdiction (a page; history kept), the form adding
 * one, and the report of the tax collected and refunded per jurisdiction over a period, with its CSV.
 */
export default async function OperatorTaxPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
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
      <OperatorTable
        columns={RATE_COLUMNS}
        rows={items}
        rowKey={(rate) => rate.id}
        rowData={(rate) => ({ "data-tax-rate": rate.id })}
        empty="No tax rates yet: orders are charged no sales tax."
      />
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
      <OperatorTable
        columns={REPORT_COLUMNS}
        rows={report.rows.length ? [...report.rows, { jurisdiction: "Total", ...report.total }] : []}
        rowKey={(row) => row.jurisdiction}
        empty={`No tax collected or refunded from ${range.from} to ${range.to}.`}
      />
    </>
  );
}
