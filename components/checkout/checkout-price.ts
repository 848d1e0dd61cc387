import type { DeliveryOption } from "@/lib/shared/constants";
import type { FullPrice } from "@/lib/shared/delivery-pricing";
import { percentOf } from "@/lib/shared/money";
import { priceOrder, type Tip } from "@/lib/shared/pricing";
import { orderTax } from "@/lib/shared/tax";
import type { AppliedDiscount, QuotedFees } from "./promo-code";

/**
 * The checkout's live price: the fees the quote priced by the market's and the restaurant's rules
 * (lib/shared/delivery-pricing.ts on the server: the distance to the chosen address, the small-order
 * fee, the restaurant's free delivery; the spec's until it answers), the tip chosen here, the
 * promotion's discount and the sales tax by the server's one rule, as submit charges them.
 */
export function checkoutPrice(
  subtotalCents: number,
  option: DeliveryOption,
  tip: Tip,
  fees: QuotedFees | null,
  discount: AppliedDiscount | null,
  salesTax: { rateMilliPercent: number; taxesFees: boolean } | null,
) {
  const spec = priceOrder(subtotalCents, option, tip);
  const quoted = fees ?? {
    deliveryFeeCents: spec.deliveryFeeCents,
    serviceFeeCents: spec.serviceFeeCents,
    smallOrderFeeCents: 0,
    deliveryWaivedCents: 0,
    distanceKm: null,
  };
  const undiscounted: FullPrice = {
    ...spec,
    ...quoted,
    totalCents:
      subtotalCents + quoted.deliveryFeeCents + spec.priorityFeeCents + quoted.serviceFeeCents + quoted.smallOrderFeeCents + spec.tipCents - quoted.deliveryWaivedCents,
  };
  const discountCents = discount?.cents ?? 0;
  const taxCents = orderTax({ ...undiscounted, discountCents, discountOn: discount?.kind === "free_delivery" ? "fees" : "items" }, salesTax);
  return {
    price: { ...undiscounted, totalCents: undiscounted.totalCents - discountCents + taxCents },
    tax: salesTax ? { cents: taxCents, rateMilliPercent: salesTax.rateMilliPercent } : null,
  };
}

/** "Tax and fees (10%)": the percentage named only while the fee is that share of the subtotal (the spec's). */
export const serviceFeeNote = (price: { subtotalCents: number; serviceFeeCents: number }) =>
  price.serviceFeeCents === percentOf(price.subtotalCents, 10) ? " (10%)" : "";
