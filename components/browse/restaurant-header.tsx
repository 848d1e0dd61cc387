import { IconGlyph } from "@/components/ui/icons";
import { PhotoCaption } from "@/components/ui/photo-caption";
import type { RestaurantJson } from "@/lib/server/restaurants/restaurants";
import { pickupEstimateText } from "@/lib/shared/delivery/arrival";
import { directionsUrl } from "@/lib/shared/delivery/directions";
import { withNextChangeText } from "@/lib/shared/time/next-change-text";
import { roundKm } from "@/lib/shared/delivery/delivery";
import { StartGroupButton } from "@/components/group/start-group-button";
import { FoodPhoto, photoSrc } from "./food-photo";
import { LazyOpenStatus } from "./open-status-lazy";
import { WeeklyHoursList } from "./weekly-hours";
import type { MarketPricing } from "@/lib/shared/money/delivery-pricing";
import { deliveryFeeFacts } from "@/lib/shared/money/delivery-pricing-text";
import { DistanceFee } from "./distance-fee";
import { FulfillmentSwitch } from "./fulfillment-switch";
import { DeliveryReach } from "./delivery-reach";
import { ArrivalEstimate } from "./arrival-estimate";
import { currentEstimateText } from "@/lib/shared/delivery/delivery-estimate";
import { pausedLabelIn, reopensLabelIn } from "@/lib/shared/kitchen/kitchen-lines";
import { estimateMinutes, openStatusSource, priceSymbol } from "./format";
import { PickupModeButton } from "./pickup-mode-button";
import { LongRating } from "./long-rating";
import { LazyRestaurantHeart } from "./restaurant-heart-lazy";
import { RestaurantOffers } from "./restaurant-offers";
import type { Locale } from "@/lib/i18n/locale";
import type { Words } from "@/lib/i18n/words";
import { distanceIn, type MilesWords, type UnitWords } from "@/lib/shared/delivery/distance";
import { decimalText, fill } from "@/lib/shared/words/fill";
import { centsOfAmount } from "@/lib/shared/money/money";
import styles from "./restaurant-header.module.css";

/**
 * The restaurant page's top: hero photo, name, ratings, facts and the order options (Group order,
 * Pickup). In pickup mode (the top bar's toggle, or Pickup here) the delivery facts give way to
 * the pickup estimate and the address gets a "Get directions" link. `words`: the catalogue's
 * restaurant namespace in the request's language, `locale` its amounts and times; `browse`: the
 * offers' and the delivery reach's (browse.restaurant).
 */
