import { CHECKOUT_DELIVERY_FEE_CENTS, PRIORITY_FEE_CENTS, SERVICE_FEE_RATE, type DeliveryOption, type FulfillmentMode } from "../constants";
import type { Tip } from "./delivery-pricing";
import { formatCents, percentOf } from "./money";

// The checkout price rule, used by the checkout page, the server and the
// seed alike: subtotal + 6.49 delivery + 1.49 if priority + 10 % tax and fees + tip. A pickup
// (collected at the restaurant) has neither the delivery nor the priority fee; its service fee
// and tip follow the same rule (the tip is optional: 0 is allowed, presets are percentages of
// the subtotal). This is the spec's rule, what is charged while nothing is set; a market's and a
// restaurant's own rules (distance, small-order fee, minimum, free delivery) are priceWith()'s
// (lib/shared/money/delivery-pricing.ts), which gives these same numbers under the spec's rule.

export type { Tip };

export type PriceBreakdown = {
  subtotalCents: number;
  deliveryFeeCents: number;
  priorityFeeCents: number;
  serviceFeeCents: number;
  tipCents: number;
  totalCents: number;
};

export function subtotalOf(lines: { priceCents: number; quantity: number }[]): number {
  return lines.reduce((sum, line) => sum + line.priceCents * line.quantity, 0);
}

export function priceOrder(subtotalCents: number, deliveryOption: DeliveryOption, tip: Tip): PriceBreakdown {
  // The spec's rule from its constants, not through priceWith(): the cart, the cards and the
  // restaurant page import this, and the market's rules would weigh on their first-load JavaScript.
  // pricing.test.ts holds it equal to priceWith(SPEC_CONTEXT, ...).
  const deliveryFeeCents = deliveryOption === "pickup" ? 0 : CHECKOUT_DELIVERY_FEE_CENTS;
  const priorityFeeCents = deliveryOption === "priority" ? PRIORITY_FEE_CENTS : 0;
  const serviceFeeCents = percentOf(subtotalCents, SERVICE_FEE_RATE * 100);
  const tipCents = "percent" in tip ? percentOf(subtotalCents, tip.percent) : tip.cents;
  const totalCents = subtotalCents + deliveryFeeCents + priorityFeeCents + serviceFeeCents + tipCents;
  return { subtotalCents, deliveryFeeCents, priorityFeeCents, serviceFeeCents, tipCents, totalCents };
}

/**
 * The delivery fee checkout charges for this option, priority's surcharge included: the fee
 * every page may show before checkout (cards, the restaurant page, the cart). It is the
 * marketplace's, not a restaurant's listed `deliveryFee`.
 */
export function checkoutDeliveryFeeCents(deliveryOption: DeliveryOption = "standard"): number {
  // From the constants, not priceWith(): the cards and the restaurant page import this alone, and
  // the market's rules would weigh on their first-load JavaScript (pricing.test.ts holds the two equal).
  if (deliveryOption === "pickup") return 0;
  return CHECKOUT_DELIVERY_FEE_CENTS + (deliveryOption === "priority" ? PRIORITY_FEE_CENTS : 0);
}

/** What the cart can promise before checkout: everything but the tip, at standard delivery or as a pickup. */
export function cartEstimate(subtotalCents: number, mode: FulfillmentMode = "delivery"): PriceBreakdown {
  return priceOrder(subtotalCents, mode === "pickup" ? "pickup" : "standard", { cents: 0 });
}

/** The tip's ceiling's settings (the server's TIP_MAX_PERCENT and TIP_MAX_FLOOR, Config.money). */
export type TipCeiling = { tipMaxPercent: number; tipFloorCents: number };

/**
 * The largest tip an order of `subtotalCents` takes: a share of the item
 * subtotal (at least the largest preset, 30%), never below a floor so a small order can still tip
 * a few dollars. A $1,000 tip on a $3 dish (which made any claim look small) is refused.
 */
export function tipCeilingCents(subtotalCents: number, ceiling: TipCeiling): number {
  return Math.max(ceiling.tipFloorCents, percentOf(subtotalCents, ceiling.tipMaxPercent));
}

/** The refusal beside `tip`. */
export const tipTooHighMessage = (maxCents: number, ceiling: TipCeiling) =>
  `A tip can be at most ${formatCents(maxCents)} on this order (${ceiling.tipMaxPercent}% of the subtotal, or ${formatCents(ceiling.tipFloorCents)})`;
