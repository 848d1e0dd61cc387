"use client";
import { useEffect, useState } from "react";
import { cartOrderLine } from "@/components/checkout/cart-order";
import { api } from "@/lib/client/api";
import type { CartItem } from "@/lib/shared/orders/cart";
import { centsOfAmount } from "@/lib/shared/money/money";

// The cart's fees as checkout will charge them (docs/architecture/money-and-orders.md "Delivery
// pricing"): the market's rule (flat or by distance to the saved address), its small-order fee and
// the restaurant's free delivery, asked of POST /api/orders/quote (the placement's own pricing, read
// only) for the cart's lines at standard delivery or pickup. Until it answers, and when it cannot
// (signed out, the restaurant closed, too far), the spec's estimate stands (cartEstimate).

/** The fees the quote gave, in cents (the cart prints them as checkout does). */
export type CartFees = {
  deliveryFeeCents: number;
  smallOrderFeeCents: number;
  deliveryWaivedCents: number;
  serviceFeeCents: number;
  distanceKm: number | null;
  /** A member's eligible cart: what the membership takes off the fees above (already off them). */
  memberSavedCents: number;
  /** What an offer takes off each dish (buy one get one, a free dish, a section's percent: promotions.md "Offers"), priced by the server. */
  savings: { menuItemId: number; cents: number; label: string }[];
};

type Quote = {
  subtotal: number;
  deliveryFee: number;
  smallOrderFee: number;
  freeDelivery: number;
  serviceFee: number;
  deliveryKm: number | null;
  membership?: { saved: number } | null;
  offerSavings?: { menuItemId: number; saving: number; label: string }[];
};

/** The quote of `items` (one restaurant's) when `active`, for `pickup` or standard delivery; null until it answers or when it fails. */
export function useCartFees(items: CartItem[], pickup: boolean, active: boolean): CartFees | null {
  const restaurantId = items[0]?.restaurantId;
  // The quote's amounts are the API's major units of the cart's currency (whole yen, dollars).
  const currency = items[0]?.currency ?? "USD";
  const body =
    active && restaurantId !== undefined
      ? JSON.stringify({
          restaurant_id: restaurantId,
          items: items.map(cartOrderLine),
          submit: { deliveryOption: pickup ? "pickup" : "standard", tip: 0, paymentMethod: "wallet" },
        })
      : null;
  const [answer, setAnswer] = useState<{ body: string; fees: CartFees | null } | null>(null);
  useEffect(() => {
    if (!body) return;
    let live = true;
    api<Quote>("/api/orders/quote", { method: "POST", body: JSON.parse(body) as unknown })
      .then((q) => {
        const cents = (amount: number) => centsOfAmount(amount, currency);
        return {
          deliveryFeeCents: cents(q.deliveryFee),
          smallOrderFeeCents: cents(q.smallOrderFee),
          deliveryWaivedCents: cents(q.freeDelivery),
          serviceFeeCents: cents(q.serviceFee),
          distanceKm: q.deliveryKm,
          memberSavedCents: cents(q.membership?.saved ?? 0),
          savings: (q.offerSavings ?? []).map((offer) => ({ menuItemId: offer.menuItemId, cents: cents(offer.saving), label: offer.label })),
        };
      })
      .catch(() => null)
      .then((fees) => {
        if (live) setAnswer({ body, fees });
      });
    return () => {
      live = false;
    };
  }, [body, currency]);
  return answer && answer.body === body ? answer.fees : null;
}
