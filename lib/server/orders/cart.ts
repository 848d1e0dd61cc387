import "server-only";
import type { Restaurant } from "@/lib/generated/prisma/client";
import { dateOf, placeholders, type Sql } from "../platform/sql";
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
  suspendedAt?: Date | string | number | null;
  /** The kitchen's busy minutes and until when (the placed order's estimate counts them: lib/shared/delivery-estimate.ts). */
  busyExtraMinutes?: number;
  busyUntil?: Date | null;
};

/** One row of readCart's join: the restaurant, then a dish, a group and an option of it (each null when absent). */
type CartRow = {
  rId: number;
  rName: string;
  storeImage: string;
  ownerId: number;
  servicing: boolean | number;
  suspendedAt: Date | string | number | null;
  deliveryTime: number;
  busyExtraMinutes: number | bigint;
  busyUntil: Date | string | number | null;
  closingTime: string;
  timeZone: string;
  hours: string;
  closures: string;
  lat: number | null;
  lng: number | null;
  deliveryRadiusKm: number;
  pausedUntil: Date | string | null;
  offers: boolean | number;
  mId: number | null;
  mName: string | null;
  priceCents: number | null;
  allowsInstructions: boolean | number | null;
  soldOutUntil: Date | string | null;
  availableFrom: string | null;
  availableUntil: string | null;
  gId: number | null;
  gName: string | null;
  minChoices: number | null;
  maxChoices: number | null;
  oId: number | null;
  oName: string | null;
  priceDeltaCents: number | null;
  soldOutOn: string | null;
};

/**
 * The restaurant and those of `dishIds` on its menu, each with its option groups and their options
 * in display order (what `pricedDishSelect` reads), in ONE statement: a join of the five tables (its section's window too),
 * one row per option (a dish without groups, a group without options: one row with nulls). Prisma's
 * include would send four (one per relation level), and the checkout is the hottest write path
 * (docs/log/performance.md). Plain joins and double-quoted identifiers read the same on SQLite and
 * PostgreSQL, so one statement serves both; booleans are 0/1 on SQLite. Null: no such restaurant.
 */
export async function readCart(sql: Sql, restaurantId: number, dishIds: number[]): Promise<{ restaurant: CartRestaurant; dishes: PricedDish[] } | null> {
  const ids = dishIds.length ? dishIds : [0];
  const rows = await sql.all<CartRow>(
    `SELECT r."id" AS "rId", r."name" AS "rName", r."storeImage", r."ownerId", r."servicing", r."suspendedAt", r."deliveryTime", r."busyExtraMinutes", r."busyUntil", r."closingTime", r."timeZone", r."hours", r."closures", r."lat", r."lng", r."deliveryRadiusKm", r."pausedUntil",
            EXISTS (SELECT 1 FROM "Promotion" p WHERE p."restaurantId" = r."id" AND p."deletedAt" IS NULL AND p."code" IS NULL) AS "offers",
            m."id" AS "mId", m."name" AS "mName", m."priceCents", m."allowsInstructions", m."soldOutUntil", s."availableFrom", s."availableUntil",
            g."id" AS "gId", g."name" AS "gName", g."minChoices", g."maxChoices",
            o."id" AS "oId", o."name" AS "oName", o."priceDeltaCents", o."soldOutOn"
     FROM "Restaurant" r
     LEFT JOIN "MenuItem" m ON m."restaurantId" = r."id" AND m."id" IN ${placeholders(ids.length)}
     LEFT JOIN "MenuSection" s ON s."id" = m."sectionId"
     LEFT JOIN "OptionGroup" g ON g."menuItemId" = m."id"
     LEFT JOIN "MenuOption" o ON o."groupId" = g."id"
     WHERE r."id" = ?
     ORDER BY m."id", g."position", g."id", o."position", o."id"`,
    [...ids, restaurantId],
  );
  const [first] = rows;
  if (!first) return null;
  const restaurant: CartRestaurant = {
    id: Number(first.rId),
    name: first.rName,
    storeImage: first.storeImage,
    ownerId: Number(first.ownerId),
    servicing: Boolean(first.servicing),
    suspendedAt: first.suspendedAt,
    deliveryTime: Number(first.deliveryTime),
    busyExtraMinutes: Number(first.busyExtraMinutes),
    busyUntil: first.busyUntil === null ? null : dateOf(first.busyUntil),
    closingTime: first.closingTime,
    timeZone: first.timeZone,
    hours: first.hours,
    closures: first.closures,
    lat: first.lat === null ? null : Number(first.lat),
    lng: first.lng === null ? null : Number(first.lng),
    deliveryRadiusKm: Number(first.deliveryRadiusKm),
    pausedUntil: first.pausedUntil === null ? null : dateOf(first.pausedUntil),
    automaticOffers: Boolean(first.offers),
  };
  const dishes: PricedDish[] = [];
  for (const row of rows) {
    if (row.mId === null) continue;
    let dish = dishes.at(-1);
    if (dish?.id !== Number(row.mId)) {
      dish = {
        id: Number(row.mId),
        name: row.mName!,
        priceCents: Number(row.priceCents),
        restaurantId: restaurant.id,
        allowsInstructions: Boolean(row.allowsInstructions),
        soldOutUntil: row.soldOutUntil === null ? null : dateOf(row.soldOutUntil),
        optionGroups: [],
        section: row.availableFrom === null && row.availableUntil === null ? null : { availableFrom: row.availableFrom, availableUntil: row.availableUntil },
        restaurant: { timeZone: restaurant.timeZone },
      };
      dishes.push(dish);
    }
    if (row.gId === null) continue;
    let group = dish.optionGroups.at(-1);
    if (group?.id !== Number(row.gId)) {
      group = { id: Number(row.gId), name: row.gName!, minChoices: Number(row.minChoices), maxChoices: Number(row.maxChoices), options: [] };
      dish.optionGroups.push(group);
    }
    if (row.oId === null) continue;
    group.options.push({ id: Number(row.oId), name: row.oName!, priceDeltaCents: Number(row.priceDeltaCents), soldOutOn: row.soldOutOn });
  }
  return { restaurant, dishes };
}
