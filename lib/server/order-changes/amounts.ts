import "server-only";
import { taxOfBase } from "@/lib/shared/money/tax";
import { serviceFeeOf, type OrderMoney } from "../problems/amounts";

// What a change moves (docs/architecture/order-changes.md), as plain arithmetic on the order as it
// stands: the unavailable part of the line comes off with its share of the service fee ("Tax and
// fees", counted as a problem report's item refund counts it) and its tax (the
// ledger's refundTaxOf, passed in); a replacement goes on at the same service-fee rate and tax
// rate. The order's money is changed by exactly `deltaCents`, which is refunded (< 0) or charged.

export type ChangeOrder = OrderMoney & { taxCents: number; taxRateMilliPercent: number | null; taxesFees: boolean };

export type ChangeAmounts = {
  /** What comes off: the unavailable items, their service fee share and tax. */
  removed: { items: number; serviceFee: number; tax: number };
  /** What goes on: the replacement, its service fee and tax (zeros for a removal). */
  added: { items: number; serviceFee: number; tax: number };
  deltaCents: number;
};

const sum = (part: { items: number; serviceFee: number; tax: number }) => part.items + part.serviceFee + part.tax;

/**
 * The amounts of taking `quantity` of a line at `unitCents` off the order (its tax `removedTax`,
 * from the ledger) and, for a replacement, putting `quantity` of the dish at `replacementCents` on.
 */
export function changeAmounts(order: ChangeOrder, line: { unitCents: number; quantity: number }, removedTax: number, replacementCents: number | null): ChangeAmounts {
  const itemsValue = order.items.reduce((total, item) => total + item.priceCents * item.quantity, 0);
  const removedItems = line.unitCents * line.quantity;
  const removed = { items: removedItems, serviceFee: serviceFeeOf(order, removedItems, false), tax: removedTax };
  const addedItems = replacementCents === null ? 0 : replacementCents * line.quantity;
  const addedFee = itemsValue > 0 ? Math.floor((order.serviceFeeCents * addedItems) / itemsValue) : 0;
  const addedTax = order.taxRateMilliPercent ? taxOfBase(addedItems + (order.taxesFees ? addedFee : 0), order.taxRateMilliPercent) : 0;
  const added = { items: addedItems, serviceFee: addedFee, tax: addedTax };
  return { removed, added, deltaCents: sum(added) - sum(removed) };
}
