import { describe, expect, it } from "vitest";
import { cartEstimate, checkoutDeliveryFeeCents, priceOrder, subtotalOf } from "./pricing";

describe("priceOrder (spec section 9)", () => {
  it("adds 6.49 delivery, 10 % tax and fees and a percentage tip to the subtotal", () => {
    expect(priceOrder(2500, "standard", { percent: 20 })).toEqual({
      subtotalCents: 2500,
      deliveryFeeCents: 649,
      priorityFeeCents: 0,
      serviceFeeCents: 250,
      tipCents: 500,
      totalCents: 3899,
    });
  });
  it("adds 1.49 for priority delivery only", () => {
    expect(priceOrder(1000, "priority", { percent: 15 }).priorityFeeCents).toBe(149);
    expect(priceOrder(1000, "schedule", { percent: 15 }).priorityFeeCents).toBe(0);
  });
  it("takes a custom tip in cents as given", () => {
    expect(priceOrder(1000, "standard", { cents: 333 })).toMatchObject({ tipCents: 333, totalCents: 1000 + 649 + 100 + 333 });
  });
  it("rounds fees and tips to the cent", () => {
    expect(priceOrder(1999, "standard", { percent: 15 })).toMatchObject({ serviceFeeCents: 200, tipCents: 300 });
  });
  it("sums lines", () => {
    expect(
      subtotalOf([
        { priceCents: 1250, quantity: 2 },
        { priceCents: 399, quantity: 3 },
      ]),
    ).toBe(3697);
  });
});

describe("what pages may promise before checkout (issue 16)", () => {
  it("the delivery fee is checkout's, with priority's surcharge", () => {
    expect(checkoutDeliveryFeeCents()).toBe(649);
    expect(checkoutDeliveryFeeCents("priority")).toBe(649 + 149);
    expect(checkoutDeliveryFeeCents("schedule")).toBe(649);
  });
  it("the cart's estimate is checkout's standard price without a tip", () => {
    expect(cartEstimate(2500)).toEqual(priceOrder(2500, "standard", { cents: 0 }));
    expect(cartEstimate(2500).totalCents).toBe(2500 + 649 + 250);
  });
});
