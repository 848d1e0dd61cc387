import "server-only";
import { MARKET_TIME_ZONE } from "@/lib/shared/constants";
import { DEFAULT_CURRENCY } from "@/lib/shared/money/currency";
import { distanceUnitOf, type DistanceUnit } from "@/lib/shared/delivery/distance";
import { type MarketInput, type RestaurantMarketInput } from "@/lib/contract/markets/rules";
import { db } from "../platform/db";
import { ApiError, conflict, isUniqueViolation, notFound } from "../platform/errors";
import type { Operator } from "../platform/operator";
import { recordAudit } from "../platform/audit";
import { marketOfRestaurantRow, restaurantMoneyStarted } from "./queries";
import { readSql } from "../platform/sql";
import { said, word } from "@/lib/shared/words/said";

// Markets (docs/architecture/languages.md "Markets and currencies"): an operator opens one
// (a currency, a time zone new restaurants start in, a tax setup, distance units, languages) and
// moves restaurants into it. Market 1 is today's, USD; every restaurant starts there.

export const DEFAULT_MARKET_ID = 1;

export type MarketJson = {
  id: number;
  code: string;
  name: string;
  currency: string;
  timeZone: string;
  distanceUnit: string;
  languages: string[];
  taxSetup: string;
  restaurants: number;
  createdAt: string;
};

/** A market as stored: its languages one comma-separated text. */
type MarketRow = Omit<MarketJson, "languages" | "restaurants" | "createdAt"> & { languages: string; createdAt: Date };

const toJson = (market: MarketRow, restaurants: number): MarketJson => ({
  id: market.id,
  code: market.code,
  name: market.name,
  currency: market.currency,
  timeZone: market.timeZone,
  distanceUnit: market.distanceUnit,
  languages: market.languages.split(",").filter(Boolean),
  taxSetup: market.taxSetup,
  restaurants,
  createdAt: market.createdAt.toISOString(),
});

/** GET /api/admin/markets: every market, oldest (the default) first, with its number of restaurants. */
export async function listMarkets(): Promise<MarketJson[]> {
  const markets = await db.market.findMany({ orderBy: { id: "asc" }, include: { _count: { select: { restaurants: true } } } });
  return markets.map((market) => toJson(market, market._count.restaurants));
}

/** Each market's distance unit by id (a market's never changes): a list of restaurants shows each row's own. */
export async function distanceUnits(): Promise<Map<number, DistanceUnit>> {
  const markets = await db.market.findMany({ select: { id: true, distanceUnit: true } });
  return new Map(markets.map((market) => [market.id, distanceUnitOf(market.distanceUnit)]));
}

/**
 * The restaurants priced in another currency than USD, each with its market's: a dish grid's
 * cards (home, search, favourites) print and add to the cart in it. Small: most are the default market's.
 */
export async function otherCurrencies(): Promise<Record<number, string>> {
  const markets = await db.market.findMany({ where: { currency: { not: DEFAULT_CURRENCY } }, select: { currency: true, restaurants: { select: { id: true } } } });
  return Object.fromEntries(markets.flatMap((market) => market.restaurants.map((restaurant) => [restaurant.id, market.currency])));
}

/** A market's currency (its restaurants' amounts, their ledger accounts') and distance unit; the default market's for an unknown id. */
export async function marketFacts(id: number): Promise<{ currency: string; distanceUnit: DistanceUnit }> {
  const market = await db.market.findUnique({ where: { id }, select: { currency: true, distanceUnit: true } });
  return { currency: market?.currency ?? DEFAULT_CURRENCY, distanceUnit: distanceUnitOf(market?.distanceUnit) };
}

/**
 * The currency of each row's market, for their JSON: one read of the markets named, none when every
 * row is in the default market (USD since its migration; no market's currency ever changes).
 */
export async function currenciesOf(rows: readonly { marketId: number }[]): Promise<(row: { marketId: number }) => string> {
  const ids = [...new Set(rows.map((row) => row.marketId))].filter((id) => id !== DEFAULT_MARKET_ID);
  const markets = ids.length ? await db.market.findMany({ where: { id: { in: ids } }, select: { id: true, currency: true } }) : [];
  const byId = new Map(markets.map((market) => [market.id, market.currency]));
  return (row) => byId.get(row.marketId) ?? DEFAULT_CURRENCY;
}

