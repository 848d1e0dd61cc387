import "server-only";

/** What an order's money is made of (cents, as stored on the Order row). */
export type OrderMoney = {
  subtotalCents: number;
  deliveryFeeCents: number;
  priorityFeeCents: number;
  serviceFeeCents: number;
  tipCents: number;
  discountCents: number;
  totalCents: number;
  /** The market's small-order fee (delivery pricing): the platform's, like the service fee. */
  smallOrderFeeCents?: number;
  /** Sales tax: included in the total, owed to the state: the tax payable account's, never a share of the platform. */
  taxCents?: number;
};

export type Split = { restaurantCents: number; courierCents: number; platformCents: number; commissionCents: number; taxCents: number };

/**
 * The split of a delivered order's `heldCents` (what its payment put in clearing; its total):
 * - the platform's commission: `percent` of the item subtotal, floored to the cent;
 * - the courier: the delivery and priority fees and the tip (0 for a pickup: it has none);
 * - the restaurant: the subtotal minus the commission minus the discount (every promotion
 *   is the restaurant's);
 * - the platform: the service fee, the small-order fee and the commission;
 * - tax payable: the order's sales tax, whole (taken first: it is owed to the state, and no
 *   discount or shortfall comes out of it).
 * A discount larger than the restaurant's share (free delivery on a tiny subtotal) is taken from
 * the platform's share, then the courier's, so no share is negative. Any cent the stored total
 * does not explain (it never happens: total = subtotal + fees + tip - discount) is the platform's.
 * The three shares add up to `heldCents` exactly.
 */
export function splitOrder(order: OrderMoney, percent: number, heldCents = order.totalCents): Split {
  const taxCents = Math.max(0, Math.min(order.taxCents ?? 0, heldCents));
  heldCents -= taxCents;
  const commissionCents = Math.floor((order.subtotalCents * percent) / 100);
  let restaurantCents = order.subtotalCents - commissionCents - order.discountCents;
  let courierCents = order.deliveryFeeCents + order.priorityFeeCents + order.tipCents;
  let platformCents = order.serviceFeeCents + (order.smallOrderFeeCents ?? 0) + commissionCents;
  platformCents += heldCents - (restaurantCents + courierCents + platformCents);
  if (restaurantCents < 0) {
    platformCents += restaurantCents;
    restaurantCents = 0;
  }
  if (platformCents < 0) {
    courierCents += platformCents;
    platformCents = 0;
  }
  if (courierCents < 0) {
    // Only a held amount below every share's sum gets here: the restaurant gives the rest.
    restaurantCents += courierCents;
    courierCents = 0;
  }
  return { restaurantCents, courierCents, platformCents, commissionCents, taxCents };
}
