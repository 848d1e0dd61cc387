import { describe, expect, it } from "vitest";
import { deliveryFeeAt, isSpecRule, minimumOrderMessage, minimumShortCents, priceWith, SPEC_CONTEXT, SPEC_PRICING, type PricingContext } from "./delivery-pricing";
import { deliveryFeeFacts, marketFeeText } from "./delivery-pricing-text";
import { kmOfMiles, milesOfKm, perKmOfPerMile, perMileOfPerKm } from "../delivery/distance";
import { priceOrder } from "./pricing";
import en from "@/lib/i18n/en.json";
import es from "@/lib/i18n/es.json";

const words = en.restaurant.fee;

const distance: PricingContext["market"] = {
  ...SPEC_PRICING,
  mode: "distance",
  flatFeeCents: 599,
  baseFeeCents: 299,
  perKmCents: 75,
  bands: [
    { upToKm: 2, feeCents: 199 },
    { upToKm: 5, feeCents: 399 },
  ],
};
const at = (km: number | null, market = distance, restaurant = SPEC_CONTEXT.restaurant): PricingContext => ({ market, restaurant, distanceKm: km });

describe("priceWith: the one price rule", () => {
  it("equals the spec's numbers exactly with nothing set, for every option and tip", () => {
    for (const subtotal of [0, 1, 999, 1500, 2500, 1999, 123_457])
      for (const option of ["standard", "priority", "schedule", "pickup"] as const)
        for (const tip of [{ percent: 15 }, { percent: 30 }, { cents: 333 }, { cents: 0 }]) {
          const price = priceWith(SPEC_CONTEXT, subtotal, option, tip);
          expect(price).toMatchObject(priceOrder(subtotal, option, tip));
          expect(price).toMatchObject({ smallOrderFeeCents: 0, deliveryWaivedCents: 0, distanceKm: null });
        }
    expect(priceWith(SPEC_CONTEXT, 2500, "standard", { percent: 20 })).toMatchObject({ deliveryFeeCents: 649, serviceFeeCents: 250, totalCents: 3899 });
    expect(priceWith(SPEC_CONTEXT, 1000, "priority", { cents: 0 })).toMatchObject({ deliveryFeeCents: 649, priorityFeeCents: 149, totalCents: 1898 });
    expect(isSpecRule(SPEC_PRICING)).toBe(true);
  });

  it("prices by distance: the band a distance falls in, else base + per km, on the km to one decimal", () => {
    expect(deliveryFeeAt(distance, 0.4)).toBe(199);
    expect(deliveryFeeAt(distance, 2.0)).toBe(199);
    expect(deliveryFeeAt(distance, 2.04)).toBe(199); // priced on 2.0 km, as every page shows it
    expect(deliveryFeeAt(distance, 2.06)).toBe(399);
    expect(deliveryFeeAt(distance, 5)).toBe(399);
    expect(deliveryFeeAt(distance, 6.2)).toBe(299 + Math.round(75 * 6.2));
    expect(deliveryFeeAt({ ...distance, bands: [] }, 3.3)).toBe(299 + 248);
    // An unknown distance: the flat fee the operator set for it.
    expect(deliveryFeeAt(distance, null)).toBe(599);
    const far = priceWith(at(6.2), 3000, "priority", { percent: 15 });
    expect(far).toMatchObject({ deliveryFeeCents: 764, priorityFeeCents: 149, distanceKm: 6.2, totalCents: 3000 + 764 + 149 + 300 + 450 });
    expect(priceWith(at(6.2), 3000, "pickup", { cents: 0 })).toMatchObject({ deliveryFeeCents: 0, distanceKm: null, totalCents: 3300 });
  });

  it("adds the small-order fee under its minimum, to deliveries only", () => {
    const market = { ...SPEC_PRICING, smallOrderFeeCents: 200, smallOrderUnderCents: 1000 };
    expect(priceWith(at(null, market), 999, "standard", { cents: 0 })).toMatchObject({ smallOrderFeeCents: 200, totalCents: 999 + 649 + 100 + 200 });
    expect(priceWith(at(null, market), 1000, "standard", { cents: 0 }).smallOrderFeeCents).toBe(0);
    expect(priceWith(at(null, market), 500, "pickup", { cents: 0 }).smallOrderFeeCents).toBe(0);
    expect(isSpecRule(market)).toBe(false);
  });

  it("takes the service fee's percentage from the market", () => {
    expect(priceWith(at(null, { ...SPEC_PRICING, serviceFeePercent: 12.5 }), 2000, "standard", { cents: 0 }).serviceFeeCents).toBe(250);
  });

  it("waives the delivery fee from the restaurant's free-delivery amount on (not the priority surcharge), at any distance", () => {
    const restaurant = { minOrderCents: null, freeDeliveryOverCents: 2500 };
    expect(priceWith(at(3.1, distance, restaurant), 2499, "standard", { cents: 0 }).deliveryWaivedCents).toBe(0);
    const free = priceWith(at(6.2, distance, restaurant), 2500, "priority", { cents: 0 });
    expect(free).toMatchObject({ deliveryFeeCents: 764, deliveryWaivedCents: 764, priorityFeeCents: 149, totalCents: 2500 + 149 + 250 });
    expect(priceWith(at(6.2, distance, restaurant), 2500, "pickup", { cents: 0 }).deliveryWaivedCents).toBe(0);
  });

  it("says how much an order is short of the restaurant's minimum", () => {
    const restaurant = { minOrderCents: 1500, freeDeliveryOverCents: null };
    expect(minimumShortCents(restaurant, 1150)).toBe(350);
    expect(minimumShortCents(restaurant, 1500)).toBe(0);
    expect(minimumShortCents(SPEC_CONTEXT.restaurant, 1)).toBe(0);
    expect(minimumOrderMessage("Lantern", 1500, 350)).toBe("Lantern's minimum order is $15.00 (items before fees): add $3.50 more");
  });
});

