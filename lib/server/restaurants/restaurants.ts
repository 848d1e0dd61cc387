import "server-only";
import type { Restaurant } from "@/lib/generated/prisma/client";
import { RESTAURANT_DEFAULT_CLOSING, type RestaurantSort } from "@/lib/shared/constants";
import { businessHoursText } from "@/lib/shared/time/hours-text";
import { ENGLISH } from "@/lib/i18n/catalogues";
import type { RestaurantJson } from "@/lib/contract/restaurants/schemas";
import { majorIn } from "@/lib/shared/money/currency";
import { distanceKm, type Point } from "@/lib/shared/delivery/delivery";
import { busyMinutesAt, pausedUntilAt } from "@/lib/shared/kitchen/kitchen";
import type { Paging, RestaurantQuery } from "@/lib/contract/restaurants/browse-rules";
import { catalogCached, scopes } from "../platform/catalog-cache";
import { db } from "../platform/db";
import { currenciesOf } from "../markets/markets";
import { notFound } from "../platform/errors";
import { filterOpenNow, openFactsOf, openingHoursOf, restaurantsUntil } from "./open-now";
import { restaurantPageIds } from "./queries";
import { said } from "@/lib/shared/words/said";

/** Mean restaurantRating to one decimal, null without reviews (kept as sum and count). */
export function ratingOf(r: { ratingSum: number; numReviews: number }): number | null {
  return r.numReviews ? Math.round((r.ratingSum / r.numReviews) * 10) / 10 : null;
}

/**
 * `businessHours`, written from the weekly schedule (lib/shared/time/hours-text.ts): the schedule is
 * the one source, so the text never contradicts it, whatever the row's old free-text column
 * says. Kept per row object, like the parsed schedule.
 */
function hoursTextOf(r: Pick<Restaurant, "timeZone" | "hours" | "closures" | "closingTime">): string {
  let text = hoursTexts.get(r);
  if (text === undefined) hoursTexts.set(r, (text = businessHoursText(openingHoursOf(r).hours, ENGLISH.lines.hours.closedWeek)));
  return text;
}
const hoursTexts = new WeakMap<object, string>();

/**
 * The JSON of a restaurant: openNow, nextChange and closingTime as of the call (kept per schedule while they hold: openFactsOf),
 * businessHours and closingTime derived from the schedule (no close today: the spec's default 22:00). Takes no clock argument.
 * Its own pricing is in major units of `currency`, its market's (restaurantsToJson reads it).
 */
export function restaurantToJson(r: Restaurant, currency: string): RestaurantJson {
  const major = majorIn(currency);
  const opening = openingHoursOf(r);
  const { status, closingTime } = openFactsOf(r);
  return {
    id: r.id,
    ownerId: r.ownerId,
    name: r.name,
    description: r.description,
    address: r.address,
    city: r.city,
    state: r.state,
    zip: r.zip,
    cuisineType: r.cuisineType,
    deliveryFee: major(r.deliveryFeeCents),
    deliveryTime: r.deliveryTime,
    deliveryRadiusKm: r.deliveryRadiusKm,
    lat: r.lat,
    lng: r.lng,
    businessHours: hoursTextOf(r),
    closingTime: closingTime ?? RESTAURANT_DEFAULT_CLOSING,
    servicing: r.servicing,
    timeZone: opening.timeZone,
    hours: opening.hours,
    closures: opening.closures,
    openNow: status.openNow,
    nextChange: status.nextChange?.toISOString() ?? null,
    // The kitchen (docs/architecture/kitchen.md): as of the call; restaurantsUntil ends a kept answer when either ends.
    pausedUntil: pausedUntilAt(r.pausedUntil, new Date())?.toISOString() ?? null,
    busyExtraMinutes: busyMinutesAt(r, new Date()),
    autoAccept: r.autoAccept,
    defaultPrepMinutes: r.defaultPrepMinutes,
    // Its own delivery pricing (docs/architecture/money-and-orders.md "Delivery pricing").
    minOrder: r.minOrderCents == null ? null : major(r.minOrderCents),
    freeDeliveryOver: r.freeDeliveryOverCents == null ? null : major(r.freeDeliveryOverCents),
    storeImage: r.storeImage,
    priceLevel: r.priceLevel,
    rating: ratingOf(r),
    numReviews: r.numReviews,
    // Only ever set on the owner's own reads: the catalog does not show a suspended restaurant.
    ...(r.suspendedAt ? { suspension: { at: r.suspendedAt.toISOString(), reason: r.suspensionReason ?? "" } } : {}),
  };
}
export type { RestaurantJson };

