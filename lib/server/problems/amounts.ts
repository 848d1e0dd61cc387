import "server-only";

// What a problem report refunds (docs/architecture/problem-reports.md), as plain arithmetic: the
// lines' value (unit price with its options, times the quantity), the delivery fee only when
// every item of the order is then refunded, and never more than what is left of what was paid.

export type OrderMoney = {
  totalCents: number;
  deliveryFeeCents: number;
  priorityFeeCents: number;
  items: { id: number; priceCents: number; quantity: number }[];
};

/**
 * The refund of `approved` (order item id -> quantity) given what earlier reports refunded
 * (`refundedQuantities`, `refundedCents`). `fullyRefunded`: the order's own refund (a cancel)
 * already gave everything back.
 */
export function refundOf(
  order: OrderMoney,
  approved: ReadonlyMap<number, number>,
  before: { refundedQuantities: ReadonlyMap<number, number>; refundedCents: number; fullyRefunded: boolean },
): { itemsCents: number; feeCents: number; refundCents: number } {
  let itemsCents = 0;
  let every = order.items.length > 0;
  for (const item of order.items) {
    const quantity = approved.get(item.id) ?? 0;
    itemsCents += item.priceCents * quantity;
    if ((before.refundedQuantities.get(item.id) ?? 0) + quantity < item.quantity) every = false;
  }
  const feeCents = every ? order.deliveryFeeCents + order.priorityFeeCents : 0;
  const left = before.fullyRefunded ? 0 : Math.max(0, order.totalCents - before.refundedCents);
  return { itemsCents, feeCents, refundCents: Math.min(itemsCents + feeCents, left) };
}

/** The most a report may be worth and still be approved at once: 15% of the order, or the setting, whichever is smaller. */
export const autoApproveLimit = (totalCents: number, settingCents: number) => Math.min(Math.floor((totalCents * 15) / 100), settingCents);

/** Automatic approvals a customer may have had in the last 30 days for the next one to be automatic too. */
export const AUTO_APPROVALS_PER_30_DAYS = 2;
