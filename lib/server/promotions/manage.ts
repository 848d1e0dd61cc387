import "server-only";
import type { Promotion } from "@/lib/generated/prisma/client";
import type { PromotionJson } from "@/lib/contract/schemas";
import { centsToDollars } from "@/lib/shared/money";
import { promotionLabel, type PromotionKind } from "@/lib/shared/promotions";
import { PROMOTION_FORM_MESSAGES, type PromotionInput } from "@/lib/validation/promotions";
import { db } from "../platform/db";
import { conflict, isUniqueViolation, notFound } from "../platform/errors";
import { getOwnedRestaurant, type Actor } from "../restaurants/owned";

// An owner's promotions (GET|POST /api/manage/{restaurantId}/promotions, PUT|DELETE
// .../promotions/{id}; docs/architecture/promotions.md). Every call starts with the owner
// check: another owner's restaurant, or a promotion of another restaurant, is a 404.

/** A promotion's JSON: money in dollars; `value` a percent, dollars, or 0 for free delivery. */
export function promotionToJson(promotion: Promotion): PromotionJson {
  const kind = promotion.kind as PromotionKind;
  return {
    id: promotion.id,
    restaurantId: promotion.restaurantId,
    code: promotion.code,
    automatic: promotion.code === null,
    kind,
    value: kind === "amount" ? centsToDollars(promotion.value) : promotion.value,
    maxDiscount: promotion.maxDiscountCents === null ? null : centsToDollars(promotion.maxDiscountCents),
    minSubtotal: centsToDollars(promotion.minSubtotalCents),
    startsAt: promotion.startsAt?.toISOString() ?? null,
    endsAt: promotion.endsAt?.toISOString() ?? null,
    firstOrderOnly: promotion.firstOrderOnly,
    perCustomerLimit: promotion.perCustomerLimit,
    totalLimit: promotion.totalLimit,
    redeemed: promotion.redeemedCount,
    fundedBy: promotion.fundedBy as "restaurant",
    label: promotionLabel({ ...promotion, kind }),
  };
}

export async function listPromotions(actor: Actor, restaurantId: number): Promise<Promotion[]> {
  await getOwnedRestaurant(actor, restaurantId);
  return db.promotion.findMany({ where: { restaurantId, deletedAt: null }, orderBy: { id: "desc" } });
}

const columnsOf = (input: PromotionInput) => ({
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
});

/** A code taken by another live promotion of the restaurant: a 409 beside `code`. */
async function uniqueCode<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(PROMOTION_FORM_MESSAGES.duplicateCode, { code: PROMOTION_FORM_MESSAGES.duplicateCode });
    throw error;
  }
}

/** Live promotions a restaurant may have: its lists (the owner's, the public offers) are never paged. */
export const MAX_LIVE_PROMOTIONS = 50;

/** Every promotion is funded by its restaurant (fundedBy 'restaurant', the column's default). */
export async function createPromotion(actor: Actor, restaurantId: number, input: PromotionInput): Promise<Promotion> {
  await getOwnedRestaurant(actor, restaurantId);
  if ((await db.promotion.count({ where: { restaurantId, deletedAt: null } })) >= MAX_LIVE_PROMOTIONS) {
    throw conflict(`A restaurant can have at most ${MAX_LIVE_PROMOTIONS} promotions: delete one first`);
  }
  return uniqueCode(() => db.promotion.create({ data: { restaurantId, ...columnsOf(input) } }));
}

async function ownedPromotion(actor: Actor, restaurantId: number, id: number): Promise<Promotion> {
  await getOwnedRestaurant(actor, restaurantId);
  const promotion = await db.promotion.findFirst({ where: { id, restaurantId, deletedAt: null } });
  if (!promotion) throw notFound("Promotion");
  return promotion;
}

/** Replaces every field; its redemptions so far stay counted. */
export async function updatePromotion(actor: Actor, restaurantId: number, id: number, input: PromotionInput): Promise<Promotion> {
  await ownedPromotion(actor, restaurantId, id);
  return uniqueCode(() => db.promotion.update({ where: { id }, data: columnsOf(input) }));
}

/** Ends it: the row stays (orders name it), no longer offered, its code free for another promotion. */
export async function deletePromotion(actor: Actor, restaurantId: number, id: number): Promise<void> {
  await ownedPromotion(actor, restaurantId, id);
  await db.promotion.update({ where: { id }, data: { deletedAt: new Date(), codeKey: null } });
}

/** GET /api/restaurants/{id}/promotions: the restaurant's automatic offers live now (anyone may read; the page's badge). */
export async function automaticOffers(
  restaurantId: number,
  now = new Date(),
): Promise<{ id: number; kind: PromotionKind; label: string; firstOrderOnly: boolean; endsAt: string | null }[]> {
  const rows = await db.promotion.findMany({
    where: {
      restaurantId,
      deletedAt: null,
      code: null,
      AND: [{ OR: [{ startsAt: null }, { startsAt: { lte: now } }] }, { OR: [{ endsAt: null }, { endsAt: { gt: now } }] }],
    },
    orderBy: { id: "asc" },
  });
  return rows
    .filter((row) => row.totalLimit === null || row.redeemedCount < row.totalLimit)
    .map((row) => ({
      id: row.id,
      kind: row.kind as PromotionKind,
      label: promotionLabel({ ...row, kind: row.kind as PromotionKind }),
      firstOrderOnly: row.firstOrderOnly,
      endsAt: row.endsAt?.toISOString() ?? null,
    }));
}
