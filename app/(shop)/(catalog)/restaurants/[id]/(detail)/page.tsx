import type { Metadata } from "next";
import { findRestaurant } from "@/lib/server/web/page-data";
import { RestaurantHeader } from "@/components/browse/restaurant-header";
import { CartAddButton } from "@/components/browse/cart-add-button";
import { RestaurantMenu } from "@/components/browse/restaurant-menu";
import { MenuFilter } from "@/components/menu/menu-filter";
import { windowAddButton } from "@/components/browse/window-add-button";
import { RestaurantReviews } from "@/components/browse/restaurant-reviews";
import { PAGE_SIZE } from "@/lib/shared/constants";
import { listMenuItems, menuItemToJson } from "@/lib/server/menu/menu-items";
import { listMenuSections, sectionToJson } from "@/lib/server/menu/sections";
import { restaurantToJson } from "@/lib/server/restaurants/restaurants";
import { marketPricing } from "@/lib/server/pricing/market";
import { marketFacts } from "@/lib/server/markets/markets";
import { unitWords } from "@/lib/shared/delivery/distance";
import { listRestaurantReviews, reviewToJson } from "@/lib/server/reviews/reviews";
import { publicOrigin, publicPageMetadata } from "@/lib/server/web/public-meta";
import { photoUrl, restaurantData } from "@/lib/shared/web/structured-data";
import { JsonLd } from "@/components/seo/json-ld";
import { getWords, requestLocale } from "@/lib/i18n/translate";
import { addFacts } from "@/lib/server/web/card-words";

type RestaurantProps = { params: Promise<{ id: string }> };

const LATEST_REVIEWS = 3;

export async function generateMetadata({ params }: RestaurantProps): Promise<Metadata> {
  const restaurant = await findRestaurant((await params).id);
  const image = photoUrl(publicOrigin(), restaurant.storeImage);
  return publicPageMetadata({ title: restaurant.name, description: restaurant.description, path: `/restaurants/${restaurant.id}`, image });
}

export default async function RestaurantPage({ params }: RestaurantProps) {
  const found = await findRestaurant((await params).id);
  // Its market's currency (its prices and fees) and distance unit.
  const facts = await marketFacts(found.marketId);
  const restaurant = restaurantToJson(found, facts.currency);
  // A menu is a few dozen dishes at most; PAGE_SIZE.max is the cap the API also applies.
  const [items, reviews, sections, market, words, dish, locale, labels] = await Promise.all([
    listMenuItems({ restaurantId: restaurant.id, q: undefined, limit: PAGE_SIZE.max, offset: 0 }),
    listRestaurantReviews(restaurant.id, { limit: LATEST_REVIEWS, offset: 0 }),
    listMenuSections(restaurant.id),
    marketPricing(found.marketId),
    getWords("restaurant"),
    getWords("dish"),
    // The menu in the reader's language where its owner gave it (the page is kept per language).
    requestLocale(),
    getWords("allergens"),
  ]);
  // A mi market's restaurant reads its distances in miles (lib/shared/delivery/distance.ts).
  const { distanceUnit: unit, currency } = facts;
  const courier = await getWords("courier");
  const browse = await getWords("browse");
  const miles = unit === "mi" ? { units: unitWords(courier, unit), words: courier.miles } : undefined;

  const placed = sections.map((section) => sectionToJson(section, locale));
  const dishes = items.map((item) => menuItemToJson(item, locale));
  const open = addFacts(restaurant, locale);
  return (
    <div className="container">
      {/* What search engines read: the restaurant, its menu and rating (schema.org). */}
      <JsonLd data={restaurantData(publicOrigin(), restaurant, dishes, placed)} />
      <RestaurantHeader
        restaurant={restaurant}
        market={market}
        words={words}
        browse={browse.restaurant}
        cuisines={browse.card.cuisines}
        kitchen={(await getWords("lines")).kitchen}
        miles={miles}
        locale={locale}
        currency={currency}
      />
      <RestaurantReviews restaurant={restaurant} reviews={reviews.map(reviewToJson)} />
      <MenuFilter>
        <RestaurantMenu
          items={dishes}
          sections={placed}
          words={{ ...words, soldOut: dish.soldOut, labels }}
          locale={locale}
          currency={currency}
          addButton={windowAddButton(placed, restaurant.timeZone, (item) => (
            <CartAddButton item={item} orderable={restaurant.servicing} open={open} words={dish} locale={locale} currency={currency} />
          ))}
        />
      </MenuFilter>
    </div>
  );
}
