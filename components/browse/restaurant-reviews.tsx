import Link from "@/components/ui/link";
import { Stars } from "@/components/ui/stars";
import { formatDate } from "@/lib/shared/time/format-date";
import type { ReviewJson } from "@/lib/server/reviews/reviews";
import { OwnerReply } from "@/components/reviews/owner-reply";
import { getT, getWords, requestLocale } from "@/lib/i18n/translate";
import { fill } from "@/lib/shared/words/fill";
import { LongRating } from "./long-rating";
import clamp from "@/components/ui/clamp.module.css";
import styles from "./restaurant-reviews.module.css";

type RestaurantReviewsProps = {
  restaurant: { id: number; name: string; rating: number | null; numReviews: number };
  /** The newest few. */
  reviews: ReviewJson[];
};

/** Rating summary and the latest reviews, linking to the full list, in the request's language. */
export async function RestaurantReviews({ restaurant, reviews }: RestaurantReviewsProps) {
  const [t, locale, browse] = await Promise.all([getT("reviews"), requestLocale(), getWords("browse")]);
  const allReviews = `/reviews/restaurant/${restaurant.id}?${new URLSearchParams({ restaurantName: restaurant.name })}`;
  return (
    <section aria-labelledby="reviews-title" className={styles.section}>
      <div className={styles.head}>
        <div>
          <h2 id="reviews-title" className={styles.title}>
            {t("title")}
          </h2>
          {restaurant.rating !== null && (
            <p className={styles.summary}>
              <LongRating rating={restaurant.rating} numReviews={restaurant.numReviews} />
            </p>
          )}
        </div>
        {reviews.length > 0 && (
          <Link href={allReviews} className={styles.all}>
            {t("all")}
          </Link>
        )}
      </div>
      {reviews.length ? (
        <ul className={styles.list}>
          {reviews.map((review) => (
            <li key={review.id} className={styles.review}>
              <div className={styles.byline}>
                <span className={styles.author}>{review.firstName}</span>
                <time dateTime={review.createdAt} className={styles.date}>
                  {formatDate(review.createdAt, undefined, locale)}
                </time>
              </div>
              <Stars value={review.restaurantRating} label={fill(browse.reviews.card.stars, { value: String(review.restaurantRating) })} />
              <p className={`${clamp.clamp} ${styles.text}`}>{review.review}</p>
              {review.reply && <OwnerReply reply={review.reply} restaurantName={restaurant.name} words={browse.reviews.reply} locale={locale} />}
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.empty}>{t("none")}</p>
      )}
    </section>
  );
}
