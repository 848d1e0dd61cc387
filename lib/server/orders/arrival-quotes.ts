import "server-only";
import { quoteArrival, QUOTE_SETTINGS } from "@/lib/shared/delivery/arrival-quote.mjs";
import { distanceKm, type Point } from "@/lib/shared/delivery/delivery";
import { deliveryEstimateMinutes, pausedMinutesAt } from "@/lib/shared/delivery/delivery-estimate";
import { busyMinutesAt } from "@/lib/shared/kitchen/kitchen";
import { shiftCourierPoints, searchBox } from "../dispatch/queries/couriers";
import { kitchenQueues } from "./queries/placement";
import { plainSql, type Sql } from "../platform/sql";
import { db } from "../platform/db";
import { badRequest } from "../platform/errors";
import type { SessionUser } from "../platform/session-user";
import { geocodeText } from "../geo/geocoder";
import { latestPromises } from "./queries/on-time";
import { rangeText } from "@/lib/shared/delivery/delivery-estimate";
import type { ArrivalQuoteJson, OnTimeJson } from "@/lib/contract/restaurants/schemas";
import type { Locale } from "@/lib/i18n/locale";
import { translatorFor } from "@/lib/i18n/translate";
import { said } from "@/lib/shared/words/said";

// The arrival quoted before ordering (docs/architecture/order-stages.md "Arrival window") for
// restaurants and the visitor's address: the inputs of lib/shared/delivery/arrival-quote.mjs read in two
// statements whatever the number of restaurants (their kitchens' queues, one indexed GROUP BY over
// open orders; the free couriers in a box around them), nothing that grows with history. Without
// an address (or a restaurant without a place), the spec's range moved by the kitchen's busy and
// paused minutes, as before (lib/shared/delivery/delivery-estimate.ts).

/** Restaurant.defaultPrepMinutes' default: a row read without it. */
export const DEFAULT_PREP_MINUTES = 20;

/** What the quote reads of a restaurant's row. */
export type QuotedRestaurant = {
  id: number;
  lat: number | null;
  lng: number | null;
  defaultPrepMinutes: number;
  busyExtraMinutes: number;
  busyUntil: Date | null;
  pausedUntil: Date | null;
  capacityPer15: number | null;
};

/** One restaurant's quote: the standard and priority ranges in minutes after ordering now; `km` null without an address. */
export type ArrivalQuote = { restaurantId: number; km: number | null; standard: [number, number]; priority: [number, number] };

/** The quotes of `restaurants` for an order to `to` (null: no address known) placed at `now`. */
export async function arrivalQuotes(sql: Sql, restaurants: readonly QuotedRestaurant[], to: Point | null, now: Date): Promise<ArrivalQuote[]> {
  const placed = restaurants.filter((r): r is QuotedRestaurant & Point => r.lat !== null && r.lng !== null);
  const [queues, couriers] =
    to && placed.length
      ? await Promise.all([
          kitchenQueues(
            sql,
            placed.map((r) => r.id),
          ),
          couriersAround(sql, placed, now),
        ])
      : [new Map<number, number>(), []];
  return restaurants.map((r) => {
    const busyMinutes = busyMinutesAt(r, now);
    const pausedMinutes = pausedMinutesAt(r.pausedUntil, now);
    if (!to || r.lat === null || r.lng === null) {
      const source = { busyExtraMinutes: busyMinutes, pausedMinutes };
      return { restaurantId: r.id, km: null, standard: deliveryEstimateMinutes(source, "standard"), priority: deliveryEstimateMinutes(source, "priority") };
    }
    const at = { lat: r.lat, lng: r.lng };
    const input = {
      prepMinutes: r.defaultPrepMinutes,
      busyMinutes,
      pausedMinutes,
      queue: queues.get(r.id) ?? 0,
      capacityPer15: r.capacityPer15,
      km: distanceKm(at, to),
      couriersNear: couriersNearOf(couriers, at),
    };
    return {
      restaurantId: r.id,
      km: Math.round(input.km * 10) / 10,
      standard: quoteArrival({ ...input, option: "standard" }),
      priority: quoteArrival({ ...input, option: "priority" }),
    };
  });
}

/** One restaurant's quote (placement and the restaurant's own route). */
export async function arrivalQuote(sql: Sql, restaurant: QuotedRestaurant, to: Point | null, now: Date): Promise<ArrivalQuote> {
  return (await arrivalQuotes(sql, [restaurant], to, now))[0]!;
}

/**
 * The free couriers near a restaurant; null when no courier is on shift near it at all: the
 * restaurant's own delivery (the spec's flow, the owner marks it delivered), which waits for no courier.
 */
function couriersNearOf(couriers: readonly (Point & { free: boolean })[], at: Point): number | null {
  const near = couriers.filter((c) => distanceKm(c, at) <= QUOTE_SETTINGS.nearKm);
  return near.length ? near.filter((c) => c.free).length : null;
}

