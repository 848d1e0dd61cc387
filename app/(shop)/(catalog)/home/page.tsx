import type { Metadata } from "next";
import { CuisineChips } from "@/components/browse/cuisine-chips";
import { RestaurantFeed } from "@/components/browse/restaurant-feed";
import { RestaurantRow } from "@/components/browse/restaurant-row";
import { LazyOrderAgainRow } from "@/components/browse/order-again-lazy";
import { OpenNowToggle } from "@/components/browse/open-now-toggle";
import { SortLinks } from "@/components/browse/sort-links";
import sortStyles from "@/components/ui/segmented-links.module.css";
import { homeHref } from "@/components/browse/home-links";
import { restaurantCardSource } from "@/components/browse/format";
import { withNextChangeText } from "@/lib/shared/time/next-change-text";
import { withPausedText } from "@/lib/shared/kitchen/kitchen-lines";
import { restaurantCardWords } from "@/lib/server/web/card-words";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { CUISINES, RESTAURANT_SORTS, type Cuisine, type RestaurantSort } from "@/lib/shared/constants";
import { activeCuisines, listRestaurants, restaurantsDeliveringTo, restaurantToJson } from "@/lib/server/restaurants/restaurants";
import { geocodeText } from "@/lib/server/geo/geocoder";
import { NearAddress, type NearAddressProps } from "@/components/browse/near-address";
import { cardFeesOf } from "@/components/browse/card-fee";
import { otherMarketsOf } from "@/lib/server/pricing/card-fees";
import { marketPricing } from "@/lib/server/pricing/market";
import { distanceUnits } from "@/lib/server/markets/markets";
import { distanceIn, unitWords } from "@/lib/shared/delivery/distance";
import { cardFeeText } from "@/lib/shared/money/delivery-pricing-text";
import type { MarketPricing } from "@/lib/shared/money/delivery-pricing";
import styles from "@/components/browse/browse-page.module.css";
import { getT, getWords, requestLocale } from "@/lib/i18n/translate";

type HomeProps = {
  searchParams: Promise<{ cuisine?: string | string[]; sort?: string | string[]; open?: string | string[]; address?: string | string[]; when?: string | string[] }>;
};

/** Restaurants in each row above the grid. */
const ROW_SIZE = 8;
/**
 * Grid cards the server renders: two rows of the widest grid, what a first screen can show of it.
 * RestaurantFeed loads the rest of the first page (PAGE_SIZE.default) as the visitor scrolls;
 * each card is about 4 KB of HTML and RSC payload (docs/log/performance.md "Page performance").
 */
const FIRST_SCREEN = 8;

const first = (raw: string | string[] | undefined) => (Array.isArray(raw) ? raw[0] : raw)?.trim().toLowerCase();

/** ?cuisine= in any letter case; anything that is not one of the 20 cuisines means no filter. */
async function selectedCuisine(searchParams: HomeProps["searchParams"]): Promise<Cuisine | undefined> {
  const value = first((await searchParams).cuisine);
  return CUISINES.find((cuisine) => cuisine.toLowerCase() === value);
}

/** ?sort= (recommended, rating, delivery, price); anything else is the default, recommended. */
async function selectedSort(searchParams: HomeProps["searchParams"]): Promise<RestaurantSort> {
  const value = first((await searchParams).sort);
  return RESTAURANT_SORTS.find((sort) => sort === value) ?? "recommended";
}

/** ?open=true: only the restaurants open now (lib/shared/time/opening-hours.ts). */
async function selectedOpen(searchParams: HomeProps["searchParams"]): Promise<boolean> {
  return first((await searchParams).open) === "true";
}

/**
 * ?address=&when= (the landing page's Search): the address as typed (at most 200 characters), the
 * restaurants delivering there nearest first, or null for the list when the geocoder cannot place
 * it. Read from the URL and the catalog alone, like the rest of the page.
 */
