import "server-only";
import { priceWith, type PricingContext } from "@/lib/shared/money/delivery-pricing";
import type { SubmitOrderInput } from "@/lib/contract/orders/checkout-rules";
import type { SessionUser } from "../platform/session-user";
import type { Sql } from "../platform/sql";
import { insertBenefit, livePlanOf } from "./queries";

// The member's price at checkout (docs/architecture/membership.md "The benefit"): the one hook the
// placement calls (orders/place.ts checkPlacement). A live member's order in the plan's market with
// an item subtotal at or above the plan's basket size is priced under the same rule with no
// delivery fee and the plan's share off the service fee; anything else (no membership, another
// market, below the basket size, the restaurant's own staff delivering) is priced exactly as
// before. What it saved is kept beside the order (MemberBenefit) and paid by the platform at the
// settlement (ledger/member-benefit.ts): the courier and the restaurant get what they would have.

/** What a member's order saves: the delivery fee and the service fee's share, in the order's currency's minor units. */
export type MemberSaving = { membershipId: number; deliveryCents: number; serviceFeeCents: number };

/** The pricing a member's order is placed under, and what it saves (null: not eligible, priced as `pricing`). */
export async function memberPricing(
  sql: Sql,
  user: SessionUser,
  restaurant: { marketId?: number },
  subtotalCents: number,
  input: SubmitOrderInput,
  pricing: PricingContext,
  now: Date,
): Promise<{ pricing: PricingContext; saving: MemberSaving | null }> {
  if (user.guestAccount || input.staffDelivery) return { pricing, saving: null };
  const plan = await livePlanOf(sql, user.id, now);
  if (!plan || plan.marketId !== (restaurant.marketId ?? 1) || subtotalCents < plan.basketCents) return { pricing, saving: null };
  const member: PricingContext = {
    ...pricing,
    market: {
      ...pricing.market,
      mode: "flat",
      flatFeeCents: 0,
      serviceFeePercent: (pricing.market.serviceFeePercent * (100 - plan.serviceFeeDiscountPercent)) / 100,
    },
  };
  const tip = { cents: 0 };
  const before = priceWith(pricing, subtotalCents, input.deliveryOption, tip);
  const after = priceWith(member, subtotalCents, input.deliveryOption, tip);
  const deliveryCents = before.deliveryFeeCents - before.deliveryWaivedCents - (after.deliveryFeeCents - after.deliveryWaivedCents);
  const serviceFeeCents = before.serviceFeeCents - after.serviceFeeCents;
  if (deliveryCents <= 0 && serviceFeeCents <= 0) return { pricing, saving: null };
  return { pricing: member, saving: { membershipId: plan.id, deliveryCents, serviceFeeCents } };
}

/** The saving kept beside the order just placed, in the placement's transaction. */
export function recordMemberBenefit(sql: Sql, order: { id: number; currency: string }, userId: number, saving: MemberSaving, now: Date): Promise<void> {
  return insertBenefit(sql, { orderId: order.id, userId, currency: order.currency, ...saving, now });
}
