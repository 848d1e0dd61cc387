import type { CourierOwnRating } from "@/lib/server/courier-ratings/courier-figure";
import { COURIER_RATING_SPAN } from "@/lib/shared/courier-rating";
import Link from "@/components/ui/link";
import styles from "./courier.module.css";

/**
 * The courier's rating (GET /api/courier's `rating`): the share of thumbs up over
 * their last COURIER_RATING_SPAN rated deliveries, the count, and the thumbs down by reason. Never
 * who rated or what they wrote. Below it, the way to the courier's record (the rules, warnings, appeals).
 */
export function CourierRating({ rating }: { rating: CourierOwnRating }) {
  return (
    <section className={styles.today} aria-labelledby="rating-title">
      <h2 id="rating-title" className={styles.smallTitle}>
        Your rating
      </h2>
      {rating.count === 0 ? (
        <p className={styles.meta}>No ratings yet. Customers rate you after a delivery.</p>
      ) : (
        <>
          <dl className={styles.figures}>
            <div>
              <dt>Thumbs up</dt>
              <dd data-testid="rating-percent">{rating.upPercent}%</dd>
            </div>
            <div>
              <dt>Ratings</dt>
              <dd>{rating.count}</dd>
            </div>
          </dl>
          <p className={styles.hint}>Over your last {Math.min(rating.count, COURIER_RATING_SPAN)} rated deliveries.</p>
          {rating.downReasons.length > 0 && (
            <ul className={styles.earningsList} aria-label="Thumbs down by reason">
              {rating.downReasons.map((reason) => (
                <li key={reason.reason}>
                  <span>{reason.label}</span>
                  <strong>{reason.count}</strong>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      <p>
        <Link href="/courier/record">Your record: the rules, warnings and appeals</Link>
      </p>
    </section>
  );
}
