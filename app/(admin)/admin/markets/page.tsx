import type { Metadata } from "next";
import styles from "@/components/operators/operators.module.css";
import { OperatorTable, type OperatorColumn } from "@/components/operators/operator-table";
import { MoveRestaurantForm, OpenMarketForm } from "@/components/operators/market-forms";
import { requireOperatorPage } from "@/lib/server/web/page";
import { listMarkets, type MarketJson } from "@/lib/server/markets/markets";
import { marketReport } from "@/lib/server/markets/report";
import { LOCALES } from "@/lib/i18n/locale";
import { CURRENCY_CODES, minorPerMajor } from "@/lib/shared/currency";
import { formatCents } from "@/lib/shared/money";
import { marketDate } from "@/lib/shared/schedule";
import { marketReportQuerySchema } from "@/lib/validation/markets";

export const metadata: Metadata = { title: "Markets" };

const COLUMNS: OperatorColumn<MarketJson>[] = [
  { header: "Market", cell: (market) => `${market.name} (${market.code})`, rowHeader: true },
  { header: "Id", cell: (market) => market.id },
  { header: "Currency", cell: (market) => market.currency },
  { header: "Time zone", cell: (market) => market.timeZone },
  { header: "Distances", cell: (market) => market.distanceUnit },
  { header: "Languages", cell: (market) => market.languages.join(", ") },
  { header: "Tax", cell: (market) => (market.taxSetup === "sales_tax" ? "Sales tax rates" : "None") },
  { header: "Restaurants", cell: (market) => market.restaurants },
];

/**
 * Markets (docs/architecture/languages.md "Markets and currencies"): every market with its currency,
 * the money report of one over a period in its own currency, and the forms opening a market and
 * moving a restaurant into one.
 */
export default async function OperatorMarketsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const operator = await requireOperatorPage();
  const search = await searchParams;
  const markets = await listMarkets();
  const chosen = markets.find((market) => String(market.id) === search.market) ?? markets[0]!;
  const today = marketDate(new Date(), chosen.timeZone);
  const period = marketReportQuerySchema.safeParse({ from: search.from, to: search.to });
  const range = period.success ? period.data : { from: `${today.slice(0, 8)}01`, to: today };
  const report = await marketReport(operator, chosen.id, range);
  const money = (major: number) => formatCents(Math.round(major * minorPerMajor(report.currency)), { currency: report.currency });
  const figures: [string, string | number][] = [
    ["Orders paid", report.orders],
    ["Paid by customers", money(report.paid)],
    ["Refunded to customers", money(report.refunded)],
    ["Platform revenue", money(report.platformRevenue)],
    ["Sales tax collected", money(report.taxCollected)],
    ["Restaurants' earnings", money(report.restaurantEarnings)],
    ["Couriers' earnings", money(report.courierEarnings)],
    [`Restaurant payouts (${report.payouts.count})`, money(report.payouts.amount)],
  ];
  return (
    <>
      <h1>Markets</h1>
      <p className={styles.intro}>
        A market&apos;s restaurants price, charge, refund and pay out in its currency, and its reports count its own orders only. A restaurant moves to a market before
        its first order: its history stays in the currency it was in.
      </p>
      <OperatorTable columns={COLUMNS} rows={markets} rowKey={(market) => market.id} rowData={(market) => ({ "data-market": market.code })} empty="No markets." />

      <h2>Report</h2>
      <form className={styles.filters} action="/admin/markets" aria-label="Report market and period">
        <label>
          Market
          <select name="market" defaultValue={String(chosen.id)}>
            {markets.map((market) => (
              <option key={market.id} value={market.id}>
                {market.name} ({market.currency})
              </option>
            ))}
          </select>
        </label>
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
      </form>
      <p className={styles.meta}>
        {report.market.name}, {range.from} to {range.to} ({report.market.timeZone}), in {report.currency}.
      </p>
      <dl className={styles.card} aria-label={`${report.market.name} money`} data-market-report={report.market.code}>
        {figures.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>

      <OpenMarketForm currencies={CURRENCY_CODES} languages={[...LOCALES]} />
      <MoveRestaurantForm markets={markets.map(({ id, name, currency }) => ({ id, name, currency }))} />
    </>
  );
}
