import "server-only";
import type { Promotion } from "@/lib/generated/prisma/client";
import type { PromotionJson } from "@/lib/contract/promotions/schemas";
import { majorIn } from "@/lib/shared/money/currency";
import type { Locale } from "@/lib/i18n/locale";
import { OFFER_SAID, promotionLabel, promotionState, type PromotionKind } from "@/lib/shared/money/promotions";
import { type PromotionInput } from "@/lib/contract/promotions/rules";
import { db } from "../platform/db";
import { currencyOf } from "../markets/markets";
import { plainSql } from "../platform/sql";
import { promotionResultRows } from "./queries";
import { conflict, errorTextIn, isUniqueViolation, notFound } from "../platform/errors";
import { getOwnedRestaurant, type Actor } from "../team/owned";
import type { OfferNames } from "@/lib/shared/money/offers";
import { offerTargets, withOfferNames } from "./offer-targets";
import { said, saidTime } from "@/lib/shared/words/said";

// An owner's promotions (GET|POST /api/manage/{restaurantId}/promotions, PUT|DELETE
// .../promotions/{id}; docs/architecture/promotions.md). Every call starts with the owner
// check: another owner's restaurant, or a promotion of another restaurant, is a 404.

/** What a promotion brought (its orders that did not end without food): promotionResults(). */
export type PromotionResults = { orders: number; discountCents: number; salesCents: number; newCustomers: number };
const NO_RESULTS: PromotionResults = { orders: 0, discountCents: 0, salesCents: 0, newCustomers: 0 };

/**
 * A promotion's JSON: money in major units of `currency` (its restaurant's market's: promotionsCurrency); `value` a percent,
 * an amount, or 0 for free delivery; its state at `now`, and its results.
 */
export function promotionToJson(
  promotion: Promotion & OfferNames,
  currency: string,
  results: PromotionResults = NO_RESULTS,
  now = new Date(),
  locale: Locale = "en",
): PromotionJson {
  const kind = promotion.kind as PromotionKind;
  const major = majorIn(currency);
  return {
    id: promotion.id,
    restaurantId: promotion.restaurantId,
    code: promotion.code,
    automatic: promotion.code === null,
    kind,
    value: kind === "amount" ? major(promotion.value) : promotion.value,
    maxDiscount: promotion.maxDiscountCents === null ? null : major(promotion.maxDiscountCents),
    minSubtotal: major(promotion.minSubtotalCents),
    startsAt: promotion.startsAt?.toISOString() ?? null,
    endsAt: promotion.endsAt?.toISOString() ?? null,
    firstOrderOnly: promotion.firstOrderOnly,
    perCustomerLimit: promotion.perCustomerLimit,
    totalLimit: promotion.totalLimit,
    redeemed: promotion.redeemedCount,
    fundedBy: promotion.fundedBy as "restaurant" | "platform",
    dishId: promotion.dishId,
    sectionId: promotion.sectionId,
    windowFrom: promotion.windowFrom,
    windowUntil: promotion.windowUntil,
    stacksWithCode: promotion.stacksWithCode,
    label: errorTextIn(locale, promotionLabel({ ...promotion, kind }, currency)),
    state: promotionState({ ...promotion, redeemed: promotion.redeemedCount }, now),
    results: {
      orders: results.orders,
      discount: major(results.discountCents),
      sales: major(results.salesCents),
      newCustomers: results.newCustomers,
    },
  };
}

/** The currency of restaurant `restaurantId`'s promotions: its market's. */
export const promotionsCurrency = async (restaurantId: number): Promise<string> =>
  currencyOf((await db.restaurant.findUnique({ where: { id: restaurantId }, select: { marketId: true } })) ?? { marketId: 1 });

/** GET /api/manage/{id}/promotions: one page of the restaurant's live promotions, newest first, each with its results. */
export async function listPromotions(
  actor: Actor,
  restaurantId: number,
  paging: { limit: number; offset: number } = { limit: MAX_LIVE_PROMOTIONS, offset: 0 },
): Promise<{ promotions: { promotion: Promotion & OfferNames; results: PromotionResults }[]; hasMore: boolean; nextOffset: number | null }> {
  await getOwnedRestaurant(actor, restaurantId);
  return promotionsPage(restaurantId, paging);
}

