import { Stars } from "@/components/ui/stars";
import type { Insights } from "@/lib/server/insights/figures";
import { cancelReasonIn } from "@/lib/server/insights/cancellations";
import { formatDate } from "@/lib/shared/time/format-date";
import { formatCents } from "@/lib/shared/money/money";
import { BarChart } from "./bar-chart";
import { ArrivalCalibration } from "./arrival-calibration";
import styles from "./insights.module.css";
import { getT, requestLocale } from "@/lib/i18n/translate";

type T = Awaited<ReturnType<typeof getT<"kitchen">>>;

/** `currency`: the restaurant's market's (its orders' and ledger account's); USD without. */
export async function InsightsView({ insights, currency }: { insights: Insights; currency?: string }) {
  const [t, locale] = await Promise.all([getT("kitchen"), requestLocale()]);
  /** A restaurant-local date key ("2026-11-01") as the app writes dates: "Nov 1, 2026". */
  const dayLabel = (key: string) => formatDate(`${key}T12:00:00Z`, "UTC", locale);
  const minutes = (value: number | null) => (value === null ? "–" : t("insights.minutes", { minutes: String(value) }));
  const money = (cents: number) => formatCents(cents, { locale, currency });
  // No plurals in the namespace (its words also go to the browser, lib/i18n/translate.ts getWords): one key for one, one for more.
  const orders = (count: number) => (count === 1 ? t("insights.ordersOne") : t("insights.ordersMany", { count: String(count) }));
  const reviews = (count: number) => (count === 1 ? t("insights.reviewsOne") : t("insights.reviewsMany", { count: String(count) }));
  const { days } = insights;
  const period = t("insights.period", { from: dayLabel(insights.range.from), to: dayLabel(insights.range.to) });
  const busiest = days.reduce((best, d) => (d.revenueCents > best.revenueCents ? d : best), days[0]!);
  const rated = insights.ratings.filter((w) => w.average !== null);
  const chart = { highest: t.raw("insights.chart.highest") as string, nothing: t("insights.chart.nothing"), table: t("insights.chart.table") };
  return (
    <div className={styles.sections}>
      <section aria-labelledby="insights-summary">
        <h2 id="insights-summary" className="sr-only">
          {t("insights.summary")}
        </h2>
        <dl className={styles.tiles}>
          <Tile term={t("insights.orders")} value={String(insights.orders)} note={t("insights.ordersNote")} />
          <Tile term={t("insights.revenue")} value={money(insights.revenueCents)} note={t("insights.revenueNote")} />
          <Tile term={t("insights.net")} value={money(insights.netRevenueCents)} note={t("insights.netNote")} />
          <Tile term={t("insights.average")} value={insights.averageOrderCents === null ? "–" : money(insights.averageOrderCents)} />
          <Tile term={t("insights.newCustomers")} value={String(insights.customers.new)} />
          <Tile term={t("insights.returning")} value={String(insights.customers.returning)} />
          <Tile
            term={t("insights.preparation")}
            value={minutes(insights.preparation.averageMinutes)}
            note={t("insights.preparationNote", { orders: orders(insights.preparation.orders) })}
          />
          <Tile
            term={t("insights.delivery")}
            value={minutes(insights.delivery.averageMinutes)}
            note={t("insights.deliveryNote", { orders: orders(insights.delivery.orders) })}
          />
        </dl>
      </section>

      <section aria-labelledby="insights-days" className={styles.section}>
        <h2 id="insights-days">{t("insights.perDay")}</h2>
        <div className={styles.charts}>
          <BarChart
            title={t("insights.revenuePerDay")}
            summary={
              insights.orders
                ? t("insights.revenueSummary", { total: money(insights.revenueCents), period, day: dayLabel(busiest.day), best: money(busiest.revenueCents) })
                : t("insights.noOrders", { period })
            }
            bars={days.map((d) => ({ label: dayLabel(d.day), value: d.revenueCents, text: money(d.revenueCents) }))}
            columns={[t("insights.day"), t("insights.revenue")]}
            words={chart}
          />
          <BarChart
            title={t("insights.ordersPerDay")}
            summary={t("insights.ordersSummary", { orders: orders(insights.orders), period })}
            bars={days.map((d) => ({ label: dayLabel(d.day), value: d.orders, text: String(d.orders) }))}
            columns={[t("insights.day"), t("insights.orders")]}
            words={chart}
          />
        </div>
      </section>

      <section aria-labelledby="insights-arrival" className={styles.section}>
        <h2 id="insights-arrival">{t("insights.arrival")}</h2>
        <ArrivalCalibration buckets={insights.calibration} />
      </section>

      <section aria-labelledby="insights-dishes" className={styles.section}>
        <h2 id="insights-dishes">{t("insights.topDishes")}</h2>
        <div className={styles.pair}>
          <DishTable caption={t("insights.byQuantity")} dishes={insights.topByQuantity} t={t} money={money} />
          <DishTable caption={t("insights.byRevenue")} dishes={insights.topByRevenue} t={t} money={money} />
        </div>
      </section>

      <section aria-labelledby="insights-cancellations" className={styles.section}>
        <h2 id="insights-cancellations">{t("insights.cancellations")}</h2>
        {insights.cancellations.length ? (
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">{t("insights.reason")}</th>
                  <th scope="col" className={styles.number}>
                    {t("insights.orders")}
                  </th>
                  <th scope="col" className={styles.number}>
                    {t("insights.amount")}
                  </th>
                  <th scope="col" className={styles.number}>
                    {t("insights.refundedToWallets")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {insights.cancellations.map((c) => (
                  <tr key={c.reason}>
                    <th scope="row">{cancelReasonIn(c.reason, locale)}</th>
                    <td className={styles.number}>{c.orders}</td>
                    <td className={styles.number}>{money(c.amountCents)}</td>
                    <td className={styles.number}>{money(c.refundedToWalletCents)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className={styles.empty}>{t("insights.noCanceled")}</p>
        )}
      </section>

      <section aria-labelledby="insights-problems" className={styles.section}>
        <h2 id="insights-problems">{t("insights.problems")}</h2>
        <p>{t("insights.approved", { reports: String(insights.refunds.reports), amount: money(insights.refunds.refundedCents) })}</p>
        {insights.refunds.byDish.length ? (
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <caption>{t("insights.refundRate")}</caption>
              <thead>
                <tr>
                  <th scope="col">{t("insights.dish")}</th>
                  <th scope="col" className={styles.number}>
                    {t("insights.refundedSold")}
                  </th>
                  <th scope="col" className={styles.number}>
                    {t("insights.rate")}
                  </th>
                  <th scope="col" className={styles.number}>
                    {t("insights.refunded")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {insights.refunds.byDish.map((dish) => (
                  <tr key={dish.name}>
                    <th scope="row">{dish.name}</th>
                    <td className={styles.number}>
                      {dish.refunded} / {dish.sold}
                    </td>
                    <td className={styles.number}>{Math.round(dish.rate * 1000) / 10}%</td>
                    <td className={styles.number}>{money(dish.refundedCents)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className={styles.empty}>{t("insights.noDishRefunded")}</p>
        )}
      </section>

      <section aria-labelledby="insights-ratings" className={styles.section}>
        <h2 id="insights-ratings">{t("insights.ratings")}</h2>
        {rated.length ? (
          <BarChart
            title={t("insights.perWeek")}
            summary={rated.map((w) => t("insights.weekSummary", { week: dayLabel(w.weekOf), average: String(w.average), reviews: reviews(w.reviews) })).join("; ")}
            bars={insights.ratings.map((w) => ({
              label: dayLabel(w.weekOf),
              value: w.average ?? 0,
              text: w.average === null ? t("insights.noReviewsBar") : t("insights.barText", { average: String(w.average), reviews: reviews(w.reviews) }),
            }))}
            columns={[t("insights.weekOf"), t("insights.averageRating")]}
            words={chart}
            scaleMax={5}
          />
        ) : (
          <p className={styles.empty}>{t("insights.noReviews")}</p>
        )}
        {insights.latestReviews.length > 0 && (
          <>
            <h3 className={styles.subheading}>{t("insights.latest")}</h3>
            <ul className={styles.reviews}>
              {insights.latestReviews.map((r) => (
                <li key={r.id} className={styles.review}>
                  <p className={styles.reviewHead}>
                    <Stars value={r.rating} label={t("insights.stars", { value: String(r.rating) })} />
                    <strong>{r.firstName}</strong> <span className={styles.muted}>{formatDate(r.createdAt, insights.timeZone, locale)}</span>
                  </p>
                  <p>{r.review}</p>
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
    </div>
  );
}

function Tile({ term, value, note }: { term: string; value: string; note?: string }) {
  return (
    <div className={styles.tile}>
      <dt>{term}</dt>
      <dd className={styles.tileValue}>{value}</dd>
      {note && <dd className={styles.muted}>{note}</dd>}
    </div>
  );
}

function DishTable({ caption, dishes, t, money }: { caption: string; dishes: Insights["topByQuantity"]; t: T; money: (cents: number) => string }) {
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <caption className={styles.caption}>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t("insights.dish")}</th>
            <th scope="col" className={styles.number}>
              {t("insights.quantity")}
            </th>
            <th scope="col" className={styles.number}>
              {t("insights.revenue")}
            </th>
          </tr>
        </thead>
        <tbody>
          {dishes.length ? (
            dishes.map((d) => (
              <tr key={d.name}>
                <th scope="row">{d.name}</th>
                <td className={styles.number}>{d.quantity}</td>
                <td className={styles.number}>{money(d.revenueCents)}</td>
              </tr>
            ))
          ) : (
            <tr>
              <td colSpan={3}>{t("insights.noDishes")}</td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
