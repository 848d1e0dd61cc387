import "server-only";
import { majorIn } from "@/lib/shared/money/currency";
import type { RestaurantPricingInput } from "@/lib/contract/deliveries/pricing-rules";
import { db } from "../platform/db";
import { getOwnedRestaurant, type Actor } from "../team/owned";

// A restaurant's own delivery pricing (docs/architecture/money-and-orders.md "Delivery pricing"):
// its minimum order and free delivery from an amount (a promotion it pays for: the waived fee comes
// off its share in the ledger's split). Set by its owner or a manager; the Restaurant row's update
// moves its catalog scope (the triggers), so its page states the new rule at once.

export type RestaurantPricingJson = { minOrder: number | null; freeDeliveryOver: number | null };

/** The amounts in major units of `currency`, the restaurant's market's (a 1000 yen minimum: 1000). */
export function restaurantPricingJson(restaurant: { minOrderCents: number | null; freeDeliveryOverCents: number | null }, currency: string): RestaurantPricingJson {
  const major = majorIn(currency);
  return {
    minOrder: restaurant.minOrderCents === null ? null : major(restaurant.minOrderCents),
    freeDeliveryOver: restaurant.freeDeliveryOverCents === null ? null : major(restaurant.freeDeliveryOverCents),
  };
}

/** PUT /api/manage/{id}/pricing: each field sent changed (null: none), the other kept. */
export async function setRestaurantPricing(actor: Actor, id: number, input: RestaurantPricingInput): Promise<RestaurantPricingJson> {
  return db.$transaction(async (tx) => {
    const restaurant = await getOwnedRestaurant(actor, id, tx);
    const data: { minOrderCents?: number | null; freeDeliveryOverCents?: number | null } = {};
    if (input.minOrder !== undefined) data.minOrderCents = input.minOrder;
    if (input.freeDeliveryOver !== undefined) data.freeDeliveryOverCents = input.freeDeliveryOver;
    const updated = await tx.restaurant.update({
      where: { id: restaurant.id },
      data,
      select: { minOrderCents: true, freeDeliveryOverCents: true, market: { select: { currency: true } } },
    });
    return restaurantPricingJson(updated, updated.market.currency);
  });
}