/** The couriers on shift within the quote's "near" of any of the restaurants: one statement over a box around them all. */
function couriersAround(sql: Sql, restaurants: readonly Point[], now: Date) {
  const boxes = restaurants.map((r) => searchBox(r, QUOTE_SETTINGS.nearKm));
  return shiftCourierPoints(
    sql,
    {
      minLat: Math.min(...boxes.map((b) => b.minLat)),
      maxLat: Math.max(...boxes.map((b) => b.maxLat)),
      minLng: Math.min(...boxes.map((b) => b.minLng)),
      maxLng: Math.max(...boxes.map((b) => b.maxLng)),
    },
    now,
  );
}

/** What GET /api/restaurants/{id}/arrival and /arrivals read of the query: where to. */
export type ArrivalPlaceQuery = { lat?: number; lng?: number; address?: string };

/**
 * Where the visitor's order would go: `lat`/`lng`, else the `address` placed (one that cannot be
 * is a 400 naming it), else the signed-in caller's saved place, else none.
 */
export function visitorPlace(query: ArrivalPlaceQuery, user: Pick<SessionUser, "lat" | "lng"> | null): Point | null {
  if (query.lat !== undefined && query.lng !== undefined) return { lat: query.lat, lng: query.lng };
  if (query.address) {
    const point = geocodeText(query.address);
    if (!point) throw badRequest(said("messages.unreadableAddress"), { address: said("messages.unreadableAddress") });
    return { lat: point.lat, lng: point.lng };
  }
  return user && user.lat !== null && user.lng !== null ? { lat: user.lat, lng: user.lng } : null;
}

/** A quote's JSON. */
export function arrivalQuoteToJson(quote: ArrivalQuote): ArrivalQuoteJson {
  const range = ([min, max]: [number, number]) => ({ minMinutes: min, maxMinutes: max, text: rangeText([min, max]) });
  return { restaurantId: quote.restaurantId, addressKnown: quote.km !== null, km: quote.km, standard: range(quote.standard), priority: range(quote.priority) };
}

const quotedSelect = {
  id: true,
  lat: true,
  lng: true,
  defaultPrepMinutes: true,
  busyExtraMinutes: true,
  busyUntil: true,
  pausedUntil: true,
  capacityPer15: true,
} as const;

/** GET /api/restaurants/{id}/arrival: the restaurant's quote to the visitor's place and its on-time record (its `text` in the request's language). */
export async function restaurantArrival(restaurant: QuotedRestaurant, query: ArrivalPlaceQuery, user: SessionUser | null, now = new Date(), locale: Locale = "en") {
  const to = visitorPlace(query, user);
  const sql = plainSql();
  const [quote, onTime] = await Promise.all([arrivalQuote(sql, restaurant, to, now), onTimeRecord(sql, restaurant.id, locale)]);
  return { arrival: arrivalQuoteToJson(quote), onTime };
}

/** GET /api/restaurants/arrivals: the quotes of the restaurants asked that take orders, in the order asked. */
export async function restaurantArrivals(ids: readonly number[], query: ArrivalPlaceQuery, user: SessionUser | null, now = new Date()) {
  const to = visitorPlace(query, user);
  const rows = await db.restaurant.findMany({ where: { id: { in: [...ids] }, servicing: true, suspendedAt: null }, select: quotedSelect });
  const byId = new Map(rows.map((r) => [r.id, r]));
  const found = ids.flatMap((id) => byId.get(id) ?? []);
  return { quotes: (await arrivalQuotes(plainSql(), found, to, now)).map(arrivalQuoteToJson) };
}

/** The on-time record needs this many deliveries with a promise before it is shown ... */
export const ON_TIME_MIN_DELIVERIES = 20;
/** ... and counts at most this many, the latest. */
export const ON_TIME_LAST = 50;

/**
 * The restaurant's on-time record: of its latest ON_TIME_LAST deliveries with a promise, how many
 * arrived by the end of their range ("On time 87% of the last 50"); null below ON_TIME_MIN_DELIVERIES.
 */
export async function onTimeRecord(sql: Sql, restaurantId: number, locale: Locale = "en"): Promise<OnTimeJson> {
  const latest = await latestPromises(sql, restaurantId, ON_TIME_LAST);
  if (latest.length < ON_TIME_MIN_DELIVERIES) return null;
  const onTime = latest.filter((p) => p.actualMinutes <= p.promisedMaxMinutes).length;
  const percent = Math.round((onTime / latest.length) * 100);
  const text = translatorFor(locale, "server.labels.arrival")("onTime", { percent: String(percent), count: String(latest.length) });
  return { onTime, of: latest.length, percent, text };
}
