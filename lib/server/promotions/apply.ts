import "server-only";
import { formatShortDateTime } from "@/lib/shared/time/format-date";
import { discountCents, OFFER_SAID, promotionLabel, PROMO_SAID, promoCodeKey, type PromotionKind } from "@/lib/shared/money/promotions";
import type { LineSaving, OfferLine } from "@/lib/shared/money/offers";
import { ApiError } from "../platform/errors";
import type { Sql } from "../platform/sql";
import type { SessionUser } from "../platform/session-user";
import {
  automaticPromotions,
  deleteRedemptionsOf,
  hasLiveOrderAt,
  insertRedemption,
  promotionsByCode,
  redemptionsBy,
  returnRedemption,
  takeRedemption,
  type PromotionRow,
} from "./queries";
import { offerOutcome, pricedOnLines, recordFunding, withSections } from "./offers";
import { said, saidTime } from "@/lib/shared/words/said";

// A promotion at checkout (docs/architecture/promotions.md), in the placement's transaction and
// in plain SQL like the rest of the checkout (lib/server/platform/sql.ts): choosePromotion()
// reads which one applies and its discount, before the order is priced; redeem() takes it with
// a conditional update of its counter and a PromotionRedemption row, after the order is written;
// giveBack() returns it when the order ends without food.

/**
 * A code refused at checkout: a 422 beside the field. `guess` when no promotion has that code: only
 * those count toward the wrong-code throttle (guesses.ts); a real code that does not apply (used up,
 * already used, expired, another restaurant's...) tells a guesser nothing new.
 */
export class PromoCodeRefused extends ApiError {
  readonly guess: boolean;
  constructor(field: string, message: string, guess = false) {
    super("unprocessable", message, { [field]: message });
    this.guess = guess;
  }
}

/** The promotion an order takes, its discount, and what the order's JSON says of it. */
export type AppliedPromotion = {
  promotion: PromotionRow;
  discountCents: number;
  json: { id: number; code: string | null; kind: PromotionKind; label: string };
  /** Each dish's saving from an offer priced on the lines (offers.ts): the cart's and checkout's lines show it. */
  savings: LineSaving[];
  /** The part of discountCents the platform pays (its offers'): recorded on the order for the settlement. */
  platformFundedCents: number;
  /** An offer that combines with the code entered, applied beside it (offers.ts: the stacking rule); its discount is in discountCents. */
  stacked?: AppliedPromotion;
};

/** What the checkout knows when choosing: the restaurant, the order's price before any discount, pickup or not. */
export type PromotionContext = {
  /** `currency`: its market's, the labels' amounts (USD when not given). */
  restaurant: { id: number; name: string; timeZone: string; automaticOffers?: boolean; currency?: string };
  subtotalCents: number;
  deliveryFeeCents: number;
  pickup: boolean;
  /** The field a refusal names: `promoCode`, or `submit.promoCode` in the one-call checkout. */
  field: string;
  /** Collects each automatic offer this order cannot take and why (the quote's `unavailableOffers`). */
  missed?: { id: number; label: string; reason: string }[];
  /** The order's lines priced from today's menu, which offers are priced on (never the client's numbers). */
  lines?: readonly OfferLine[];
};

/**
 * The promotion this order takes: the code entered (every check in a fixed order; the first
 * that fails is a 422 naming `field`), or without a code the restaurant's best automatic offer
 * that applies (largest discount; none is no promotion, never an error). A cart's checkout knows
 * from its first read whether there is any automatic offer (create.ts readCart), so without a code
 * and without offers it costs no statement.
 */
export async function choosePromotion(
  sql: Sql,
  user: SessionUser,
  promoCode: string | undefined,
  context: PromotionContext,
  now: Date,
): Promise<AppliedPromotion | null> {
  if (promoCode !== undefined) {
    const code = await applyCode(sql, user, promoCode, context, now);
    // The stacking rule (offers.ts): a code wins over every offer but one that combines with codes.
    if (context.restaurant.automaticOffers === false || code.promotion.kind === "free_delivery") return code;
    const offer = await bestOffer(sql, user, context, now, true);
    return offer ? stack(code, offer, context.subtotalCents) : code;
  }
  if (context.restaurant.automaticOffers === false) return null;
  return bestOffer(sql, user, context, now, false);
}

