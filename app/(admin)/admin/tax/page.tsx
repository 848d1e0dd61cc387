import type { Metadata } from "next";
import styles from "@/components/operators/operators.module.css";
import { OperatorTable, type OperatorColumn } from "@/components/operators/operator-table";
import { PeriodForm } from "@/components/operators/period-form";
import { Pager } from "@/components/operators/pager";
import { pageQuery } from "@/components/operators/query";
import { TaxRateForm } from "@/components/operators/tax-rate-form";
import { requireOperatorPage } from "@/lib/server/web/page";
import { listTaxRates } from "@/lib/server/tax/rates";
import { taxReport } from "@/lib/server/tax/report";
import { marketDate } from "@/lib/shared/time/schedule";
import { formatRate } from "@/lib/shared/money/tax";
import { taxRatesQuerySchema, taxReportQuerySchema } from "@/lib/contract/tax/rules";

import type { Words } from "@/lib/i18n/words";
import { getT, getWords, requestLocale } from "@/lib/i18n/translate";
import { formatDay } from "@/lib/shared/time/format-date";
import { formatCents } from "@/lib/shared/money/money";
import type { Locale } from "@/lib/i18n/locale";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("admin"))("tax.title") };
}

type Rate = Awaited<ReturnType<typeof listTaxRates>>["items"][number];
type TaxWords = Words<"admin">["tax"];
const rateColumns = (words: TaxWords, locale: Locale): OperatorColumn<Rate>[] => [
  { header: words.jurisdiction, cell: (rate) => rate.jurisdiction },
  { header: words.rate, cell: (rate) => formatRate(Math.round(rate.rate * 1000), locale) },
  { header: words.feesTaxed, cell: (rate) => (rate.taxesFees ? words.yes : words.no) },
  { header: words.from, cell: (rate) => formatDay(rate.effectiveOn, locale) },
  { header: words.statusHeader, cell: (rate) => words.status[rate.status] },
];
type ReportRow = Omit<Awaited<ReturnType<typeof taxReport>>["rows"][number], "jurisdiction"> & { jurisdiction: string };
const reportColumns = (words: TaxWords, locale: Locale): OperatorColumn<ReportRow>[] => {
  // English's "$25.00" as it always was; another language's its own way ("25,00 US$").
  const dollars = (value: number) => (locale === "en" ? `$${value.toFixed(2)}` : formatCents(Math.round(value * 100), { locale }));
  return [
    { header: words.jurisdiction, cell: (row) => row.jurisdiction, rowHeader: true },
    { header: words.orders, cell: (row) => row.orders },
    { header: words.taxableSales, cell: (row) => dollars(row.taxableSales) },
    { header: words.collected, cell: (row) => dollars(row.collected) },
    { header: words.refunded, cell: (row) => dollars(row.refunded) },
    { header: words.net, cell: (row) => dollars(row.net) },
  ];
};

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
  const [{ items, nextOffset }, report, t, { tax: words, shell }, locale] = await Promise.all([
    listTaxRates(operator, query),
    taxReport(operator, range),
    getT("admin"),
    getWords("admin"),
    requestLocale(),
  ]);
  return (
    <>
      <h1>{words.title}</h1>
      <p className={styles.intro}>{words.intro}</p>
      <TaxRateForm today={today} words={words.form} />
      <h2>{words.rates}</h2>
      <OperatorTable
        columns={rateColumns(words, locale)}
        rows={items}
        rowKey={(rate) => rate.id}
        rowData={(rate) => ({ "data-tax-rate": rate.id })}
        empty={words.noRates}
      />
      <Pager
        path="/admin/tax"
        params={{ state: query.state, from: range.from, to: range.to }}
        offset={query.offset}
        limit={query.limit}
        nextOffset={nextOffset}
        words={shell}
      />

      <h2>{words.report}</h2>
      <PeriodForm
        action="/admin/tax"
        label={words.reportPeriod}
        range={range}
        words={words}
        after={
          <a className={styles.filterButton} href={`/api/admin/tax-report.csv?from=${range.from}&to=${range.to}`} download>
            {words.csv}
          </a>
        }
      />
      <OperatorTable
        columns={reportColumns(words, locale)}
        rows={report.rows.length ? [...report.rows, { jurisdiction: words.total, ...report.total }] : []}
        rowKey={(row) => row.jurisdiction}
        empty={t("tax.noReport", { from: formatDay(range.from, locale), to: formatDay(range.to, locale) })}
      />
    </>
  );
}
