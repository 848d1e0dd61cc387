import { IconGlyph } from "@/components/ui/icons";
import { formatRating, reviewCount } from "./format";
import styles from "./rating.module.css";

type RatingProps = { rating: number | null; numReviews: number };

/** "★ 4.3 (12)" or "New" when nobody has reviewed the restaurant yet (the restaurant page's long form, in its language: long-rating.tsx). */
export function Rating({ rating, numReviews }: RatingProps) {
  if (rating === null) return <span className={styles.new}>New</span>;
  return (
    <span className={styles.rating}>
      <IconGlyph name="star" size={15} className={styles.star} />
      <span className="sr-only">Rated </span>
      <span className={styles.value}>{formatRating(rating)}</span>
      <span className="sr-only"> out of 5, </span>
      <span className={styles.count}>
        <span aria-hidden="true">({numReviews})</span>
        <span className="sr-only">{reviewCount(numReviews)}</span>
      </span>
    </span>
  );
}
