import "server-only";

// What a problem report refunds (docs/architecture/problem-reports.md), as plain arithmetic: the
// lines' value (unit price with its options, times the quantity), their share of the service fee
// ("Tax and fees"), the delivery fee only when every item of the order is then
// refunded, and never more than what is left of what was paid.

export type OrderMoney = {
  totalCents: number;
  subtotalCents: number;
  serviceFeeCents: number;
  deliveryFeeCents: number;
  priorityFeeCents: number;
  items: { id: number; priceCents: number; quantity: number }[];
};

/**
 * The service fee charged on `cents` of the order's items, counted from the first refunded cent
 * (so the shares of several reports add up to the fee exactly): the fee times the items' part of
 * the order's items, floored; all of it once every item is refunded.
 */
export function serviceFeeOf(order: OrderMoney, cents: number, every: boolean): number {
  const itemsValue = order.items.reduce((sum, item) => sum + item.priceCents * item.quantity, 0);
  if (every || itemsValue <= 0 || cents >= itemsValue) return order.serviceFeeCents;
  return Math.floor((order.serviceFeeCents * cents) / itemsValue);
}

/**
 * The refund of `approved` (order item id -> quantity) given what earlier reports refunded
 * (`refundedQuantities`, `refundedCents`). `fullyRefunded`: the order's own refund (a cancel)
 * already gave everything back.
 */
export function refundOf(
  order: OrderMoney,
  approved: ReadonlyMap<number, number>,
  before: { refundedQuantities: ReadonlyMap<number, number>; refundedCents: number; fullyRefunded: boolean },
): { itemsCents: number; serviceFeeCents: number; feeCents: number; refundCents: number } {
  let itemsCents = 0;
  let beforeCents = 0;
  let every = order.items.length > 0;
  let none = true;
  for (const item of order.items) {
    const quantity = approved.get(item.id) ?? 0;
    const earlier = before.refundedQuantities.get(item.id) ?? 0;
    itemsCents += item.priceCents * quantity;
    beforeCents += item.priceCents * earlier;
    if (earlier + quantity < item.quantity) every = false;
    if (earlier > 0) none = false;
  }
  const serviceFeeCents = itemsCents > 0 ? serviceFeeOf(order, beforeCents + itemsCents, every) - (none ? 0 : serviceFeeOf(order, beforeCents, false)) : 0;
  const feeCents = every ? order.deliveryFeeCents + order.priorityFeeCents : 0;
  const left = before.fullyRefunded ? 0 : Math.max(0, order.totalCents - before.refundedCents);
  return { itemsCents, serviceFeeCents, feeCents, refundCents: Math.min(itemsCents + serviceFeeCents + feeCents, left) };
}

/**
 * A report may be approved at once when its items are worth at most 15% of the order's item
 * subtotal (never of its tip or fees: a $70 tip on a $3 dish does not make a claim small) and its
 * refund at most the setting (SUPPORT_AUTO_APPROVE_CENTS).
 */
export const isSmallClaim = (claim: { itemsCents: number; refundCents: number }, subtotalCents: number, settingCents: number) =>
  claim.itemsCents <= Math.floor((subtotalCents * 15) / 100) && claim.refundCents <= settingCents;

/** Automatic approvals a customer may have had in the last 30 days for the next one to be automatic too. */
export const AUTO_APPROVALS_PER_30_DAYS = 2;
