import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { FavoriteControl } from "@/components/browse/favorite-control";
import { FoodPhoto, photoSrc } from "@/components/browse/food-photo";
import { dishSource } from "@/components/browse/format";
import { ItemPurchase } from "@/components/browse/item-purchase";
import { LazyRestaurantOffers } from "@/components/browse/restaurant-offers-lazy";
import { LazySectionWindowGate } from "@/components/browse/section-window-gate-lazy";
import { AllergyWarning } from "@/components/menu/allergy-warning";
import { DishAllergens } from "@/components/menu/dish-allergens";
import { findMenuItem } from "@/lib/server/web/page-data";
import { formatMoney } from "@/components/ui/format";
import { PhotoCaption } from "@/components/ui/photo-caption";
import type { FoodType } from "@/lib/shared/constants";
import { menuItemToJson } from "@/lib/server/menu/menu-items";
import { inLanguage } from "@/lib/shared/menu/menu-translations";
import { listMenuSections } from "@/lib/server/menu/sections";
import { isWithinWindow, windowText } from "@/lib/shared/time/section-window";
import { formatClockTime } from "@/lib/shared/time/format-date";
import { fill } from "@/lib/shared/words/fill";
import { getWords, requestLocale } from "@/lib/i18n/translate";
import { addFacts } from "@/lib/server/web/card-words";
import { getRestaurant, restaurantToJson } from "@/lib/server/restaurants/restaurants";
import { marketFacts } from "@/lib/server/markets/markets";
import { publicOrigin, publicPageMetadata } from "@/lib/server/web/public-meta";
import { menuItemData, photoUrl } from "@/lib/shared/web/structured-data";
import { JsonLd } from "@/components/seo/json-ld";
import styles from "@/components/browse/item-detail.module.css";

type ItemProps = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: ItemProps): Promise<Metadata> {
  const [item, locale] = await Promise.all([findMenuItem((await params).id), requestLocale()]);
  const name = inLanguage(item, locale, "name", item.name);
  const description = inLanguage(item, locale, "description", item.description);
  const image = photoUrl(publicOrigin(), item.foodImage);
  return publicPageMetadata({ title: `${name} · ${item.restaurant.name}`, description, path: `/menu-items/${item.id}`, image });
}

export default async function MenuItemPage({ params }: ItemProps) {
  // The dish in the reader's language where its owner gave it (the page is kept per language).
  const [row, words, { restaurant: browse }, locale] = await Promise.all([findMenuItem((await params).id), getWords("dish"), getWords("browse"), requestLocale()]);
  const item = menuItemToJson(row, locale);
  const photo = photoSrc(item.food_image, "card");
  const orderable = item.restaurant.servicing;
  // Open now, as of this render, and when that flips: an Add while it is closed warns (scheduled for later).
  const restaurant = await getRestaurant(item.restaurantId).catch(() => undefined);
  // Its price in the restaurant's market's currency (the API's prices are in its unit).
  const { currency } = await marketFacts(restaurant?.marketId ?? 1);
  const shown = restaurant && restaurantToJson(restaurant, currency);
  const open = shown && addFacts(shown, locale);
  // Its section's time window (docs/architecture/menu-sections.md): said on the page, and Add disabled outside it.
  const section = item.sectionId === null ? undefined : (await listMenuSections(item.restaurantId)).find((s) => s.id === item.sectionId);
  const hours = section && windowText(section) ? { availableFrom: section.availableFrom, availableUntil: section.availableUntil } : null;
  const canOrder = orderable && item.soldOutUntil === null;
  const available = hours && fill(words.available, { window: windowText(hours, locale) ?? "" });
  const purchaseWords = { addToCart: words.addToCart, added: words.added, inCart: words.inCart, notTaking: words.notTaking };
  const purchase = (enabled: boolean, closedLabel?: string) => (
    <ItemPurchase
      item={dishSource(item)}
      orderable={enabled}
      open={open}
      closedLabel={closedLabel}
      words={purchaseWords}
      lang={{ words: words.choices, locale, currency }}
    />
  );

  return (
    <div className={`container ${styles.page}`}>
      {/* What search engines read: the dish and its price (schema.org), linked to its restaurant. */}
      <JsonLd data={menuItemData(publicOrigin(), item, { id: item.restaurantId, name: item.restaurant_name })} />
      <div className={styles.layout}>
        <div className={styles.photo}>
          <FoodPhoto src={item.food_image} alt={item.name} sizes="(min-width: 900px) 560px, 100vw" preload />
          {photo && <PhotoCaption src={photo} />}
        </div>
        <div className={styles.details}>
          <p className={styles.type}>{words.types[item.food_type as FoodType] ?? item.food_type}</p>
          <h1 className={styles.name}>{item.name}</h1>
          <p className={styles.from}>
            {words.from}{" "}
            <Link href={`/restaurants/${item.restaurantId}`} className={styles.restaurant}>
              {item.restaurant_name}
            </Link>
          </p>
          <p className={styles.price}>{formatMoney(item.price, locale, currency)}</p>
          {/* The offers on this dish or its section (buy one get one, a free dish, a section's percent), read in the browser. */}
          <LazyRestaurantOffers
            restaurantId={item.restaurantId}
            words={{ offers: browse.offers, applied: browse.applied }}
            dish={{ id: item.id, sectionId: item.sectionId }}
          />
          <p className={styles.description}>{item.description}</p>
          <DishAllergens item={item} />
          <AllergyWarning allergens={item.allergens} mayContain={item.mayContain} />
          {/* Client components get only the fields they read: their props are written into the HTML. */}
          <FavoriteControl item={{ id: item.id, likes: item.likes, likeCount: item.likeCount }} words={words.favorite} />
          {!orderable && <p className={styles.closed}>{words.closed}</p>}
          {orderable && item.soldOutUntil !== null && <p className={styles.closed}>{words.soldOut}</p>}
          {available && <p className={styles.window}>{available}</p>}
          {hours && available && shown ? (
            <LazySectionWindowGate
              hours={hours}
              timeZone={shown.timeZone}
              text={available}
              initiallyOpen={isWithinWindow(hours, new Date(), shown.timeZone)}
              // Outside the window the Add says when it opens; a dish that cannot be ordered anyway keeps its reason.
              closed={purchase(false, canOrder ? fill(words.availableFrom, { time: formatClockTime(hours.availableFrom ?? "00:00", locale) }) : undefined)}
            >
              {purchase(canOrder)}
            </LazySectionWindowGate>
          ) : (
            purchase(canOrder)
          )}
        </div>
      </div>
    </div>
  );
}
