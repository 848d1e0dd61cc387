import type { PromiseBucket } from "@/lib/server/insights/figures";
import styles from "./insights.module.css";

const percent = (part: number, whole: number) => (whole ? Math.round((part / whole) * 100) : 0);
const share = (part: number, whole: number) => `${percent(part, whole)}%`;

/**
 * The calibration of the arrival promised before ordering (docs/architecture/insights.md): for
 * each range customers were promised, how many of its deliveries arrived early, inside it or late,
 * as a stacked bar and in numbers, and their average actual minutes. Server-rendered; the bar is
 * read out as its row's numbers, so it is hidden from screen readers.
 */
export function ArrivalCalibration({ buckets }: { buckets: PromiseBucket[] }) {
  if (!buckets.length) return <p className={styles.empty}>No delivered order with a promised arrival in this range.</p>;
  const total = buckets.reduce((sum, b) => ({ orders: sum.orders + b.orders, early: sum.early + b.early, inside: sum.inside + b.inside, late: sum.late + b.late }), {
    orders: 0,
    early: 0,
    inside: 0,
    late: 0,
  });
  return (
    <>
      <p>
        {share(total.inside, total.orders)} of {total.orders} deliveries arrived inside the range promised at checkout; {share(total.early, total.orders)} early,{" "}
        {share(total.late, total.orders)} late.
      </p>
      <p className={styles.legend} aria-hidden="true">
        <span className={`${styles.swatch} ${styles.early}`} /> Early <span className={`${styles.swatch} ${styles.inside}`} /> Inside{" "}
        <span className={`${styles.swatch} ${styles.late}`} /> Late
      </p>
      <div className={styles.tableWrap}>
        <table className={`${styles.table} ${styles.calibrationTable}`}>
          <caption className={styles.caption}>Promised range against actual arrival</caption>
          <thead>
            <tr>
              <th scope="col">Promised</th>
              <th scope="col" className={styles.calibrationCell}>
                Early, inside, late
              </th>
              <th scope="col" className={styles.number}>
                Average<span className="sr-only"> actual minutes</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {buckets.map((b) => (
              <tr key={`${b.min}-${b.max}`}>
                <th scope="row">
                  {b.min}-{b.max} min
                  <span className={styles.calibrationOrders}>{b.orders === 1 ? "1 order" : `${b.orders} orders`}</span>
                </th>
                <td className={styles.calibrationCell}>
                  <span className={styles.calibrationBar} aria-hidden="true">
                    <span className={styles.early} style={{ width: `${percent(b.early, b.orders)}%` }} />
                    <span className={styles.inside} style={{ width: `${percent(b.inside, b.orders)}%` }} />
                    <span className={styles.late} style={{ width: `${percent(b.late, b.orders)}%` }} />
                  </span>
                  <span className={styles.calibrationShares}>
                    {share(b.early, b.orders)} early · {share(b.inside, b.orders)} inside · {share(b.late, b.orders)} late
                  </span>
                </td>
                <td className={styles.number}>{b.averageMinutes === null ? "–" : `${b.averageMinutes} min`}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
