import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { findRestaurant } from "@/lib/server/web/page-data";
import { firstPage, firstPageQuery } from "@/components/reviews/format";
import { RatingSummary } from "@/components/reviews/rating-summary";
import { ReviewFeed } from "@/components/reviews/review-feed";
import { buttonClass } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { restaurantJson } from "@/lib/server/restaurants/restaurants";
import { optionalPageId } from "@/lib/server/web/page";
import { answersReviews, listRestaurantReviews, reviewableOrder, reviewToJson } from "@/lib/server/reviews/reviews";
import { getCurrentUser } from "@/lib/server/web/session";
import styles from "@/components/reviews/reviews.module.css";
import { getT, getWords, requestLocale } from "@/lib/i18n/translate";
import { fill } from "@/lib/shared/words/fill";
import { formRules } from "@/lib/server/web/form-rules";

type RestaurantReviewsProps = {
  params: Promise<{ id: string }>;
  // restaurantName is also accepted but the stored name is always used: an
  // unknown restaurant is a 404, so there is never a page for the query's name to fill in.
  searchParams: Promise<{ orderId?: string | string[]; restaurantName?: string | string[] }>;
};

export async function generateMetadata({ params }: RestaurantReviewsProps): Promise<Metadata> {
  const [restaurant, t] = await Promise.all([params.then(({ id }) => findRestaurant(id)), getT("browse.reviews.pages")]);
  return { title: t("forRestaurant", { name: restaurant.name }) };
}

/** Public: a restaurant's reviews, and for the viewer's own unreviewed order, the form. */
export default async function RestaurantReviewsPage({ params, searchParams }: RestaurantReviewsProps) {
  const row = await findRestaurant((await params).id);
  const restaurant = await restaurantJson(row);
  const { orderId } = await searchParams;
  const user = await getCurrentUser();
  const locale = await requestLocale();
  const [rows, reviewable, replier, browse, rules] = await Promise.all([
    listRestaurantReviews(restaurant.id, firstPageQuery, user),
    reviewableOrder(user, restaurant.id, optionalPageId(orderId), locale),
    answersReviews(user, restaurant.id),
    getWords("browse"),
    formRules("review"),
  ]);
  // The form's checks' messages in the page's language ride with its words (ReviewWords).
  const words = { ...browse.reviews, form: { ...browse.reviews.form, rules } };
  const cuisine = browse.card.cuisines[restaurant.cuisineType as keyof typeof browse.card.cuisines] ?? restaurant.cuisineType;

  return (
    <div className="container">
      <PageHeader
        title={fill(words.pages.forRestaurant, { name: restaurant.name })}
        subtitle={`${cuisine} · ${restaurant.city}, ${restaurant.state}`}
        actions={
          <Link href={`/restaurants/${restaurant.id}`} className={buttonClass({ variant: "secondary" })}>
            {words.pages.viewMenu}
          </Link>
        }
      />
      <div className={styles.layout}>
        <div className={styles.aside}>
          <RatingSummary rating={restaurant.rating} numReviews={restaurant.numReviews} hiddenShown={rows.some((row) => row.hiddenAt !== null)} />
        </div>
        <ReviewFeed
          source={{ kind: "restaurant", restaurantId: restaurant.id }}
          first={firstPage(rows.map(reviewToJson))}
          viewerId={user?.id ?? null}
          ownerView={replier}
          reviewable={reviewable}
          title={words.pages.all}
          empty={<p className={styles.quiet}>{words.pages.quiet}</p>}
          words={words}
          locale={locale}
        />
      </div>
    </div>
  );
}
