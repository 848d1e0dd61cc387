import type { Metadata } from "next";
import { getT, getWords, requestLocale } from "@/lib/i18n/translate";
import { FavoritesFeed } from "@/components/browse/favorites-feed";
import { FavoriteRestaurantsFeed } from "@/components/browse/favorite-restaurants-feed";
import { RestaurantCard } from "@/components/browse/restaurant-card";
import { FAVORITE_RESTAURANTS_PAGE_SIZE, FAVORITES_PAGE_SIZE, restaurantCardSource } from "@/components/browse/format";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { listFavorites, menuItemToJson } from "@/lib/server/menu/menu-items";
import { listFavoriteRestaurants } from "@/lib/server/restaurants/favorites";
import { restaurantToJson } from "@/lib/server/restaurants/restaurants";
import { cardFeesOf } from "@/components/browse/card-fee";
import { otherMarketsOf } from "@/lib/server/pricing/card-fees";
import { marketPricing } from "@/lib/server/pricing/market";
import { cardMoney, restaurantCardWords } from "@/lib/server/web/card-words";
import { cardFeeText } from "@/lib/shared/money/delivery-pricing-text";
import { getCurrentUser } from "@/lib/server/web/session";
import styles from "@/components/browse/browse-page.module.css";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("profile"))("favorites.meta") };
}

// Anonymous visitors are asked to log in here rather than redirected.
export default async function FavoritesPage() {
  const [user, t] = await Promise.all([getCurrentUser(), getT("profile")]);
  if (!user) {
    return (
      <div className="container">
        <PageHeader title={t("favorites.title")} />
        <EmptyState icon="heart" title={t("favorites.loginTitle")} link={{ href: "/login", text: t("favorites.logIn") }}>
          {t("favorites.loginText")}
        </EmptyState>
      </div>
    );
  }

  // One extra row tells whether a second page exists.
  const rows = await listFavorites(user.id, { limit: FAVORITES_PAGE_SIZE + 1, offset: 0 });
  const locale = await requestLocale();
  const items = rows.slice(0, FAVORITES_PAGE_SIZE).map((item) => menuItemToJson(item, locale));
  const [places, market] = await Promise.all([listFavoriteRestaurants(user.id, { limit: FAVORITE_RESTAURANTS_PAGE_SIZE + 1, offset: 0 }), marketPricing()]);
  // Each card's fee line, from the server: the market's rule, or the restaurant's free delivery.
  const { lists, cardFee: feeWords } = await getWords("browse");
  const card = restaurantCardWords(locale);
  const marketFee = cardFeeText(market, null, feeWords, locale);
  const shown = places.slice(0, FAVORITE_RESTAURANTS_PAGE_SIZE);
  // A restaurant of a market in another currency: its market's fee and its own in that currency.
  const fees = cardFeesOf(await otherMarketsOf(shown), () => marketFee, feeWords, locale);
  const restaurants = shown.map((r) => restaurantCardSource(fees.withFee(restaurantToJson(r, fees.currency(r.id)))));
  return (
    <div className="container">
      <PageHeader title={t("favorites.title")} subtitle={t("favorites.subtitle")} />
      <section aria-labelledby="favorite-restaurants-title" className={styles.section}>
        <h2 id="favorite-restaurants-title" className={styles.sectionTitle}>
          {t("favorites.restaurants")}
        </h2>
        {restaurants.length ? (
          <FavoriteRestaurantsFeed
            firstIds={restaurants.map((r) => r.id)}
            nextOffset={places.length > FAVORITE_RESTAURANTS_PAGE_SIZE ? FAVORITE_RESTAURANTS_PAGE_SIZE : null}
            words={{ card, lists, more: lists.moreRestaurants, noun: lists.restaurants }}
          >
            {restaurants.map((restaurant, index) => (
              <li key={restaurant.id}>
                <RestaurantCard restaurant={restaurant} eager={index < 3} words={card} />
              </li>
            ))}
          </FavoriteRestaurantsFeed>
        ) : (
          <EmptyState icon="heart" title={t("favorites.noRestaurants")}>
            {t("favorites.noRestaurantsText")}
          </EmptyState>
        )}
      </section>
      <section aria-labelledby="favorites-title" className={styles.section}>
        <h2 id="favorites-title" className={styles.sectionTitle}>
          {t("favorites.dishes")}
        </h2>
        <FavoritesFeed first={{ items, nextOffset: rows.length > FAVORITES_PAGE_SIZE ? FAVORITES_PAGE_SIZE : null }} words={lists} money={await cardMoney()} />
      </section>
    </div>
  );
}