/** One row's market's currency (currenciesOf). */
export const currencyOf = async (row: { marketId: number }): Promise<string> => (await currenciesOf([row]))(row);

/** One market; a 404 when unknown. */
export async function readMarket(id: number): Promise<MarketJson> {
  const market = await db.market.findUnique({ where: { id }, include: { _count: { select: { restaurants: true } } } });
  if (!market) throw notFound(said("messages.notFound", { what: word("market") }));
  return toJson(market, market._count.restaurants);
}

/** POST /api/admin/markets: the market opened, audited; a code in use is a 409 naming `code`. */
export async function openMarket(operator: Operator, input: MarketInput, now = new Date()): Promise<MarketJson> {
  const data = {
    code: input.code,
    name: input.name,
    currency: input.currency,
    timeZone: input.timeZone,
    distanceUnit: input.distanceUnit,
    languages: input.languages.join(","),
    taxSetup: input.taxSetup,
    createdById: operator.id,
    createdAt: now,
    updatedAt: now,
  };
  try {
    const market = await db.$transaction(async (tx) => {
      const created = await tx.market.create({ data });
      await recordAudit(tx, operator, {
        action: "market.open",
        targetType: "market",
        targetId: created.id,
        reason: input.reason || `Market ${input.name} opened in ${input.currency}`,
        detail: { ...data, createdAt: undefined, updatedAt: undefined },
      });
      return created;
    });
    return toJson(market, 0);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(said("rules.markets.exists"), { code: said("rules.markets.exists") });
    throw error;
  }
}

/**
 * PUT /api/admin/restaurants/{id}/market: the restaurant moved to a market, its time zone the
 * market's and its carts (Active orders) in the market's currency; audited. Its prices keep their
 * numbers, now in the market's minor unit. A restaurant with orders placed or money in the ledger
 * cannot change currency (a 409 naming `marketId`): its history stays in the currency it was in.
 */
export async function assignRestaurantMarket(operator: Operator, restaurantId: number, input: RestaurantMarketInput): Promise<MarketJson> {
  const market = await db.market.findUnique({ where: { id: input.marketId } });
  if (!market) throw new ApiError("bad_request", said("rules.markets.marketId"), { marketId: said("rules.markets.marketId") });
  await db.$transaction(async (tx) => {
    const restaurant = await tx.restaurant.findUnique({
      where: { id: restaurantId },
      select: { id: true, marketId: true, timeZone: true, market: { select: { currency: true } } },
    });
    if (!restaurant) throw notFound(said("messages.restaurantNotFound"));
    // Already there: nothing changes (its time zone stays the owner's).
    if (restaurant.marketId === market.id) return;
    if (restaurant.market.currency !== market.currency && (await restaurantMoneyStarted(tx, restaurantId))) {
      const message = said("messages.marketCurrencyMove", { from: restaurant.market.currency, to: market.currency });
      throw conflict(message, { marketId: message });
    }
    await tx.restaurant.update({ where: { id: restaurantId }, data: { marketId: market.id, timeZone: market.timeZone } });
    await tx.order.updateMany({ where: { restaurantId, stage: null }, data: { currency: market.currency } });
    await recordAudit(tx, operator, {
      action: "restaurant.market",
      targetType: "restaurant",
      targetId: restaurantId,
      reason: input.reason || `Moved to ${market.name}`,
      detail: { before: { marketId: restaurant.marketId, timeZone: restaurant.timeZone }, after: { marketId: market.id, timeZone: market.timeZone } },
    });
  });
  return readMarket(market.id);
}

const DEFAULT_MARKET = { id: DEFAULT_MARKET_ID, currency: DEFAULT_CURRENCY, timeZone: MARKET_TIME_ZONE };

/** The restaurant's market's id, currency and time zone (the default market's for none, or an unknown restaurant). */
export async function marketOfRestaurant(restaurantId: number | null): Promise<{ id: number; currency: string; timeZone: string }> {
  if (restaurantId === null) return DEFAULT_MARKET;
  return (await marketOfRestaurantRow(await readSql(), restaurantId)) ?? DEFAULT_MARKET;
}