/** The JSON of each row, in its market's currency (one read of the markets, none for the default's alone). */
export async function restaurantsToJson(rows: Restaurant[]): Promise<RestaurantJson[]> {
  const currency = await currenciesOf(rows);
  return rows.map((row) => restaurantToJson(row, currency(row)));
}

/** One row's JSON (restaurantsToJson). */
export const restaurantJson = async (row: Restaurant): Promise<RestaurantJson> => (await restaurantsToJson([row]))[0]!;

/**
 * Active restaurants, one page, by name or in one of the home page's sorts. Rating and count
 * are columns of the same rows, so a page needs no query per restaurant; one extra row tells
 * whether another page exists. Cached while the catalog is unchanged (catalog-cache.ts), as are
 * the cuisines and single restaurants below. A search (`q` in the name, the cuisine or a dish's
 * name, as platform/queries/match.ts matches) or a computed sort picks the page's ids in SQL.
 */
export async function listRestaurants(query: RestaurantQuery): Promise<RestaurantPage> {
  if (query.open) return listOpenRestaurants(query);
  const rows = await catalogCached(
    `restaurants:${JSON.stringify(query)}`,
    () =>
      query.q || query.sort
        ? restaurantPage(query, query.sort ?? "name")
        : db.restaurant.findMany({
            where: { servicing: true, cuisineType: query.cuisine },
            orderBy: [{ name: "asc" }, { id: "asc" }],
            skip: query.offset,
            take: query.limit + 1,
          }),
    { under: restaurantListScopes(query) },
  );
  const hasMore = rows.length > query.limit;
  const restaurants = rows.slice(0, query.limit);
  return { restaurants, hasMore, nextOffset: hasMore ? query.offset + query.limit : null, until: restaurantsUntil(restaurants) };
}

/**
 * What a list of restaurants is read from: their rows (every sort is of Restaurant's columns) and,
 * with a search (`q` also matches a dish's name), the whole catalog.
 */
export const restaurantListScopes = (query: { q?: string }): readonly string[] => [query.q ? scopes.catalog : scopes.restaurants];

/** A page of the list, and `until`: the instant (ms) its JSON stops being true by the clock (null: never), for a shared answer. */
export type RestaurantPage = { restaurants: Restaurant[]; hasMore: boolean; nextOffset: number | null; until: number | null };

/** Every match, in the list's order: the open-now filter's candidates. */
const ALL_ROWS = 1_000_000;

/**
 * `?open=true`: the open-now filter runs after the query. Whether a restaurant is open depends on
 * its weekly schedule, its closures and its time zone's clock at the time of the request, which
 * SQL could evaluate only per zone with date arithmetic both databases spell differently. So
 * every restaurant matching the other filters is read in the list's order (cached while the
 * catalog is unchanged, like every list: a few thousand rows at scale 10), filtered with
 * `filterOpenNow` at request time (one clock reading each, never cached), and only then paged,
 * so pages stay contiguous and `hasMore` exact.
 */
async function listOpenRestaurants(query: RestaurantQuery) {
  const { offset, limit, ...filters } = query;
  const all = { ...filters, open: undefined, offset: 0, limit: ALL_ROWS };
  const rows = await catalogCached(
    `restaurants:all:${JSON.stringify(filters)}`,
    () =>
      query.q || query.sort
        ? restaurantPage(all, query.sort ?? "name")
        : db.restaurant.findMany({ where: { servicing: true, cuisineType: query.cuisine }, orderBy: [{ name: "asc" }, { id: "asc" }] }),
    { under: restaurantListScopes(query) },
  );
  const now = new Date();
  const open = filterOpenNow(rows, now);
  const hasMore = open.length > offset + limit;
  const restaurants = open.slice(offset, offset + limit);
  // Which restaurants pass the filter changes when any candidate opens or closes. Hours are whole
  // minutes ("HH:MM", in zones whose offsets are whole minutes), so the filter's answer holds at
  // least until the next whole minute: that bound needs no look at the candidates left out of the
  // page (a few thousand at scale 10), whose own changes would otherwise have to be collected.
  const nextMinute = Math.floor(now.getTime() / 60_000) * 60_000 + 60_000;
  return { restaurants, hasMore, nextOffset: hasMore ? offset + limit : null, until: Math.min(restaurantsUntil(restaurants, now) ?? nextMinute, nextMinute) };
}

