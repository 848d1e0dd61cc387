import { describe, expect, it } from "vitest";
import { priceOrder } from "@/lib/shared/money/pricing";
import { SPEC_PRICING } from "@/lib/shared/money/delivery-pricing";
import { groupPrice } from "@/components/group/group-pricing";
import { checkoutPrice, serviceFeeNote } from "./checkout-price";

// The checkout's live price (the quote's fees, the tip, the discount, the tax) and a group's
// (the rule in the page, the distance measured here) against the server's one rule.

describe("checkout's price", () => {
  it("is the spec's until the quote answers, and the quote's fees once it has", () => {
    expect(checkoutPrice(2500, "standard", { percent: 20 }, null, null, null).price).toMatchObject(priceOrder(2500, "standard", { percent: 20 }));
    const quoted = { deliveryFeeCents: 399, serviceFeeCents: 250, smallOrderFeeCents: 200, deliveryWaivedCents: 399, distanceKm: 3.5 };
    const { price } = checkoutPrice(2500, "priority", { percent: 20 }, quoted, { cents: 100, label: "$1 off", code: "ONE", kind: "amount" }, null);
    expect(price).toMatchObject({ deliveryFeeCents: 399, priorityFeeCents: 149, distanceKm: 3.5, totalCents: 2500 + 399 + 149 + 250 + 200 + 500 - 399 - 100 });
  });
  it('names "(10%)" only while the service fee is the spec\'s share', () => {
    expect(serviceFeeNote({ subtotalCents: 2500, serviceFeeCents: 250 })).toBe(" (10%)");
    expect(serviceFeeNote({ subtotalCents: 2500, serviceFeeCents: 300 })).toBe("");
  });
});

describe("a group's price", () => {
  const place = { lat: 37.79, lng: -122.4 };
  const market = { ...SPEC_PRICING, mode: "distance" as const, bands: [{ upToKm: 2, feeCents: 199 }] };
  it("is the spec's with nothing set, and by distance from the restaurant to the drop-off", () => {
    const spec = { market: SPEC_PRICING, restaurant: { minOrderCents: null, freeDeliveryOverCents: null }, place };
    expect(groupPrice(spec, 3000, "standard", { percent: 15 }, place)).toMatchObject(priceOrder(3000, "standard", { percent: 15 }));
    const near = groupPrice({ ...spec, market }, 3000, "standard", { cents: 0 }, { lat: place.lat + 0.01, lng: place.lng });
    expect(near).toMatchObject({ deliveryFeeCents: 199, distanceKm: 1.1 });
    // Unknown drop-off: the fee the operator set for an unknown distance.
    expect(groupPrice({ ...spec, market }, 3000, "standard", { cents: 0 }, null).deliveryFeeCents).toBe(SPEC_PRICING.flatFeeCents);
  });
});
