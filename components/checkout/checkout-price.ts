import type { DeliveryOption } from "@/lib/shared/constants";
import { minimumOrderMessage, minimumShortCents, type FullPrice } from "@/lib/shared/money/delivery-pricing";
import { percentOf } from "@/lib/shared/money/money";
import { priceOrder, type Tip } from "@/lib/shared/money/pricing";
import { orderTax } from "@/lib/shared/money/tax";
import type { AppliedDiscount, QuotedFees } from "./promo-code";

/**
 * The checkout's live price: the fees the quote priced by the market's and the restaurant's rules
 * (lib/shared/money/delivery-pricing.ts on the server: the distance to the chosen address, the small-order
 * fee, the restaurant's free delivery; the spec's until it answers), the tip chosen here, the
 * promotion's discount and the sales tax by the server's one rule, as submit charges them.
 */
export function checkoutPrice(
  hundredths: number,
  option: DeliveryOption,
  tip: Tip,
  fees: QuotedFees | null,
  discount: AppliedDiscount | null,
  salesTax: { rateMilliPercent: number; taxesFees: boolean } | null,
  /** The order's: the page counts hundredths of the API's amounts, priced here in the currency's minor units (whole yen) as the server prices them. */
  currency?: string,
) {
  const per = currency === "JPY" ? 100 : 1;
  const subtotalCents = hundredths / per;
  const spec = priceOrder(subtotalCents, option, "cents" in tip ? { cents: tip.cents / per } : tip);
  const quoted = fees
    ? {
        ...fees,
        deliveryFeeCents: fees.deliveryFeeCents / per,
        serviceFeeCents: fees.serviceFeeCents / per,
        smallOrderFeeCents: fees.smallOrderFeeCents / per,
        deliveryWaivedCents: fees.deliveryWaivedCents / per,
        memberSavedCents: (fees.memberSavedCents ?? 0) / per,
      }
    : { deliveryFeeCents: spec.deliveryFeeCents, serviceFeeCents: spec.serviceFeeCents, smallOrderFeeCents: 0, deliveryWaivedCents: 0, distanceKm: null };
  const undiscounted: FullPrice = {
    ...spec,
    ...quoted,
    totalCents:
      subtotalCents + quoted.deliveryFeeCents + spec.priorityFeeCents + quoted.serviceFeeCents + quoted.smallOrderFeeCents + spec.tipCents - quoted.deliveryWaivedCents,
  };
  const discountCents = (discount?.cents ?? 0) / per;
  const taxCents = orderTax({ ...undiscounted, discountCents, discountOn: discount?.kind === "free_delivery" ? "fees" : "items" }, salesTax);
  const price = { ...undiscounted, totalCents: undiscounted.totalCents - discountCents + taxCents };
  return {
    // Back in the page's hundredths (the same numbers for two-digit currencies).
    price:
      per === 1
        ? price
        : (Object.fromEntries(Object.entries(price).map(([key, value]) => [key, key.endsWith("Cents") ? (value as number) * per : value])) as typeof price),
    tax: salesTax ? { cents: taxCents * per, rateMilliPercent: salesTax.rateMilliPercent } : null,
  };
}

/** "Tax and fees (10%)": the percentage named only while the fee is that share of the subtotal (the spec's). */
export const serviceFeeNote = (price: { subtotalCents: number; serviceFeeCents: number }) =>
  price.serviceFeeCents === percentOf(price.subtotalCents, 10) ? " (10%)" : "";

/** What the quote is asked for: the option, a scheduled slot and the chosen address (its distance); null while a slot is still to choose. */
export function quotedChoice(
  choice: { option: DeliveryOption; scheduled: boolean; slot: { value: string } | null },
  addressId: number | null,
): { deliveryOption: DeliveryOption; scheduledFor?: string; addressId?: number } | null {
  if (choice.scheduled && !choice.slot) return null;
  return { deliveryOption: choice.option, ...(choice.scheduled && choice.slot ? { scheduledFor: choice.slot.value } : {}), ...(addressId !== null ? { addressId } : {}) };
}

/** The restaurant's minimum order not reached: the server's 422 message, said above Place order; null otherwise. */
export function belowMinimumNote(restaurant: { name: string; minOrder?: number | null } | null, subtotalCents: number, currency?: string): string | null {
  // Hundredths of the API's amounts, as checkoutPrice's; the message in the currency's minor units (whole yen).
  const per = currency === "JPY" ? 100 : 1;
  const minOrderCents = restaurant?.minOrder ? Math.round(restaurant.minOrder * 100) / per : null;
  const short = minimumShortCents({ minOrderCents, freeDeliveryOverCents: null }, subtotalCents / per);
  return short ? minimumOrderMessage(restaurant!.name, minOrderCents!, short, currency) : null;
}