/** The restaurant's automatic offer with the largest discount that applies (beside a code: only those that combine with codes, none said missed). */
async function bestOffer(sql: Sql, user: SessionUser, context: PromotionContext, now: Date, withCode: boolean): Promise<AppliedPromotion | null> {
  let best: AppliedPromotion | null = null;
  const promotions = (await automaticPromotions(sql, context.restaurant.id)).filter((promotion) => !withCode || promotion.stacksWithCode);
  const lines = await withSections(sql, context.lines ?? [], promotions);
  for (const promotion of promotions) {
    if (promotion.endsAt && promotion.endsAt <= now) continue;
    const missed = (reason: string) => withCode || context.missed?.push({ id: promotion.id, label: promotionLabel(promotion, context.restaurant.currency), reason });
    if (promotion.startsAt && promotion.startsAt > now) {
      missed(OFFER_SAID.starts(saidTime(promotion.startsAt, context.restaurant.timeZone, "shortDateTime")));
      continue;
    }
    const refused = await refusal(sql, user, promotion, context);
    if (refused) {
      missed(refused.offer);
      continue;
    }
    const outcome = pricedOnLines(promotion) ? offerOutcome(promotion, lines, context.restaurant.timeZone, context.restaurant.currency ?? "USD", now) : null;
    if (outcome && "reason" in outcome) {
      missed(outcome.reason);
      continue;
    }
    const applied = appliedOf(promotion, context, outcome);
    if (applied.discountCents > 0 && (!best || applied.discountCents > best.discountCents)) best = applied;
  }
  return best;
}

/** A code and an offer that combines with it: both discounts, each priced on the order before discounts, together never more than the items (the offer's part is cut first). */
function stack(code: AppliedPromotion, offer: AppliedPromotion, subtotalCents: number): AppliedPromotion {
  const offerCents = Math.max(0, Math.min(offer.discountCents, subtotalCents - code.discountCents));
  if (offerCents === 0) return code;
  // Its dishes' savings only when not cut (a cut saving is the order's, not a line's).
  const savings = offerCents === offer.discountCents ? offer.savings : [];
  const stacked = { ...offer, discountCents: offerCents, savings, platformFundedCents: offer.platformFundedCents && offerCents };
  return {
    ...code,
    discountCents: code.discountCents + offerCents,
    platformFundedCents: code.platformFundedCents + stacked.platformFundedCents,
    json: { ...code.json, label: said("lines.offers.both", { code: code.json.label, offer: offer.json.label }) },
    stacked,
  };
}

async function applyCode(sql: Sql, user: SessionUser, promoCode: string, context: PromotionContext, now: Date): Promise<AppliedPromotion> {
  const refuse = (message: string) => new PromoCodeRefused(context.field, message);
  const unknown = () => new PromoCodeRefused(context.field, said("messages.promoUnknown"), true);
  const codeKey = promoCodeKey(promoCode);
  if (!codeKey) throw unknown();
  // Codes are unique per restaurant, not across them: this restaurant's first, else another's (to say so).
  const rows = await promotionsByCode(sql, codeKey);
  const found = rows.find((r) => r.restaurantId === context.restaurant.id) ?? rows[0];
  if (!found) throw unknown();
  const { restaurantName, ...promotion } = found;
  if (promotion.startsAt && promotion.startsAt > now) throw refuse(PROMO_SAID.notStarted(startText(promotion.startsAt, context.restaurant.timeZone)));
  if (promotion.endsAt && promotion.endsAt <= now) throw refuse(said("messages.promoExpired"));
  if (promotion.restaurantId !== context.restaurant.id) throw refuse(PROMO_SAID.otherRestaurant(restaurantName));
  const refused = await refusal(sql, user, promotion, context);
  if (refused) throw refuse(refused.code);
  return appliedOf(promotion, context);
}

/** A refusal in both voices: a code's 422 beside the field, and an automatic offer's reason (OFFER_SAID). */
type Refusal = { code: string; offer: string };

/** Why the customer cannot take this (live, own-restaurant) promotion now, or null: first order, minimum, pickup, their uses, all uses. */
async function refusal(sql: Sql, user: SessionUser, promotion: PromotionRow, context: PromotionContext): Promise<Refusal | null> {
  if (promotion.firstOrderOnly) {
    if (user.guestAccount) return { code: said("messages.promoFirstOrderGuest"), offer: OFFER_SAID.firstOrderGuest };
    if (await orderedBefore(sql, user.id, context.restaurant.id)) return { code: said("messages.promoFirstOrderOnly"), offer: OFFER_SAID.firstOrderOnly };
  }
  // A free dish's basket size is counted without it (offers.ts): its own reason.
  if (promotion.kind !== "free_item" && context.subtotalCents < promotion.minSubtotalCents) {
    const missing = promotion.minSubtotalCents - context.subtotalCents;
    const { currency } = context.restaurant;
    return { code: PROMO_SAID.belowMinimum(missing, promotion.minSubtotalCents, currency), offer: OFFER_SAID.spendMore(missing, currency) };
  }
  if (promotion.kind === "free_delivery" && context.pickup) return { code: said("messages.promoPickup"), offer: OFFER_SAID.pickup };
  if (await usedUpBy(sql, promotion, user.id)) return { code: said("messages.promoAlreadyUsed"), offer: OFFER_SAID.used };
  if (promotion.totalLimit !== null && promotion.redeemedCount >= promotion.totalLimit) return { code: said("messages.promoUsedUp"), offer: OFFER_SAID.usedUp };
  return null;
}