async function searchedAddress(searchParams: HomeProps["searchParams"], market: Promise<MarketPricing>): Promise<NearAddressProps | null> {
  const query = await searchParams;
  const raw = Array.isArray(query.address) ? query.address[0] : query.address;
  const address = raw?.trim().slice(0, 200);
  if (!address) return null;
  const when = (Array.isArray(query.when) ? query.when[0] : query.when) === "later" ? "later" : "now";
  const point = geocodeText(address);
  // Each card's fee is the fee to this address (by distance), or the restaurant's free delivery.
  const [rule, { cardFee: feeWords }, locale, courier, units, { kitchen }] = await Promise.all([
    market,
    getWords("browse"),
    requestLocale(),
    getWords("courier"),
    distanceUnits(),
    getWords("lines"),
  ]);
  // A row of a mi market reads its distance in miles ("0.8 mi"); a km market's card says "1.2 km" itself.
  const miles = unitWords(courier, "mi");
  const found = point ? await restaurantsDeliveringTo(point) : null;
  // A restaurant of a market in another currency: its market's fee and its own in that currency.
  const fees = cardFeesOf(await otherMarketsOf((found ?? []).map((place) => place.restaurant)), (km) => cardFeeText(rule, km, feeWords, locale), feeWords, locale);
  const near = found
    ? found.map(({ restaurant, km }) => ({
        restaurant: withPausedText(
          withNextChangeText(restaurantCardSource(fees.withFee(restaurantToJson(restaurant, fees.currency(restaurant.id)), km)), locale),
          kitchen,
          locale,
        ),
        km,
        ...(units.get(restaurant.marketId) === "mi" && { distance: distanceIn(km, miles) }),
      }))
    : null;
  return { address, when, near };
}

export async function generateMetadata({ searchParams }: HomeProps): Promise<Metadata> {
  const [cuisine, t] = await Promise.all([selectedCuisine(searchParams), getT("browse")]);
  return { title: cuisine ? t("home.cuisineTitle", { cuisine: t(`card.cuisines.${cuisine}`) }) : t("home.title") };
}

