import { formatRating } from "@/components/browse/format";
import { getT } from "@/lib/i18n/translate";
import { IconGlyph } from "@/components/ui/icons";
import { Stars } from "@/components/ui/stars";
import styles from "./reviews.module.css";

/**
 * "★ 4.3 · 12 reviews" as a card, or the spec's "No reviews yet!"; with no rating but hidden
 * reviews the reader sees (the owner's), "Not rated yet": none counts.
 */
export async function RatingSummary({ rating, numReviews, hiddenShown = false }: { rating: number | null; numReviews: number; hiddenShown?: boolean }) {
  const [t, card, decimal] = await Promise.all([getT("browse.reviews.summary"), getT("browse.reviews.card"), getT("browse.card").then((words) => words("decimal"))]);
  return (
    <section aria-label={t("label")} className={styles.summary}>
      {rating === null ? (
        <>
          <span className={styles.summaryIcon}>
            <IconGlyph name="star" size={28} strokeWidth={1.6} />
          </span>
          <p className={styles.summaryEmpty}>{hiddenShown ? t("notRated") : t("empty")}</p>
          <p className={styles.meta}>{hiddenShown ? t("hiddenNote") : t("firstNote")}</p>
        </>
      ) : (
        <>
          <p className={styles.summaryLine}>
            <IconGlyph name="star" size={30} className={styles.summaryStar} />
            <span className="sr-only">{t("rated")}</span>
            <span className={styles.summaryValue}>{formatRating(rating, decimal)}</span>
            <span className="sr-only">{t("outOf")}</span>
            <span aria-hidden="true" className={styles.dot}>
              ·
            </span>
            <span className={styles.summaryCount}>{t(numReviews === 1 ? "reviewOne" : "reviewMany", { count: numReviews })}</span>
          </p>
          <span aria-hidden="true">
            <Stars value={rating} label={card("stars", { value: String(rating) })} size={20} />
          </span>
          <p className={styles.meta}>{t("average")}</p>
        </>
      )}
    </section>
  );
}
