import { formatRating, reviewCount } from "@/components/browse/format";
import { IconGlyph } from "@/components/ui/icons";
import { Stars } from "@/components/ui/stars";
import { REVIEW_MESSAGES } from "@/lib/validation/zod-free/review-messages";
import styles from "./reviews.module.css";

/**
 * "★ 4.3 · 12 reviews" as a card, or the spec's "No reviews yet!"; with no rating but hidden
 * reviews the reader sees (the owner's), "Not rated yet": none counts.
 */
export function RatingSummary({ rating, numReviews, hiddenShown = false }: { rating: number | null; numReviews: number; hiddenShown?: boolean }) {
  return (
    <section aria-label="Rating summary" className={styles.summary}>
      {rating === null ? (
        <>
          <span className={styles.summaryIcon}>
            <IconGlyph name="star" size={28} strokeWidth={1.6} />
          </span>
          <p className={styles.summaryEmpty}>{hiddenShown ? "Not rated yet" : REVIEW_MESSAGES.empty}</p>
          <p className={styles.meta}>{hiddenShown ? "Hidden reviews do not count in the rating." : "Order from here, then be the first to rate it."}</p>
        </>
      ) : (
        <>
          <p className={styles.summaryLine}>
            <IconGlyph name="star" size={30} className={styles.summaryStar} />
            <span className="sr-only">Rated </span>
            <span className={styles.summaryValue}>{formatRating(rating)}</span>
            <span className="sr-only"> out of 5</span>
            <span aria-hidden="true" className={styles.dot}>
              ·
            </span>
            <span className={styles.summaryCount}>{reviewCount(numReviews)}</span>
          </p>
          <span aria-hidden="true">
            <Stars value={rating} size={20} />
          </span>
          <p className={styles.meta}>The average restaurant rating from customers who ordered here.</p>
        </>
      )}
    </section>
  );
}
