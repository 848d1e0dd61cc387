import { describe, expect, it } from "vitest";
import { priceWith, SPEC_CONTEXT } from "./delivery-pricing";
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

describe("what pages may promise before checkout", () => {
  it("the delivery fee is checkout's, with priority's surcharge", () => {
    expect(checkoutDeliveryFeeCents()).toBe(649);
    expect(checkoutDeliveryFeeCents("priority")).toBe(649 + 149);
    expect(checkoutDeliveryFeeCents("schedule")).toBe(649);
    for (const option of ["standard", "priority", "schedule", "pickup"] as const) {
      const price = priceOrder(0, option, { cents: 0 });
      expect(checkoutDeliveryFeeCents(option), option).toBe(price.deliveryFeeCents + price.priorityFeeCents);
    }
  });
  it("the cart's estimate is checkout's standard price without a tip", () => {
    expect(cartEstimate(2500)).toEqual(priceOrder(2500, "standard", { cents: 0 }));
    expect(cartEstimate(2500).totalCents).toBe(2500 + 649 + 250);
  });
});

describe("pickup pricing", () => {
  // subtotal, tip -> delivery, priority, service, tip, total
  const cases: [number, Parameters<typeof priceOrder>[2], number, number, number, number, number][] = [
    [2500, { percent: 20 }, 0, 0, 250, 500, 3250],
    [2500, { cents: 0 }, 0, 0, 250, 0, 2750],
    [1999, { percent: 15 }, 0, 0, 200, 300, 2499],
    [1005, { percent: 25 }, 0, 0, 101, 251, 1357],
    [1000, { cents: 333 }, 0, 0, 100, 333, 1433],
    [0, { percent: 30 }, 0, 0, 0, 0, 0],
  ];
  it.each(cases)(
    "subtotal %i with tip %o: no delivery or priority fee, service fee and tip as for delivery",
    (subtotal, tip, delivery, priority, service, tipCents, total) => {
      expect(priceOrder(subtotal, "pickup", tip)).toEqual({
        subtotalCents: subtotal,
        deliveryFeeCents: delivery,
        priorityFeeCents: priority,
        serviceFeeCents: service,
        tipCents,
        totalCents: total,
      });
      // Everything but the two fees is exactly the delivery price's.
      const delivered = priceOrder(subtotal, "standard", tip);
      expect(delivered.totalCents - delivered.deliveryFeeCents).toBe(total);
    },
  );
  it("shows no delivery fee before checkout and a pickup cart estimate without one", () => {
    expect(checkoutDeliveryFeeCents("pickup")).toBe(0);
    expect(cartEstimate(2500, "pickup")).toEqual(priceOrder(2500, "pickup", { cents: 0 }));
    expect(cartEstimate(2500, "pickup").totalCents).toBe(2750);
    expect(cartEstimate(2500, "delivery")).toEqual(cartEstimate(2500));
  });
});

describe("priceOrder is priceWith under the spec's rule", () => {
  it("for every option, tip and a range of subtotals", () => {
    for (const option of ["standard", "priority", "schedule", "pickup"] as const) {
      for (const subtotal of [0, 1, 99, 1450, 1999, 123457]) {
        for (const tip of [{ percent: 0 }, { percent: 15 }, { percent: 22 }, { cents: 0 }, { cents: 375 }]) {
          const full = priceWith(SPEC_CONTEXT, subtotal, option, tip);
          const spec = priceOrder(subtotal, option, tip);
          expect(spec, `${option} ${subtotal} ${JSON.stringify(tip)}`).toEqual({
            subtotalCents: full.subtotalCents,
            deliveryFeeCents: full.deliveryFeeCents,
            priorityFeeCents: full.priorityFeeCents,
            serviceFeeCents: full.serviceFeeCents,
            tipCents: full.tipCents,
            totalCents: full.totalCents,
          });
        }
      }
    }
  });
});
