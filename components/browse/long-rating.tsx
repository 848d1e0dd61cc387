import { IconGlyph } from "@/components/ui/icons";
import { getT } from "@/lib/i18n/translate";
import { formatRating } from "./format";
import styles from "./rating.module.css";

/**
 * Rating's long form ("★ 4.3 (12 reviews)", "New") on the restaurant page, in the request's
 * language: a server component, so its plural is the catalogue's own (rating.tsx, which the cards
 * ship to the browser, stays as it is).
 */
export async function LongRating({ rating, numReviews }: { rating: number | null; numReviews: number }) {
  const [t, card] = await Promise.all([getT("reviews"), getT("browse.card")]);
  if (rating === null) return <span className={styles.new}>{t("new")}</span>;
  const count = t("count", { count: numReviews });
  return (
    <span className={styles.rating}>
      <IconGlyph name="star" size={18} className={styles.star} />
      <span className="sr-only">{t("rated")}</span>
      <span className={styles.value}>{formatRating(rating, card("decimal"))}</span>
      <span className="sr-only">{t("outOf")}</span>
      <span className={styles.count}>
        <span aria-hidden="true">({count})</span>
        <span className="sr-only">{count}</span>
      </span>
    </span>
  );
}