/** One page of the restaurant's live promotions with their offers' names and results (the owner's list, the operator's). */
export async function promotionsPage(restaurantId: number, paging: { limit: number; offset: number }, where: { fundedBy?: string } = {}) {
  const rows = await db.promotion.findMany({ where: { restaurantId, deletedAt: null, ...where }, orderBy: { id: "desc" }, skip: paging.offset, take: paging.limit + 1 });
  const hasMore = rows.length > paging.limit;
  const page = await withOfferNames(rows.slice(0, paging.limit));
  const results = await promotionResults(
    restaurantId,
    page.map((p) => p.id),
  );
  return {
    promotions: page.map((promotion) => ({ promotion, results: results.get(promotion.id) ?? NO_RESULTS })),
    hasMore,
    nextOffset: hasMore ? paging.offset + paging.limit : null,
  };
}

/**
 * The results of a page of promotions, in ONE grouped statement over the restaurant's orders that
 * took one of them and did not end without food (canceled, rejected and expired ones gave their
 * redemption back): how many, the discount they took, their item subtotals, and how many were the
 * customer's first order placed at this restaurant (no order of theirs there, placed earlier, that
 * did not end without food: the "first order only" rule's meaning, docs/architecture/promotions.md).
 */
export async function promotionResults(restaurantId: number, ids: number[]): Promise<Map<number, PromotionResults>> {
  const found = new Map<number, PromotionResults>();
  if (!ids.length) return found;
  for (const row of await promotionResultRows(plainSql(), restaurantId, ids)) {
    found.set(row.promotionId, { orders: row.orders, discountCents: row.discountCents, salesCents: row.salesCents, newCustomers: row.newCustomers });
  }
  return found;
}

export const columnsOf = (input: PromotionInput) => ({
  code: input.code,
  codeKey: input.code?.toUpperCase() ?? null,
  kind: input.kind,
  value: input.value,
  maxDiscountCents: input.maxDiscountCents,
  minSubtotalCents: input.minSubtotalCents,
  startsAt: input.startsAt,
  endsAt: input.endsAt,
  firstOrderOnly: input.firstOrderOnly,
  perCustomerLimit: input.perCustomerLimit,
  totalLimit: input.totalLimit,
  dishId: input.dishId,
  sectionId: input.sectionId,
  windowFrom: input.windowFrom,
  windowUntil: input.windowUntil,
  stacksWithCode: input.stacksWithCode,
});

/** A code taken by another live promotion of the restaurant: a 409 beside `code`. */
export async function uniqueCode<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(said("messages.promoExists"), { code: said("messages.promoExists") });
    throw error;
  }
}

/** Live promotions a restaurant may have: its lists (the owner's, the public offers) are never paged. */
export const MAX_LIVE_PROMOTIONS = 50;

/** An owner's promotion is funded by its restaurant (fundedBy 'restaurant', the column's default); an operator's offer by the platform (platform-offers.ts). */
export async function createPromotion(actor: Actor, restaurantId: number, input: PromotionInput): Promise<Promotion & OfferNames> {
  await getOwnedRestaurant(actor, restaurantId);
  const names = await offerTargets(restaurantId, input);
  await assertRoomForPromotion(restaurantId);
  return { ...(await uniqueCode(() => db.promotion.create({ data: { restaurantId, ...columnsOf(input) } }))), ...names };
}

/** At most MAX_LIVE_PROMOTIONS live: the next is a 409. */
export async function assertRoomForPromotion(restaurantId: number): Promise<void> {
  if ((await db.promotion.count({ where: { restaurantId, deletedAt: null } })) >= MAX_LIVE_PROMOTIONS) {
    throw conflict(said("rules.handlers.promotionsMax", { max: MAX_LIVE_PROMOTIONS }));
  }
}

async function ownedPromotion(actor: Actor, restaurantId: number, id: number): Promise<Promotion> {
  await getOwnedRestaurant(actor, restaurantId);
  // A platform-funded offer is the operator's to change (platform-offers.ts): not found here.
  const promotion = await db.promotion.findFirst({ where: { id, restaurantId, deletedAt: null, fundedBy: "restaurant" } });
  if (!promotion) throw notFound(said("messages.promotionNotFound"));
  return promotion;
}