export function RestaurantHeader({
  restaurant,
  market,
  words,
  browse,
  cuisines,
  kitchen,
  miles,
  locale,
  currency,
}: {
  restaurant: RestaurantJson;
  market: MarketPricing;
  words: Words<"restaurant">;
  browse: Words<"browse">["restaurant"];
  /** The cuisines' names (the cards' browse.card.cuisines). */
  cuisines: Words<"browse">["card"]["cuisines"];
  /** The pause's lines (the catalogue's lines.kitchen). */
  kitchen: Words<"lines">["kitchen"];
  /** A mi market's restaurant: the distances' units and sentences (courier.miles); a km market's say "5 km" themselves. */
  miles?: { units: UnitWords; words: MilesWords };
  locale: Locale;
  /** Its market's currency (USD when not given): the fees' amounts. */
  currency?: string;
}) {
  // The fee as checkout charges it: the market's rule and the restaurant's own (lib/shared/money/delivery-pricing-text.ts).
  const cents = (amount: number | null) => (amount === null ? null : centsOfAmount(amount, currency ?? "USD"));
  const fees = deliveryFeeFacts(
    market,
    { minOrderCents: cents(restaurant.minOrder), freeDeliveryOverCents: cents(restaurant.freeDeliveryOver) },
    words.fee,
    locale,
    currency,
  );
  // The one estimate: busy minutes and, paused, the minutes until it reopens, with why (lib/shared/delivery/delivery-estimate.ts);
  // ArrivalEstimate then quotes the visitor's address (lib/shared/delivery/arrival-quote.mjs).
  const estimate = currentEstimateText(restaurant);
  const hero = photoSrc(restaurant.storeImage, "lg");
  return (
    <header className={styles.header}>
      <div className={styles.hero}>
        <FoodPhoto src={restaurant.storeImage} alt={restaurant.name} variant="lg" sizes="(min-width: 1200px) 1152px, 100vw" preload />
        {hero && <PhotoCaption src={hero} />}
      </div>
      <div className={styles.intro}>
        <div className={styles.titleBlock}>
          <h1 className={styles.name}>{restaurant.name}</h1>
          <p className={styles.meta}>
            <span>{cuisines[restaurant.cuisineType as keyof typeof cuisines] ?? restaurant.cuisineType}</span>
            <span aria-hidden="true">·</span>
            <span className={styles.price}>{priceSymbol(restaurant.priceLevel)}</span>
            <span aria-hidden="true">·</span>
            <LongRating rating={restaurant.rating} numReviews={restaurant.numReviews} />
          </p>
          {restaurant.servicing && (
            <p className={styles.status}>
              <LazyOpenStatus
                restaurant={{
                  ...openStatusSource({ ...withNextChangeText(restaurant, locale), openWords: words.open }),
                  ...(restaurant.pausedUntil ? { pausedText: pausedLabelIn(restaurant.pausedUntil, restaurant.timeZone, kitchen, locale) } : {}),
                }}
              />
            </p>
          )}
          <p className={styles.description}>{restaurant.description}</p>
          <RestaurantOffers restaurantId={restaurant.id} words={browse} />
        </div>
        <div className={styles.actions} role="group" aria-label={words.orderOptions}>
          <LazyRestaurantHeart id={restaurant.id} name={restaurant.name} size="large" words={browse.heart} />
          <StartGroupButton restaurantId={restaurant.id} labels={{ start: words.groupOrder, starting: words.starting }} />
          <PickupModeButton label={words.pickupMode} />
        </div>
      </div>
      {!restaurant.servicing && (
        <p className={styles.closed}>
          <IconGlyph name="info" size={22} />
          <strong>{words.closed}</strong>
        </p>
      )}
      <FulfillmentSwitch
        delivery={
          <DeliveryReach
            restaurant={{ name: restaurant.name, lat: restaurant.lat, lng: restaurant.lng, deliveryRadiusKm: restaurant.deliveryRadiusKm }}
            words={browse}
            miles={miles && { units: miles.units, tooFarDetail: miles.words.tooFarDetail }}
          />
        }
        pickup={null}
      />
      <dl className={styles.facts}>
        <FulfillmentSwitch
          delivery={
            <>
              <div className={styles.fact}>
                <dt>
                  <IconGlyph name="scooter" size={18} /> {words.delivery}
                </dt>
                <dd>
                  <ArrivalEstimate
                    restaurantId={restaurant.id}
                    fallback={estimate}
                    quotedFor={browse.quotedFor}
                    note={
                      <span className={styles.feeNote}>
                        {miles
                          ? fill(miles.words.within, { distance: distanceIn(restaurant.deliveryRadiusKm, miles.units) })
                          : fill(words.within, { km: decimalText(roundKm(restaurant.deliveryRadiusKm), browse.decimal) })}
                      </span>
                    }
                  />
                  {restaurant.pausedUntil && <span className={styles.reopens}>{reopensLabelIn(restaurant.pausedUntil, restaurant.timeZone, kitchen, locale)}</span>}
                </dd>
              </div>
              <div className={styles.fact}>
                <dt>
                  <IconGlyph name="receipt" size={18} /> {words.deliveryFee}
                </dt>
                <dd>
                  {fees.fee} <span className={styles.feeNote}>{fees.priority}</span>
                  <DistanceFee market={market} restaurant={{ lat: restaurant.lat, lng: restaurant.lng }} words={words.yourFee} locale={locale} currency={currency} />
                  {fees.notes.map((note) => (
                    <span key={note} className={styles.feeRule}>
                      {note}
                    </span>
                  ))}
                </dd>
              </div>
            </>
          }
          pickup={
            <>
              <div className={styles.fact}>
                <dt>
                  <IconGlyph name="bag" size={18} /> {words.pickup}
                </dt>
                <dd>{fill(words.readyIn, { time: pickupEstimateText(estimateMinutes(restaurant)) })}</dd>
              </div>
              <div className={styles.fact}>
                <dt>
                  <IconGlyph name="receipt" size={18} /> {words.fees}
                </dt>
                <dd>{words.noDeliveryFee}</dd>
              </div>
            </>
          }
        />
        <div className={`${styles.fact} ${styles.wide}`}>
          <dt>
            <IconGlyph name="clock" size={18} /> {words.hours}
          </dt>
          <dd>
            <WeeklyHoursList hours={restaurant.hours} timeZone={restaurant.timeZone} words={words.days} locale={locale} />
          </dd>
        </div>
        <div className={`${styles.fact} ${styles.wide}`}>
          <dt>
            <IconGlyph name="pin" size={18} /> {words.address}
          </dt>
          <dd>
            {restaurant.address}, {restaurant.city}, {restaurant.state} {restaurant.zip}
            <FulfillmentSwitch
              delivery={null}
              pickup={
                <a className={styles.directions} href={directionsUrl(restaurant)} target="_blank" rel="noopener noreferrer">
                  {words.directions}
                  <span className="sr-only">{words.newTab}</span>
                </a>
              }
            />
          </dd>
        </div>
      </dl>
    </header>
  );
}
