import type { PromiseBucket } from "@/lib/server/insights/figures";
import styles from "./insights.module.css";
import { getT } from "@/lib/i18n/translate";

const percent = (part: number, whole: number) => (whole ? Math.round((part / whole) * 100) : 0);
const share = (part: number, whole: number) => `${percent(part, whole)}%`;

/**
 * The calibration of the arrival promised before ordering (docs/architecture/insights.md): for
 * each range customers were promised, how many of its deliveries arrived early, inside it or late,
 * as a stacked bar and in numbers, and their average actual minutes. Server-rendered; the bar is
 * read out as its row's numbers, so it is hidden from screen readers.
 */
export async function ArrivalCalibration({ buckets }: { buckets: PromiseBucket[] }) {
  const t = await getT("kitchen");
  if (!buckets.length) return <p className={styles.empty}>{t("insights.calibration.empty")}</p>;
  const total = buckets.reduce((sum, b) => ({ orders: sum.orders + b.orders, early: sum.early + b.early, inside: sum.inside + b.inside, late: sum.late + b.late }), {
    orders: 0,
    early: 0,
    inside: 0,
    late: 0,
  });
  return (
    <>
      <p>
        {t("insights.calibration.lead", {
          inside: share(total.inside, total.orders),
          orders: String(total.orders),
          early: share(total.early, total.orders),
          late: share(total.late, total.orders),
        })}
      </p>
      <p className={styles.legend} aria-hidden="true">
        <span className={`${styles.swatch} ${styles.early}`} /> {t("insights.calibration.early")} <span className={`${styles.swatch} ${styles.inside}`} />{" "}
        {t("insights.calibration.inside")} <span className={`${styles.swatch} ${styles.late}`} /> {t("insights.calibration.late")}
      </p>
      <div className={styles.tableWrap}>
        <table className={`${styles.table} ${styles.calibrationTable}`}>
          <caption className={styles.caption}>{t("insights.calibration.caption")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("insights.calibration.promised")}</th>
              <th scope="col" className={styles.calibrationCell}>
                {t("insights.calibration.columns")}
              </th>
              <th scope="col" className={styles.number}>
                {t("insights.calibration.average")}
                <span className="sr-only"> {t("insights.calibration.actual")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {buckets.map((b) => (
              <tr key={`${b.min}-${b.max}`}>
                <th scope="row">
                  {t("insights.calibration.range", { min: String(b.min), max: String(b.max) })}
                  <span className={styles.calibrationOrders}>{b.orders === 1 ? t("insights.ordersOne") : t("insights.ordersMany", { count: String(b.orders) })}</span>
                </th>
                <td className={styles.calibrationCell}>
                  <span className={styles.calibrationBar} aria-hidden="true">
                    <span className={styles.early} style={{ width: `${percent(b.early, b.orders)}%` }} />
                    <span className={styles.inside} style={{ width: `${percent(b.inside, b.orders)}%` }} />
                    <span className={styles.late} style={{ width: `${percent(b.late, b.orders)}%` }} />
                  </span>
                  <span className={styles.calibrationShares}>
                    {t("insights.calibration.shares", { early: share(b.early, b.orders), inside: share(b.inside, b.orders), late: share(b.late, b.orders) })}
                  </span>
                </td>
                <td className={styles.number}>{b.averageMinutes === null ? "–" : t("insights.calibration.minutes", { minutes: String(b.averageMinutes) })}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
