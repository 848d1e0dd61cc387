import type { Metadata } from "next";
import styles from "@/components/operators/operators.module.css";
import { OperatorTable, type OperatorColumn } from "@/components/operators/operator-table";
import { PeriodForm } from "@/components/operators/period-form";
import { MoveRestaurantForm, OpenMarketForm } from "@/components/operators/market-forms";
import { requireOperatorPage } from "@/lib/server/web/page";
import { listMarkets, type MarketJson } from "@/lib/server/markets/markets";
import { marketReport } from "@/lib/server/markets/report";
import { LOCALES } from "@/lib/i18n/locale";
import { CURRENCY_CODES, minorPerMajor } from "@/lib/shared/money/currency";
import { formatCents } from "@/lib/shared/money/money";
import { marketDate } from "@/lib/shared/time/schedule";
import { marketReportQuerySchema } from "@/lib/contract/markets/rules";

import type { Words } from "@/lib/i18n/words";
import { getT, getWords, requestLocale } from "@/lib/i18n/translate";
import { formatDay } from "@/lib/shared/time/format-date";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("admin"))("markets.title") };
}

const columns = (words: Words<"admin">["markets"]): OperatorColumn<MarketJson>[] => [
  { header: words.market, cell: (market) => `${market.name} (${market.code})`, rowHeader: true },
  { header: words.id, cell: (market) => market.id },
  { header: words.currency, cell: (market) => market.currency },
  { header: words.timeZone, cell: (market) => market.timeZone },
  { header: words.distances, cell: (market) => market.distanceUnit },
  { header: words.languages, cell: (market) => market.languages.join(", ") },
  { header: words.tax, cell: (market) => (market.taxSetup === "sales_tax" ? words.salesTax : words.none) },
  { header: words.restaurants, cell: (market) => market.restaurants },
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
  const [report, t, { markets: words }, locale] = await Promise.all([marketReport(operator, chosen.id, range), getT("admin"), getWords("admin"), requestLocale()]);
  const money = (major: number) => formatCents(Math.round(major * minorPerMajor(report.currency)), { currency: report.currency, locale });
  const figures: [string, string | number][] = [
    [words.ordersPaid, report.orders],
    [words.paid, money(report.paid)],
    [words.refunded, money(report.refunded)],
    [words.revenue, money(report.platformRevenue)],
    [words.taxCollected, money(report.taxCollected)],
    [words.restaurantEarnings, money(report.restaurantEarnings)],
    [words.courierEarnings, money(report.courierEarnings)],
    [t("markets.payouts", { count: String(report.payouts.count) }), money(report.payouts.amount)],
  ];
  return (
    <>
      <h1>{words.title}</h1>
      <p className={styles.intro}>{words.intro}</p>
      <OperatorTable
        columns={columns(words)}
        rows={markets}
        rowKey={(market) => market.id}
        rowData={(market) => ({ "data-market": market.code })}
        empty={words.noMarkets}
      />

      <h2>{words.report}</h2>
      <PeriodForm action="/admin/markets" label={words.reportForm} range={range} words={words}>
        <label>
          {words.market}
          <select name="market" defaultValue={String(chosen.id)}>
            {markets.map((market) => (
              <option key={market.id} value={market.id}>
                {market.name} ({market.currency})
              </option>
            ))}
          </select>
        </label>
      </PeriodForm>
      <p className={styles.meta}>
        {t("markets.period", {
          market: report.market.name,
          from: formatDay(range.from, locale),
          to: formatDay(range.to, locale),
          zone: report.market.timeZone,
          currency: report.currency,
        })}
      </p>
      <dl className={styles.card} aria-label={t("markets.money", { market: report.market.name })} data-market-report={report.market.code}>
        {figures.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>

      <OpenMarketForm currencies={CURRENCY_CODES} languages={[...LOCALES]} words={words.forms} />
      <MoveRestaurantForm markets={markets.map(({ id, name, currency }) => ({ id, name, currency }))} words={words.forms} />
    </>
  );
}
