import { Stars } from "@/components/ui/stars";
import type { Insights } from "@/lib/server/insights/figures";
import { formatDate } from "@/lib/shared/format-date";
import { formatCents } from "@/lib/shared/money";
import { BarChart } from "./bar-chart";
import { ArrivalCalibration } from "./arrival-calibration";
import styles from "./insights.module.css";

/** A restaurant-local date key ("2026-11-01") as the app writes dates: "Nov 1, 2026". */
const dayLabel = (key: string) => formatDate(`${key}T12:00:00Z`, "UTC");
const minutes = (value: number | null) => (value === null ? "–" : `${value} min`);
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export function InsightsView({ insights }: { insights: Insights }) {
  const { days } = insights;
  const period = `${dayLabel(insights.range.from)} to ${dayLabel(insights.range.to)}`;
  const busiest = days.reduce((best, d) => (d.revenueCents > best.revenueCents ? d : best), days[0]!);
  const rated = insights.ratings.filter((w) => w.average !== null);
  return (
    <div className={styles.sections}>
      <section aria-labelledby="insights-summary">
        <h2 id="insights-summary" className="sr-only">
          Summary
        </h2>
        <dl className={styles.tiles}>
          <Tile term="Orders" value={String(insights.orders)} note="accepted, not canceled" />
          <Tile term="Revenue" value={formatCents(insights.revenueCents)} note="food sales, before fees and tips" />
          <Tile term="Net revenue" value={formatCents(insights.netRevenueCents)} note="delivered orders after commission, discounts and refunds, as on Payouts" />
          <Tile term="Average order" value={insights.averageOrderCents === null ? "–" : formatCents(insights.averageOrderCents)} />
          <Tile term="New customers" value={String(insights.customers.new)} />
          <Tile term="Returning customers" value={String(insights.customers.returning)} />
          <Tile term="Preparation" value={minutes(insights.preparation.averageMinutes)} note={`accepted to ready, ${plural(insights.preparation.orders, "order")}`} />
          <Tile term="Delivery" value={minutes(insights.delivery.averageMinutes)} note={`ready to delivered, ${plural(insights.delivery.orders, "order")}`} />
        </dl>
      </section>

      <section aria-labelledby="insights-days" className={styles.section}>
        <h2 id="insights-days">Orders and revenue per day</h2>
        <div className={styles.charts}>
          <BarChart
            title="Revenue per day"
            summary={
              insights.orders
                ? `${formatCents(insights.revenueCents)} from ${period}; the best day ${dayLabel(busiest.day)} with ${formatCents(busiest.revenueCents)}.`
                : `No orders from ${period}.`
            }
            bars={days.map((d) => ({ label: dayLabel(d.day), value: d.revenueCents, text: formatCents(d.revenueCents) }))}
            columns={["Day", "Revenue"]}
          />
          <BarChart
            title="Orders per day"
            summary={`${plural(insights.orders, "order")} from ${period}.`}
            bars={days.map((d) => ({ label: dayLabel(d.day), value: d.orders, text: String(d.orders) }))}
            columns={["Day", "Orders"]}
          />
        </div>
      </section>

      <section aria-labelledby="insights-arrival" className={styles.section}>
        <h2 id="insights-arrival">Arrival promised and kept</h2>
        <ArrivalCalibration buckets={insights.calibration} />
      </section>

      <section aria-labelledby="insights-dishes" className={styles.section}>
        <h2 id="insights-dishes">Top dishes</h2>
        <div className={styles.pair}>
          <DishTable caption="By quantity" dishes={insights.topByQuantity} />
          <DishTable caption="By revenue" dishes={insights.topByRevenue} />
        </div>
      </section>

      <section aria-labelledby="insights-cancellations" className={styles.section}>
        <h2 id="insights-cancellations">Cancellations and refunds</h2>
        {insights.cancellations.length ? (
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">Reason</th>
                  <th scope="col" className={styles.number}>
                    Orders
                  </th>
                  <th scope="col" className={styles.number}>
                    Amount
                  </th>
                  <th scope="col" className={styles.number}>
                    Refunded to wallets
                  </th>
                </tr>
              </thead>
              <tbody>
                {insights.cancellations.map((c) => (
                  <tr key={c.reason}>
                    <th scope="row">{c.reason}</th>
                    <td className={styles.number}>{c.orders}</td>
                    <td className={styles.number}>{formatCents(c.amountCents)}</td>
                    <td className={styles.number}>{formatCents(c.refundedToWalletCents)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className={styles.empty}>No canceled orders in this range.</p>
        )}
      </section>

      <section aria-labelledby="insights-problems" className={styles.section}>
        <h2 id="insights-problems">Problem reports</h2>
        <p>
          {insights.refunds.reports} approved, {formatCents(insights.refunds.refundedCents)} refunded
        </p>
        {insights.refunds.byDish.length ? (
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <caption>Refund rate per dish</caption>
              <thead>
                <tr>
                  <th scope="col">Dish</th>
                  <th scope="col" className={styles.number}>
                    Refunded / sold
                  </th>
                  <th scope="col" className={styles.number}>
                    Rate
                  </th>
                  <th scope="col" className={styles.number}>
                    Refunded
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
                    <td className={styles.number}>{formatCents(dish.refundedCents)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className={styles.empty}>No dish refunded in this range.</p>
        )}
      </section>

      <section aria-labelledby="insights-ratings" className={styles.section}>
        <h2 id="insights-ratings">Ratings</h2>
        {rated.length ? (
          <BarChart
            title="Average rating per week"
            summary={rated.map((w) => `week of ${dayLabel(w.weekOf)}: ${w.average} of 5 from ${plural(w.reviews, "review")}`).join("; ")}
            bars={insights.ratings.map((w) => ({
              label: dayLabel(w.weekOf),
              value: w.average ?? 0,
              text: w.average === null ? "no reviews" : `${w.average} of 5 (${plural(w.reviews, "review")})`,
            }))}
            columns={["Week of", "Average rating"]}
            scaleMax={5}
          />
        ) : (
          <p className={styles.empty}>No reviews in this range.</p>
        )}
        {insights.latestReviews.length > 0 && (
          <>
            <h3 className={styles.subheading}>Latest reviews</h3>
            <ul className={styles.reviews}>
              {insights.latestReviews.map((r) => (
                <li key={r.id} className={styles.review}>
                  <p className={styles.reviewHead}>
                    <Stars value={r.rating} />
                    <strong>{r.firstName}</strong> <span className={styles.muted}>{formatDate(r.createdAt, insights.timeZone)}</span>
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

function DishTable({ caption, dishes }: { caption: string; dishes: Insights["topByQuantity"] }) {
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <caption className={styles.caption}>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Dish</th>
            <th scope="col" className={styles.number}>
              Quantity
            </th>
            <th scope="col" className={styles.number}>
              Revenue
            </th>
          </tr>
        </thead>
        <tbody>
          {dishes.length ? (
            dishes.map((d) => (
              <tr key={d.name}>
                <th scope="row">{d.name}</th>
                <td className={styles.number}>{d.quantity}</td>
                <td className={styles.number}>{formatCents(d.revenueCents)}</td>
              </tr>
            ))
          ) : (
            <tr>
              <td colSpan={3}>No dishes sold in this range.</td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