describe("the restaurant page's fee line", () => {
  it("keeps the spec's line with nothing set", () => {
    expect(deliveryFeeFacts(SPEC_PRICING, SPEC_CONTEXT.restaurant, words)).toEqual({ fee: "$6.49 delivery fee on $15+", priority: "(priority +$1.49)", notes: [] });
  });
  it('says "on $X+" only where a rule makes it true', () => {
    expect(deliveryFeeFacts({ ...SPEC_PRICING, flatFeeCents: 499 }, SPEC_CONTEXT.restaurant, words).fee).toBe("$4.99 delivery fee");
    expect(deliveryFeeFacts(distance, SPEC_CONTEXT.restaurant, words).fee).toBe("$1.99 up to 2 km, $3.99 up to 5 km, then $2.99 + $0.75/km delivery fee");
    const rules = deliveryFeeFacts(SPEC_PRICING, { minOrderCents: 1500, freeDeliveryOverCents: 3000 }, words);
    expect(rules).toMatchObject({ fee: "$6.49 delivery fee on $15+", notes: ["Free delivery on $30+", "Minimum order $15"] });
    const small = deliveryFeeFacts({ ...SPEC_PRICING, smallOrderFeeCents: 250, smallOrderUnderCents: 1200 }, SPEC_CONTEXT.restaurant, words);
    expect(small).toMatchObject({ fee: "$6.49 delivery fee", notes: ["$2.50 small order fee under $12"] });
    expect(marketFeeText({ ...distance, bands: [] }, words)).toBe("$2.99 + $0.75/km");
  });
  it("writes it in the reader's language, with its amounts", () => {
    expect(deliveryFeeFacts(SPEC_PRICING, SPEC_CONTEXT.restaurant, es.restaurant.fee, "es")).toEqual({
      fee: "6,49\u00a0US$ de envío en pedidos de 15\u00a0US$ o más",
      priority: "(prioritaria +1,49\u00a0US$)",
      notes: [],
    });
    const rules = deliveryFeeFacts(SPEC_PRICING, { minOrderCents: 1500, freeDeliveryOverCents: 3050 }, es.restaurant.fee, "es");
    expect(rules.notes).toEqual(["Envío gratis en pedidos de 30,50\u00a0US$ o más", "Pedido mínimo de 15\u00a0US$"]);
  });
});

describe("a market's rule in its currency on the restaurant page", () => {
  it("pesos with MX$; the spec's own '$15+' line is USD's alone", () => {
    const none = { minOrderCents: null, freeDeliveryOverCents: null };
    expect(deliveryFeeFacts(SPEC_PRICING, none, words, "en", "MXN")).toEqual({ fee: "MX$6.49 delivery fee", priority: "(priority +MX$1.49)", notes: [] });
    expect(deliveryFeeFacts(SPEC_PRICING, none, words).fee).toBe("$6.49 delivery fee on $15+");
    const pesos = { ...SPEC_PRICING, flatFeeCents: 12_000 };
    expect(deliveryFeeFacts(pesos, { minOrderCents: 20_000, freeDeliveryOverCents: null }, words, "en", "MXN")).toMatchObject({
      fee: "MX$120.00 delivery fee on MX$200+",
      notes: ["Minimum order MX$200"],
    });
  });
});

describe("a mi market's rule, entered in miles and stored in km", () => {
  it("a band's miles and the per-mile fee read back as entered; the fee charged by the stored per-km one", () => {
    for (let tenths = 1; tenths <= 600; tenths++) expect(milesOfKm(kmOfMiles(tenths / 10))).toBe(tenths / 10);
    for (let perMile = 0; perMile <= 2_000; perMile++) expect(perKmOfPerMile(perMileOfPerKm(perKmOfPerMile(perMile)))).toBe(perKmOfPerMile(perMile));
    // $1.20 a mile is 75 cents a km, and reads back as $1.20 (not $1.21, which stores the same).
    expect([perKmOfPerMile(120), perMileOfPerKm(75), perKmOfPerMile(121)]).toEqual([75, 120, 75]);
    // Up to 3 mi is up to 4.8 km: 3 mi (4.83 km, priced as 4.8) in the band.
    const rule = { ...SPEC_PRICING, mode: "distance" as const, bands: [{ upToKm: kmOfMiles(3), feeCents: 299 }], perKmCents: perKmOfPerMile(120) };
    expect([deliveryFeeAt(rule, 4.83), deliveryFeeAt(rule, 8.05)]).toEqual([299, 299 + Math.round(75 * 8.1)]);
  });
});
