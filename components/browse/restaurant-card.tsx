import Link from "@/components/ui/link";
import type { RestaurantJson } from "@/lib/server/restaurants/restaurants";
import { FoodPhoto } from "./food-photo";
import { pickupEstimateText } from "@/lib/shared/delivery/arrival";
import { roundKm } from "@/lib/shared/delivery/delivery";
import { LazyOpenStatus } from "./open-status-lazy";
import { STANDARD_DELIVERY_FEE } from "./delivery-fee";
import { FulfillmentSwitch } from "./fulfillment-switch";
import { currentEstimateText } from "@/lib/shared/delivery/delivery-estimate";
import type { Words } from "@/lib/i18n/words";
import { decimalText, fill } from "@/lib/shared/words/fill";
import type { Locale } from "@/lib/i18n/locale";
import { withPausedText } from "@/lib/shared/kitchen/kitchen-lines";
import { estimateMinutes, openStatusSource, priceSymbol, type RestaurantCardSource } from "./format";
import { Rating } from "./rating";
import { LazyRestaurantHeart } from "./restaurant-heart-lazy";
import styles from "./restaurant-card.module.css";

export type RestaurantSummary = RestaurantCardSource;

/**
 * A card's words (the catalogue's browse.card, the cuisines' names too), from the server: every list of cards takes them.
 * `pause`: a paused one's line (lines.kitchen.paused) and its time's language, English's without (lib/server/web/card-words.ts), for a card whose source has no `pausedText`.
 */
export type CardWords = Words<"browse">["card"] & { pause: { paused: string; locale?: Locale } };

export const RESTAURANT_CARD_SIZES = "(min-width: 1100px) 280px, (min-width: 900px) 33vw, (min-width: 560px) 50vw, 100vw";

/**
 * A restaurant in the browse grid. The name is the card's one link and its ::after covers the
 * whole card, so the card is clickable while screen readers hear only the name as the link.
 * A deactivated restaurant (search finds those too) is marked "Not taking orders". In pickup mode
 * (the top bar's toggle) the delivery time and fee give way to the pickup estimate. The spec fixes no
 * card text ("Route details for home ... not shown"): the delivery time is the one estimate.
 */
export function RestaurantCard({
  restaurant,
  eager = false,
  preload = false,
  sizes = RESTAURANT_CARD_SIZES,
  distanceKm,
  distance,
  estimate,
  words,
}: {
  restaurant: RestaurantSummary;
  eager?: boolean;
  preload?: boolean;
  sizes?: string;
  /** How far it is from the address searched (/home?address=), shown first. */
  distanceKm?: number;
  /** That distance as a mi market reads it ("0.8 mi", lib/shared/delivery/distance.ts), from the server; a km market's is the card's own "{km} km". */
  distance?: string;
  /** The arrival quoted to the visitor's address (use-arrival-texts.ts), once it answered; else the spec's range. */
  estimate?: string;
  words: CardWords;
}) {
  return (
    <article className={styles.card}>
      <div className={`${styles.photo} ${restaurant.servicing === false ? styles.closed : ""}`}>
        <FoodPhoto src={restaurant.storeImage} alt={restaurant.name} sizes={sizes} eager={eager} preload={preload} />
      </div>
      <LazyRestaurantHeart id={restaurant.id} name={restaurant.name} words={words.heart} />
      <div className={styles.body}>
        <div className={styles.titleRow}>
          <h3 className={styles.name}>
            <Link href={`/restaurants/${restaurant.id}`} className={styles.link} data-focus-target>
              {restaurant.name}
            </Link>
          </h3>
          <Rating rating={restaurant.rating} numReviews={restaurant.numReviews} words={words} />
        </div>
        <p className={styles.meta}>
          {distanceKm !== undefined && (
            <>
              <span className={styles.distance}>{distance ?? fill(words.km, { km: decimalText(roundKm(distanceKm), words.decimal) })}</span>{" "}
              <span aria-hidden="true">·</span>{" "}
            </>
          )}
          <FulfillmentSwitch
            delivery={
              <>
                {/* The quote to the visitor's address once known, else the one estimate (lib/shared/delivery/delivery-estimate.ts), as the restaurant page and checkout say it: a paused one's counts the minutes to its reopening, which the browser's clock may round a minute apart. */}
                <span suppressHydrationWarning>{estimate ?? currentEstimateText(restaurant)}</span> <span aria-hidden="true">·</span>{" "}
                {restaurant.fee ?? fill(words.deliveryFee, { fee: STANDARD_DELIVERY_FEE })}
              </>
            }
            pickup={fill(words.pickup, { estimate: pickupEstimateText(estimateMinutes(restaurant)) })}
          />
        </p>
        <p className={styles.meta}>
          {words.cuisines[restaurant.cuisineType as keyof CardWords["cuisines"]] ?? restaurant.cuisineType} <span aria-hidden="true">·</span>{" "}
          <span className={styles.price}>{priceSymbol(restaurant.priceLevel)}</span>
        </p>
        {restaurant.servicing === false ? (
          <p className={styles.closedNote}>{words.notTaking}</p>
        ) : (
          hasHours(restaurant) && (
            <p className={styles.meta}>
              <LazyOpenStatus restaurant={openStatusSource({ ...pausedIn(restaurant, words.pause), openWords: words.open, locale: words.pause.locale })} />
            </p>
          )
        )}
      </div>
    </article>
  );
}

const hasHours = (r: RestaurantSummary): r is RestaurantSummary & Required<Pick<RestaurantJson, "openNow" | "nextChange" | "timeZone" | "hours" | "closures">> =>
  r.openNow !== undefined && r.hours !== undefined && r.timeZone !== undefined && r.closures !== undefined && r.nextChange !== undefined;

/** A paused one's line in the reader's words: the server's (withPausedText), else written here from the card's words (the cards the browser loads). */
const pausedIn = <T extends RestaurantSummary>(r: T, pause: CardWords["pause"]): T => (r.pausedText ? r : withPausedText(r, pause, pause.locale ?? "en"));
