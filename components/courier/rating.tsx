import type { CourierOwnRating } from "@/lib/server/courier-ratings/courier-figure";
import { COURIER_RATING_SPAN } from "@/lib/shared/delivery/courier-rating";
import Link from "@/components/ui/link";
import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/words/fill";
import styles from "./courier.module.css";
import { TitledSection } from "@/components/ui/titled-section";

/**
 * The courier's rating (GET /api/courier's `rating`): the share of thumbs up over
 * their last COURIER_RATING_SPAN rated deliveries, the count, and the thumbs down by reason. Never
 * who rated or what they wrote. Below it, the way to the courier's record (the rules, warnings, appeals).
 */
export function CourierRating({ rating, words: w }: { rating: CourierOwnRating; words: Words<"courier">["rating"] }) {
  return (
    <TitledSection id="rating-title" title={w.title} className={styles.today} titleClassName={styles.smallTitle}>
      {rating.count === 0 ? (
        <p className={styles.meta}>{w.none}</p>
      ) : (
        <>
          <dl className={styles.figures}>
            <div>
              <dt>{w.up}</dt>
              <dd data-testid="rating-percent">{rating.upPercent}%</dd>
            </div>
            <div>
              <dt>{w.ratings}</dt>
              <dd>{rating.count}</dd>
            </div>
          </dl>
          <p className={styles.hint}>{fill(w.over, { count: Math.min(rating.count, COURIER_RATING_SPAN) })}</p>
          {rating.downReasons.length > 0 && (
            <ul className={styles.earningsList} aria-label={w.downByReason}>
              {rating.downReasons.map((reason) => (
                <li key={reason.reason}>
                  <span>{w.reasons[reason.reason as keyof typeof w.reasons] ?? reason.label}</span>
                  <strong>{reason.count}</strong>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      <p>
        <Link href="/courier/record">{w.record}</Link>
      </p>
    </TitledSection>
  );
}
