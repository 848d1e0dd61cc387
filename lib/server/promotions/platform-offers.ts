import "server-only";
import type { Promotion } from "@/lib/generated/prisma/client";
import type { PromotionInput } from "@/lib/contract/promotions/rules";
import type { OfferNames } from "@/lib/shared/money/offers";
import { said } from "@/lib/shared/words/said";
import { db } from "../platform/db";
import { badRequest, forbidden, notFound } from "../platform/errors";
import type { Operator } from "../platform/operator";
import { recordAudit } from "../platform/audit";
import { takeOperatorAction } from "../platform/action-limits";
import { assertRoomForPromotion, columnsOf, MAX_LIVE_PROMOTIONS, promotionsPage, uniqueCode } from "./manage";
import { offerTargets } from "./offer-targets";

// The platform's offers (GET|POST /api/admin/restaurants/{id}/offers, DELETE .../offers/{promotionId};
// docs/architecture/promotions.md "Who pays"): automatic offers an operator runs at a restaurant and
// the platform pays for (fundedBy 'platform': the settlement takes their discount from the ledger's
// promotions account, the restaurant keeps its whole share). Never a code; never at the operator's
// own restaurant; each change with its audit row in its transaction. Its owner sees them, cannot change them.

async function restaurantFor(operator: Operator, restaurantId: number) {
  const restaurant = await db.restaurant.findUnique({ where: { id: restaurantId }, select: { id: true, ownerId: true } });
  if (!restaurant) throw notFound(said("messages.restaurantNotFound"));
  if (restaurant.ownerId === operator.id) throw forbidden(said("messages.operatorOwnRestaurant"));
  return restaurant;
}

/** The restaurant's live platform offers, newest first (at most MAX_LIVE_PROMOTIONS), with their results. */
export async function listPlatformOffers(operator: Operator, restaurantId: number) {
  await restaurantFor(operator, restaurantId);
  return (await promotionsPage(restaurantId, { limit: MAX_LIVE_PROMOTIONS, offset: 0 }, { fundedBy: "platform" })).promotions;
}

/** A platform-funded automatic offer: the owner's rules (offers.ts), no code (a 400 beside `code`). */
export async function createPlatformOffer(operator: Operator, restaurantId: number, input: PromotionInput, now = new Date()): Promise<Promotion & OfferNames> {
  await restaurantFor(operator, restaurantId);
  if (input.code !== null) throw badRequest(said("rules.promotions.platformCode"), { code: said("rules.promotions.platformCode") });
  const names = await offerTargets(restaurantId, input);
  await assertRoomForPromotion(restaurantId);
  const created = await uniqueCode(() =>
    db.$transaction(async (tx) => {
      await takeOperatorAction(tx, operator.id, now);
      const promotion = await tx.promotion.create({ data: { restaurantId, ...columnsOf(input), fundedBy: "platform" } });
      await recordAudit(tx, operator, {
        action: "offer.create",
        targetType: "promotion",
        targetId: promotion.id,
        reason: "Platform offer",
        detail: { restaurantId, kind: input.kind },
      });
      return promotion;
    }),
  );
  return { ...created, ...names };
}

/** Ends a platform offer: no longer offered; orders that took it keep it (and the platform still pays their discount). */
export async function endPlatformOffer(operator: Operator, restaurantId: number, id: number, now = new Date()): Promise<void> {
  await restaurantFor(operator, restaurantId);
  await db.$transaction(async (tx) => {
    await takeOperatorAction(tx, operator.id, now);
    const { count } = await tx.promotion.updateMany({ where: { id, restaurantId, fundedBy: "platform", deletedAt: null }, data: { deletedAt: now } });
    if (!count) throw notFound(said("messages.promotionNotFound"));
    await recordAudit(tx, operator, { action: "offer.end", targetType: "promotion", targetId: id, reason: "Platform offer ended", detail: { restaurantId } });
  });
}
