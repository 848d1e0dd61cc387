import "server-only";
import type { Restaurant } from "@/lib/generated/prisma/client";
import type { MarketPricing } from "@/lib/shared/money/delivery-pricing";
import type { Sql } from "../platform/sql";
import { ruleOfStored } from "../pricing/market";
import { cartRows } from "./queries/cart";
import type { PricedDish } from "./lines";

// The cart's one read at placement: the restaurant with the cart's dishes, their option groups
// and options (readCart), and what an order needs of that restaurant (CartRestaurant).

/** What an order needs of its restaurant: insertOrder's copies and answer, placement()'s hours. */
export type CartRestaurant = Pick<
  Restaurant,
  | "id"
  | "name"
  | "storeImage"
  | "ownerId"
  | "servicing"
  | "deliveryTime"
  | "closingTime"
  | "timeZone"
  | "hours"
  | "closures"
  | "lat"
  | "lng"
  | "deliveryRadiusKm"
  | "pausedUntil"
> & {
  /** Whether it has an automatic offer (readCart reads it in its one statement): false spares a checkout without a code the promotions' read. */
  automaticOffers?: boolean;
  /** Set while an operator has it suspended (the refusal's message says so). */
  suspendedAt?: Date | null;
  /** The kitchen's busy minutes and until when (the placed order's estimate counts them: lib/shared/delivery/delivery-estimate.ts). */
  busyExtraMinutes?: number;
  busyUntil?: Date | null;
  /** The kitchen's capacity per quarter hour, null: none (orders/kitchen-room.ts). */
  capacityPer15?: number | null;
  /** Its own delivery pricing, and the market's rule when the read carried it (orders/pricing-context.ts). */
  minOrderCents?: number | null;
  freeDeliveryOverCents?: number | null;
  marketRule?: MarketPricing;
  /** Its market (the rule's, when the read did not carry it). */
  marketId?: number;
  /** Its market's currency (ISO 4217): the order is priced and paid in it; USD when not read. */
  currency?: string;
  /** The kitchen's prep time for one order: the arrival quoted at placement (lib/shared/delivery/arrival-quote.mjs). */
  defaultPrepMinutes?: number;
};

/**
 * The restaurant and those of `dishIds` on its menu, each with its option groups and their options
 * in display order (what `pricedDishSelect` reads), in ONE statement (queries/cart.ts cartRows): a join of the five tables (its section's window too),
 * one row per option (a dish without groups, a group without options: one row with nulls). Prisma's
 * include would send four (one per relation level), and the checkout is the hottest write path
 * (docs/log/performance.md). Plain joins and double-quoted identifiers read the same on SQLite and
 * PostgreSQL, so one statement serves both. Null: no such restaurant.
 */
export async function readCart(sql: Sql, restaurantId: number, dishIds: number[]): Promise<{ restaurant: CartRestaurant; dishes: PricedDish[] } | null> {
  const rows = await cartRows(sql, restaurantId, dishIds);
  const [first] = rows;
  if (!first) return null;
  const restaurant: CartRestaurant = {
    id: first.rId,
    name: first.rName,
    storeImage: first.storeImage,
    ownerId: first.ownerId,
    servicing: first.servicing,
    suspendedAt: first.suspendedAt,
    deliveryTime: first.deliveryTime,
    busyExtraMinutes: first.busyExtraMinutes,
    busyUntil: first.busyUntil,
    closingTime: first.closingTime,
    timeZone: first.timeZone,
    hours: first.hours,
    closures: first.closures,
    lat: first.lat,
    lng: first.lng,
    deliveryRadiusKm: first.deliveryRadiusKm,
    pausedUntil: first.pausedUntil,
    capacityPer15: first.capacityPer15,
    minOrderCents: first.minOrderCents,
    freeDeliveryOverCents: first.freeDeliveryOverCents,
    marketRule: ruleOfStored(first.pricingRule, first.currency),
    currency: first.currency,
    defaultPrepMinutes: first.defaultPrepMinutes,
    automaticOffers: first.offers,
  };
  const dishes: PricedDish[] = [];
  for (const row of rows) {
    if (row.mId === null) continue;
    let dish = dishes.at(-1);
    if (dish?.id !== row.mId) {
      dish = {
        id: row.mId,
        name: row.mName!,
        priceCents: row.priceCents!,
        restaurantId: restaurant.id,
        allowsInstructions: row.allowsInstructions === true,
        soldOutUntil: row.soldOutUntil,
        allergens: row.allergens ?? 0,
        dietLabels: row.dietLabels ?? 0,
        optionGroups: [],
        section: row.availableFrom === null && row.availableUntil === null ? null : { availableFrom: row.availableFrom, availableUntil: row.availableUntil },
        restaurant: { timeZone: restaurant.timeZone },
      };
      dishes.push(dish);
    }
    if (row.gId === null) continue;
    let group = dish.optionGroups.at(-1);
    if (group?.id !== row.gId) {
      // The cart checks lines against the original names (order lines keep them): no translations read.
      group = { id: row.gId, name: row.gName!, minChoices: row.minChoices!, maxChoices: row.maxChoices!, options: [], translations: "{}" };
      dish.optionGroups.push(group);
    }
    if (row.oId === null) continue;
    group.options.push({
      id: row.oId,
      name: row.oName!,
      priceDeltaCents: row.priceDeltaCents!,
      soldOutOn: row.soldOutOn,
      translations: "{}",
      allergens: row.oAllergens ?? 0,
      removesLabels: row.removesLabels ?? 0,
    });
  }
  return { restaurant, dishes };
}
