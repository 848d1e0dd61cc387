import { IconGlyph } from "@/components/ui/icons";
import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/words/fill";
import { formatRating } from "./format";
import styles from "./rating.module.css";

type RatingProps = { rating: number | null; numReviews: number; words: Words<"browse">["card"] };

/** "★ 4.3 (12)" or "New" when nobody has reviewed the restaurant yet (the restaurant page's long form, in its language: long-rating.tsx). */
export function Rating({ rating, numReviews, words }: RatingProps) {
  if (rating === null) return <span className={styles.new}>{words.new}</span>;
  return (
    <span className={styles.rating}>
      <IconGlyph name="star" size={15} className={styles.star} />
      <span className="sr-only">{words.rated}</span>
      <span className={styles.value}>{formatRating(rating, words.decimal)}</span>
      <span className="sr-only">{words.outOf}</span>
      <span className={styles.count}>
        <span aria-hidden="true">({numReviews})</span>
        <span className="sr-only">{fill(numReviews === 1 ? words.reviewOne : words.reviewMany, { count: numReviews })}</span>
      </span>
    </span>
  );
}