/** Replaces every field; its redemptions so far stay counted. */
export async function updatePromotion(actor: Actor, restaurantId: number, id: number, input: PromotionInput): Promise<Promotion & OfferNames> {
  await ownedPromotion(actor, restaurantId, id);
  const names = await offerTargets(restaurantId, input);
  return { ...(await uniqueCode(() => db.promotion.update({ where: { id }, data: columnsOf(input) }))), ...names };
}

/** Ends it: the row stays (orders name it), no longer offered, its code free for another promotion. */
export async function deletePromotion(actor: Actor, restaurantId: number, id: number): Promise<void> {
  await ownedPromotion(actor, restaurantId, id);
  await db.promotion.update({ where: { id }, data: { deletedAt: new Date(), codeKey: null } });
}

export type OfferJson = {
  id: number;
  kind: PromotionKind;
  label: string;
  firstOrderOnly: boolean;
  startsAt: string | null;
  endsAt: string | null;
  dishId: number | null;
  sectionId: number | null;
  unavailable: string | null;
};

/**
 * GET /api/restaurants/{id}/promotions: the restaurant's automatic offers not ended nor all used
 * up (anyone may read; the page's badge), each with why the caller cannot take it now
 * (uses per customer), or null: not started yet ("Starts Dec 5, 7:00 PM", in the restaurant's zone), and for
 * a signed-in customer their uses and "first order only". A minimum is in the label: the cart is
 * not known here (the checkout says "Spend $X more").
 */
export async function automaticOffers(
  restaurant: { id: number; timeZone: string; marketId: number },
  user: { id: number; guestAccount: boolean } | null = null,
  now = new Date(),
  locale: Locale = "en",
): Promise<OfferJson[]> {
  const rows = await withOfferNames(
    (
      await db.promotion.findMany({
        where: { restaurantId: restaurant.id, deletedAt: null, code: null, OR: [{ endsAt: null }, { endsAt: { gt: now } }] },
        orderBy: { id: "asc" },
      })
    ).filter((row) => row.totalLimit === null || row.redeemedCount < row.totalLimit),
  );
  const limited = rows.filter((row) => row.perCustomerLimit !== null).map((row) => row.id);
  const uses = new Map<number, number>();
  if (user && limited.length) {
    const counted = await db.promotionRedemption.groupBy({ by: ["promotionId"], where: { userId: user.id, promotionId: { in: limited } }, _count: { _all: true } });
    for (const row of counted) uses.set(row.promotionId, row._count._all);
  }
  const firstOrderRefusal =
    user && rows.some((row) => row.firstOrderOnly)
      ? user.guestAccount
        ? OFFER_SAID.firstOrderGuest
        : (await db.order.findFirst({
              where: { userId: user.id, restaurantId: restaurant.id, stage: { notIn: ["canceled", "rejected", "expired"], not: null } },
              select: { id: true },
            }))
          ? OFFER_SAID.firstOrderOnly
          : null
      : null;
  // Amounts in the restaurant's market's currency ("¥500 off").
  const currency = await currencyOf(restaurant);
  return rows.map((row) => {
    const unavailable =
      row.startsAt && row.startsAt > now
        ? OFFER_SAID.starts(saidTime(row.startsAt, restaurant.timeZone, "shortDateTime"))
        : row.firstOrderOnly && firstOrderRefusal
          ? firstOrderRefusal
          : row.perCustomerLimit !== null && (uses.get(row.id) ?? 0) >= row.perCustomerLimit
            ? OFFER_SAID.used
            : null;
    return {
      id: row.id,
      kind: row.kind as PromotionKind,
      label: errorTextIn(locale, promotionLabel({ ...row, kind: row.kind as PromotionKind }, currency)),
      firstOrderOnly: row.firstOrderOnly,
      startsAt: row.startsAt?.toISOString() ?? null,
      endsAt: row.endsAt?.toISOString() ?? null,
      dishId: row.dishId,
      sectionId: row.sectionId,
      unavailable: unavailable && errorTextIn(locale, unavailable),
    };
  });
}
