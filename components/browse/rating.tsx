import { IconGlyph } from "@/components/ui/icons";
import { formatRating, reviewCount } from "./format";
import styles from "./rating.module.css";

type RatingProps = { rating: number | null; numReviews: number; /** "(12 reviews)" instead of "(12)". */ long?: boolean };

/** "★ 4.3 (12)" or "New" when nobody has reviewed the restaurant yet. */
export function Rating({ rating, numReviews, long = false }: RatingProps) {
  if (rating === null) return <span className={styles.new}>New</span>;
  return (
    <span className={styles.rating}>
      <IconGlyph name="star" size={long ? 18 : 15} className={styles.star} />
      <span className="sr-only">Rated </span>
      <span className={styles.value}>{formatRating(rating)}</span>
      <span className="sr-only"> out of 5, </span>
      <span className={styles.count}>
        <span aria-hidden="true">{long ? `(${reviewCount(numReviews)})` : `(${numReviews})`}</span>
        <span className="sr-only">{reviewCount(numReviews)}</span>
      </span>
    </span>
  );
}