/**
 * Whether the customer has placed an order at this restaurant (other than `exceptOrderId`) that
 * did not end without food: placed, accepted, on its way or delivered, not only delivered, so
 * a second order placed before the first arrives is no "first order". One that was canceled,
 * rejected or expired gave its promotion back (giveBack) and does not count.
 */
function orderedBefore(sql: Sql, userId: number, restaurantId: number, exceptOrderId = 0): Promise<boolean> {
  return hasLiveOrderAt(sql, userId, restaurantId, exceptOrderId);
}

/** Whether the customer has taken this promotion as often as it allows each customer (never, without a limit: no statement). */
async function usedUpBy(sql: Sql, promotion: PromotionRow, userId: number): Promise<boolean> {
  return promotion.perCustomerLimit !== null && (await redemptionsBy(sql, promotion.id, userId)) >= promotion.perCustomerLimit;
}

/** The promotion applied: a code's or an offer's discount off the subtotal or fee, or an offer's priced on the lines (`onLines`). */
function appliedOf(promotion: PromotionRow, context: PromotionContext, onLines: { discountCents: number; savings: LineSaving[] } | null = null): AppliedPromotion {
  const cents = onLines ? onLines.discountCents : discountCents(promotion, context);
  return {
    promotion,
    discountCents: cents,
    json: { id: promotion.id, code: promotion.code, kind: promotion.kind, label: promotionLabel(promotion, context.restaurant.currency) },
    savings: onLines?.savings ?? [],
    platformFundedCents: promotion.fundedBy === "platform" ? cents : 0,
  };
}

/** "Dec 1, 9:00 AM" in the restaurant's time zone (the app's one formatter, lib/shared/time/format-date.ts). */
const startText = (at: Date, timeZone: string) => formatShortDateTime(at, timeZone);

/**
 * Takes the promotion for the order just written, in its transaction: the counter moves only
 * while under the total limit (one conditional UPDATE: on PostgreSQL it also locks the row, so
 * two redemptions of one promotion are counted one after the other), then the customer's uses are
 * counted with that lock held (and, for a first-order promotion, the customer's other orders at
 * the restaurant), then the order's PromotionRedemption row (unique per order).
 * A refusal throws the 422 ("already used by you" before "all used up") and the caller's
 * transaction rolls the order back: nothing is placed or charged.
 */
export async function redeem(sql: Sql, user: SessionUser, applied: AppliedPromotion, orderId: number, field: string, now: Date): Promise<void> {
  await redeemOne(sql, user, applied.promotion, orderId, field, now);
  if (applied.stacked) await redeemOne(sql, user, applied.stacked.promotion, orderId, field, now);
  // Who pays (docs/architecture/promotions.md "Who pays"): the platform's part, booked at settlement.
  await recordFunding(sql, orderId, applied.platformFundedCents);
}

async function redeemOne(sql: Sql, user: SessionUser, promotion: PromotionRow, orderId: number, field: string, now: Date): Promise<void> {
  const taken = await takeRedemption(sql, promotion.id);
  if (await usedUpBy(sql, promotion, user.id)) throw new PromoCodeRefused(field, said("messages.promoAlreadyUsed"));
  // Counted again now that the account's placements run one at a time (orders/open-orders.ts locks
  // its row on PostgreSQL; SQLite's write transactions are serial): of two orders placed at once,
  // one is the first.
  if (promotion.firstOrderOnly && (await orderedBefore(sql, user.id, promotion.restaurantId, orderId)))
    throw new PromoCodeRefused(field, said("messages.promoFirstOrderOnly"));
  if (!taken) throw new PromoCodeRefused(field, said("messages.promoUsedUp"));
  await insertRedemption(sql, { promotionId: promotion.id, userId: user.id, orderId, createdAt: now });
}

/** An order ended without food (orders/transition.ts endedWithoutFood): its redemption, if any, is given back. */
export async function giveBack(sql: Sql, orderId: number): Promise<void> {
  for (const promotionId of await deleteRedemptionsOf(sql, orderId)) await returnRedemption(sql, promotionId);
}