/**
 * One page of a search or in a computed order (rating is a quotient of two columns, price a
 * rank of the level): the page's ids from one hand-written query (the search matches as
 * /api/search does, on the search indexes: platform/queries/match.ts; `q` in the name, the cuisine or a
 * dish's name), then the rows by id, put back in that order. It sorts every active restaurant
 * matching the filter (a few thousand at scale 10).
 */
async function restaurantPage(query: RestaurantQuery, sort: RestaurantSort | "name"): Promise<Restaurant[]> {
  const ids = await restaurantPageIds(query, sort);
  if (!ids.length) return [];
  const rows = await db.restaurant.findMany({ where: { id: { in: ids } } });
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * The cuisines that at least one active restaurant serves (cuisine chips enable on these).
 * A GROUP BY in SQL, answered from the (servicing, cuisineType, name) index: `findMany` with
 * `distinct` would read every active restaurant and drop the duplicates in JavaScript
 * (about 1,900 rows per /home at scale 10).
 */
export async function activeCuisines(): Promise<string[]> {
  return catalogCached(
    "cuisines",
    async () => {
      const rows = await db.restaurant.groupBy({ by: ["cuisineType"], where: { servicing: true }, orderBy: { cuisineType: "asc" } });
      return rows.map((r) => r.cuisineType);
    },
    { under: [scopes.restaurants] },
  );
}

/**
 * Any restaurant by id, active or not (its page says when it takes no orders); one suspended by
 * an operator is a 404 like a missing one (its owner sees it on their own pages).
 */
export async function getRestaurant(id: number): Promise<Restaurant> {
  const restaurant = await catalogCached(`restaurant:${id}`, () => db.restaurant.findUnique({ where: { id } }), { under: [scopes.restaurant(id)] });
  if (!restaurant || restaurant.suspendedAt) throw notFound(said("messages.restaurantNotFound"));
  return restaurant;
}

/**
 * The restaurants the user owns, newest first, one page (the same shape as listRestaurants:
 * one extra row tells whether another page exists).
 */
export async function listOwnedRestaurants(userId: number, paging: Paging) {
  const rows = await db.restaurant.findMany({
    where: { ownerId: userId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    skip: paging.offset,
    take: paging.limit + 1,
  });
  const hasMore = rows.length > paging.limit;
  return { restaurants: rows.slice(0, paging.limit), hasMore, nextOffset: hasMore ? paging.offset + paging.limit : null };
}

/** At most this many restaurants in the list of those delivering to an address (/home?address=). */
export const NEAR_LIMIT = 24;

/**
 * The restaurants taking orders that deliver to `point` (within their own radius), nearest first,
 * each with its distance in km (/home?address=, docs/architecture/places.md "Delivery radius").
 * The places of all of them are one cached read (a few numbers per restaurant, kept while the
 * catalog holds); the distances are computed in memory, and the rows of the nearest are one
 * read by id, cached by the ids it names. A restaurant without a place (saved before places,
 * an unknown ZIP) is left out: how far it is cannot be said.
 */
export async function restaurantsDeliveringTo(point: Point, limit = NEAR_LIMIT): Promise<{ restaurant: Restaurant; km: number }[]> {
  const places = await catalogCached(
    "restaurants:places",
    () =>
      db.restaurant.findMany({
        where: { servicing: true, lat: { not: null }, lng: { not: null } },
        select: { id: true, lat: true, lng: true, deliveryRadiusKm: true },
      }),
    { under: [scopes.restaurants] },
  );
  const near = places
    .map((place) => ({ id: place.id, km: distanceKm(point, { lat: place.lat!, lng: place.lng! }), radius: place.deliveryRadiusKm }))
    .filter((place) => place.km <= place.radius)
    .sort((a, b) => a.km - b.km || a.id - b.id)
    .slice(0, limit);
  if (!near.length) return [];
  const ids = near.map((place) => place.id);
  const rows = await catalogCached(`restaurants:ids:${ids.join(",")}`, () => db.restaurant.findMany({ where: { id: { in: ids } } }), {
    under: [scopes.restaurants],
  });
  const byId = new Map(rows.map((row) => [row.id, row]));
  return near.flatMap(({ id, km }) => (byId.has(id) ? [{ restaurant: byId.get(id)!, km }] : []));
}