export default async function HomePage({ searchParams }: HomeProps) {
  // The market's delivery pricing (an operator's change moves the restaurant lists' scope, so this page is rendered again).
  const rule = marketPricing();
  const [cuisine, sort, open, searched, market, t, words, locale, { kitchen }] = await Promise.all([
    selectedCuisine(searchParams),
    selectedSort(searchParams),
    selectedOpen(searchParams),
    searchedAddress(searchParams, rule),
    rule,
    getT("browse"),
    getWords("browse"),
    requestLocale(),
    getWords("lines"),
  ]);
  // The words of the page's client components, finished on the server (no catalogue in the browser).
  const { home } = words;
  const cuisineName = cuisine && words.card.cuisines[cuisine];
  // Each card's fee line, from the server (the cards print it): the market's rule, or the restaurant's free delivery.
  // The order-again row's cards, fetched in the browser, print it too (its words' `{fee}` line, in the reader's format).
  const marketFee = cardFeeText(market, null, words.cardFee, locale);
  // The cards' words, a paused one's line with them (the cards the browser loads write it: card-words.ts).
  const cardWords = restaurantCardWords(locale);
  // The rows open the unfiltered page only: under a cuisine or "Open now" they would repeat the grid.
  const rows = !cuisine && !open;
  const [page, available, topRated, fastest] = await Promise.all([
    listRestaurants({ cuisine, sort, q: undefined, open: open || undefined, limit: FIRST_SCREEN, offset: 0 }),
    activeCuisines(),
    rows ? listRestaurants({ sort: "rating", q: undefined, limit: ROW_SIZE, offset: 0 }) : null,
    rows ? listRestaurants({ sort: "delivery", q: undefined, limit: ROW_SIZE, offset: 0 }) : null,
  ]);
  // Each card's status line gets its next change's words from this render (withNextChangeText): the browser then prints it without Intl.
  // A restaurant of a market in another currency: its market's fee and its own in that currency.
  const shown = [...page.restaurants, ...(topRated?.restaurants ?? []), ...(fastest?.restaurants ?? [])];
  const fees = cardFeesOf(await otherMarketsOf(shown), (km) => (km === null ? marketFee : cardFeeText(market, km, words.cardFee, locale)), words.cardFee, locale);
  const card = (r: Parameters<typeof restaurantToJson>[0]) => fees.withFee(restaurantToJson(r, fees.currency(r.id)));
  const restaurants = page.restaurants.map(card);
  // A paused one's status line in the reader's words too (withPausedText).
  const status = <T extends Parameters<typeof withNextChangeText>[0] & { pausedUntil?: string | null }>(r: T) =>
    withPausedText(withNextChangeText(r, locale), kitchen, locale);
  const rated = (topRated?.restaurants ?? []).filter((r) => r.numReviews > 0).map((r) => status(card(r)));
  const quick = (fastest?.restaurants ?? []).map((r) => status(card(r)));
  // The first photo on the screen is the screen's largest paint, and only it is fetched first: the
  // address's nearest restaurant when there is one (NearAddress), else the first row's.
  const nearFirst = Boolean(searched?.near?.length);

  return (
    <div className="container">
      <PageHeader title={home.title} subtitle={home.subtitle} />
      {searched && <NearAddress {...searched} />}
      <CuisineChips selected={cuisine} available={available} sort={sort} open={open} words={home} cuisines={words.card.cuisines} />
      {rows && <LazyOrderAgainRow words={{ card: { ...cardWords, deliveryFee: marketFee }, title: home.orderAgain, from: home.orderAgainFrom }} />}
      <RestaurantRow
        id="top-rated-title"
        title={home.topRated}
        href={homeHref({ sort: "rating" })}
        restaurants={rated}
        priority={!nearFirst}
        words={{ seeAll: home.seeAll, card: cardWords }}
      />
      <RestaurantRow
        id="fastest-title"
        title={home.fastest}
        href={homeHref({ sort: "delivery" })}
        restaurants={quick}
        priority={!nearFirst && !rated.length}
        words={{ seeAll: home.seeAll, card: cardWords }}
      />
      <section aria-labelledby="restaurants-title" className={styles.section}>
        <div className={styles.sectionHead}>
          <h2 id="restaurants-title" className={styles.sectionTitle}>
            {cuisineName ? t("home.cuisineAll", { cuisine: cuisineName }) : home.all}
          </h2>
          <div className={sortStyles.filters}>
            <OpenNowToggle open={open} sort={sort} cuisine={cuisine} label={home.openNow} />
            {restaurants.length > 1 && <SortLinks sort={sort} cuisine={cuisine} open={open} words={home} />}
          </div>
        </div>
        {restaurants.length ? (
          <RestaurantFeed
            key={`${cuisine ?? "all"}:${sort}:${open}`}
            cuisine={cuisine}
            sort={sort}
            open={open}
            marketFee={marketFee}
            words={{
              card: cardWords,
              more: home.moreRestaurants,
              noun: home.restaurants,
              failed: words.lists.restaurantsFailed,
              loaded: words.lists.loaded,
              loading: words.lists.loading,
            }}
            priority={!nearFirst && !rated.length && !quick.length}
            first={{ items: restaurants.map((r) => status(restaurantCardSource(r))), nextOffset: page.nextOffset }}
          />
        ) : (
          <EmptyState icon="store" title={open ? home.nothingOpen : home.noneFound}>
            {open
              ? cuisineName
                ? t("home.noneOpenCuisine", { cuisine: cuisineName })
                : home.noneOpen
              : cuisineName
                ? t("home.noneCuisine", { cuisine: cuisineName })
                : home.soon}
          </EmptyState>
        )}
      </section>
    </div>
  );
}
