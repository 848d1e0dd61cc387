import "server-only";
import { majorIn } from "@/lib/shared/money/currency";
import { ratePercent } from "@/lib/shared/money/tax";

/** An order's price as it is kept (a placed order's row, a quote's placement): cents, the tax rate in thousandths of a percent. */
type PriceCents = {
  subtotalCents: number;
  deliveryFeeCents: number;
  priorityFeeCents: number;
  serviceFeeCents: number;
  tipCents: number;
  smallOrderFeeCents: number;
  deliveryWaivedCents: number;
  deliveryKm: number | null;
  discountCents: number;
  taxCents: number;
  taxRateMilliPercent: number | null;
};

/**
 * The price's parts as an order and a quote answer them, in major units of `currency` (1500 yen:
 * 1500; 1500 US cents: 15). The delivery fee the restaurant waived (`freeDelivery`) is kept inside
 * discountCents, which its share pays, so `discount` is the rest; sales tax stands apart from the
 * service fee, 0 with a null rate where none applies.
 */
export function priceJson(price: PriceCents, currency: string) {
  const major = majorIn(currency);
  return {
    subtotal: major(price.subtotalCents),
    deliveryFee: major(price.deliveryFeeCents),
    priorityFee: major(price.priorityFeeCents),
    serviceFee: major(price.serviceFeeCents),
    tip: major(price.tipCents),
    smallOrderFee: major(price.smallOrderFeeCents),
    freeDelivery: major(price.deliveryWaivedCents),
    deliveryKm: price.deliveryKm,
    discount: major(price.discountCents - price.deliveryWaivedCents),
    tax: major(price.taxCents),
    taxRate: price.taxRateMilliPercent === null ? null : ratePercent(price.taxRateMilliPercent),
  };
}
