import { describe, expect, it } from "vitest";
import { SPEC_PRICING, type MarketPricing } from "./delivery-pricing";
import { aboutDeliveryText, cardFeeText, lowestDeliveryFee } from "./delivery-pricing-text";
import en from "@/lib/i18n/en.json";
import es from "@/lib/i18n/es.json";
import esBrowse from "@/lib/i18n/areas/browse.es.json";
import { decimalText, formatRate } from "./tax";

const banded: MarketPricing = {
  ...SPEC_PRICING,
  mode: "distance",
  baseFeeCents: 299,
  perKmCents: 75,
  bands: [
    { upToKm: 2, feeCents: 199 },
    { upToKm: 5, feeCents: 399 },
  ],
};

describe("the cards' and the about page's fee texts, from the market's rule", () => {
  it("keeps the spec's words while the market keeps the spec's rule", () => {
    expect(cardFeeText(SPEC_PRICING)).toBe("$6.49 delivery fee");
    expect(cardFeeText(SPEC_PRICING, 3.2)).toBe("$6.49 delivery fee");
    expect(aboutDeliveryText(SPEC_PRICING, en.restaurant.fee)).toBe("Delivery costs $6.49 on every order, +$1.49 for priority; tax and fees are 10% of the subtotal");
  });

  it("says the market's flat fee, its lowest fee by distance, or the fee to a known distance", () => {
    expect(cardFeeText({ ...SPEC_PRICING, flatFeeCents: 399 })).toBe("$3.99 delivery fee");
    expect(cardFeeText({ ...banded, bands: [] })).toBe("from $2.99 delivery fee");
    expect(cardFeeText(banded)).toBe("from $1.99 delivery fee");
    expect(cardFeeText(banded, 4)).toBe("$3.99 delivery fee");
    expect(cardFeeText(banded, 8)).toBe("$8.99 delivery fee");
    // Bands dearer than the base fee beyond them: the lowest is past the last band.
    expect(lowestDeliveryFee({ ...banded, baseFeeCents: 0, perKmCents: 10, bands: [{ upToKm: 1, feeCents: 500 }] })).toBe(11);
    expect(aboutDeliveryText({ ...banded, smallOrderFeeCents: 200, smallOrderUnderCents: 1000, serviceFeePercent: 12.5 }, en.restaurant.fee)).toBe(
      "Delivery costs $1.99 up to 2 km, $3.99 up to 5 km, then $2.99 + $0.75/km by the distance from the restaurant, plus a $2 small order fee under $10, +$1.49 for priority; tax and fees are 12.5% of the subtotal",
    );
  });

  it("writes a percent's decimals the language's way: Spanish 12,5, English 12.5 as before", () => {
    const sentence = aboutDeliveryText({ ...SPEC_PRICING, serviceFeePercent: 12.5 }, es.restaurant.fee, esBrowse.about.fee, "es");
    expect(sentence).toContain("12,5 %");
    expect(sentence).not.toContain("12.5");
    expect([decimalText(12.5), decimalText(12.5, "es"), decimalText(10, "es"), decimalText(8.625, "fr")]).toEqual(["12.5", "12,5", "10", "8,625"]);
    expect([formatRate(8625), formatRate(8625, "es")]).toEqual(["8.625%", "8,625 %"]);
  });
});
