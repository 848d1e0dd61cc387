import { PRICE_LEVEL_SYMBOLS, type PriceLevel } from "../constants";
import { LOCAL_PHOTO } from "../menu/photo-slots";

// What search engines and link previews read of the public catalog pages: schema.org JSON-LD
// (a Restaurant with its Menu and AggregateRating on a restaurant's page, a MenuItem on a dish's)
// and the absolute URLs both they and the Open Graph tags need. Pure: the pages pass the rows and
// the configured public origin (PUBLIC_ORIGIN, lib/edge/load-config.ts `linkOrigin`), never the
// request's Host, since a catalog page is kept and replayed to everyone
// (docs/architecture/catalog-and-caching.md).

const SCHEMA = "https://schema.org";
const CURRENCY = "USD";

/** `path` on the public origin (`origin` has no trailing slash). */
export const absoluteUrl = (origin: string, path: string): string => `${origin.replace(/\/+$/, "")}${path}`;

/** A photo's absolute URL (only our own photos: an owner may have typed any URL, which no page shows either) (its full-size card variant), or undefined when it is not one of ours. */
export function photoUrl(origin: string, src: string): string | undefined {
  if (!LOCAL_PHOTO.test(src)) return undefined;
  return absoluteUrl(origin, src.replace(/-(sm|lg)\.webp$/, ".webp"));
}

/** Dollars as schema.org wants a price: a plain decimal string ("12.50"). */
const price = (dollars: number) => dollars.toFixed(2);

export type RestaurantFacts = {
  id: number;
  name: string;
  description: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  cuisineType: string;
  priceLevel: string;
  storeImage: string;
  lat: number | null;
  lng: number | null;
  rating: number | null;
  numReviews: number;
};

export type DishFacts = {
  id: number;
  name: string;
  description: string;
  price: number;
  food_image: string;
  sectionId: number | null;
  dietLabels?: readonly string[];
};

export type SectionFacts = { id: number; name: string; menuItemIds: readonly number[] };

const DIETS: Record<string, string> = {
  vegetarian: "VegetarianDiet",
  vegan: "VeganDiet",
  "gluten-free": "GlutenFreeDiet",
  halal: "HalalDiet",
  kosher: "KosherDiet",
};

/**
 * A dish as a schema.org MenuItem with its Offer. With `seller` (the dish's own page) it is the
 * page's top-level object, and the offer names the restaurant that sells it.
 */
export function menuItemData(origin: string, dish: DishFacts, seller?: { id: number; name: string }): Record<string, unknown> {
  const image = photoUrl(origin, dish.food_image);
  const diets = (dish.dietLabels ?? []).map((label) => DIETS[label]).filter(Boolean);
  return {
    ...(seller ? { "@context": SCHEMA } : {}),
    "@type": "MenuItem",
    "@id": absoluteUrl(origin, `/menu-items/${dish.id}`),
    name: dish.name,
    ...(dish.description ? { description: dish.description } : {}),
    url: absoluteUrl(origin, `/menu-items/${dish.id}`),
    ...(image ? { image } : {}),
    ...(diets.length ? { suitableForDiet: diets.map((diet) => `${SCHEMA}/${diet}`) } : {}),
    offers: {
      "@type": "Offer",
      price: price(dish.price),
      priceCurrency: CURRENCY,
      ...(seller ? { offeredBy: { "@type": "Restaurant", "@id": absoluteUrl(origin, `/restaurants/${seller.id}`), name: seller.name } } : {}),
    },
  };
}

/**
 * A restaurant as a schema.org Restaurant: its address and place, cuisine, price range, its
 * AggregateRating (only once it has a review: a rating of no reviews is not valid), and its menu
 * (`hasMenu`: a Menu of MenuSections in the owner's order, the dishes of no section directly on the Menu).
 */
export function restaurantData(origin: string, restaurant: RestaurantFacts, dishes: readonly DishFacts[], sections: readonly SectionFacts[]): Record<string, unknown> {
  const url = absoluteUrl(origin, `/restaurants/${restaurant.id}`);
  const image = photoUrl(origin, restaurant.storeImage);
  const byId = new Map(dishes.map((dish) => [dish.id, dish]));
  const placed = new Set<number>();
  const menuSections = sections
    .map((section) => {
      const items = section.menuItemIds.flatMap((id) => {
        const dish = byId.get(id);
        if (!dish) return [];
        placed.add(id);
        return [menuItemData(origin, dish)];
      });
      return { "@type": "MenuSection", name: section.name, hasMenuItem: items };
    })
    .filter((section) => section.hasMenuItem.length > 0);
  const loose = dishes.filter((dish) => !placed.has(dish.id)).map((dish) => menuItemData(origin, dish));
  const symbols = PRICE_LEVEL_SYMBOLS[restaurant.priceLevel as PriceLevel];
  return {
    "@context": SCHEMA,
    "@type": "Restaurant",
    "@id": url,
    name: restaurant.name,
    ...(restaurant.description ? { description: restaurant.description } : {}),
    url,
    ...(image ? { image } : {}),
    address: {
      "@type": "PostalAddress",
      streetAddress: restaurant.address,
      addressLocality: restaurant.city,
      addressRegion: restaurant.state,
      postalCode: restaurant.zip,
      addressCountry: "US",
    },
    ...(restaurant.lat !== null && restaurant.lng !== null ? { geo: { "@type": "GeoCoordinates", latitude: restaurant.lat, longitude: restaurant.lng } } : {}),
    servesCuisine: restaurant.cuisineType,
    ...(symbols ? { priceRange: symbols } : {}),
    ...(restaurant.numReviews > 0 && restaurant.rating !== null
      ? { aggregateRating: { "@type": "AggregateRating", ratingValue: restaurant.rating, reviewCount: restaurant.numReviews, bestRating: 5, worstRating: 1 } }
      : {}),
    hasMenu: {
      "@type": "Menu",
      name: `${restaurant.name} menu`,
      url,
      ...(menuSections.length ? { hasMenuSection: menuSections } : {}),
      ...(loose.length ? { hasMenuItem: loose } : {}),
    },
  };
}

/**
 * The text of a `<script type="application/ld+json">`: JSON with `<`, `>`, `&` and the two line
 * separators escaped, so no value (a dish named "</script><script>...") can end the element or
 * start markup; JSON parsers read the escapes back as the same characters.
 */
export function jsonLdText(data: unknown): string {
  return JSON.stringify(data).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}
