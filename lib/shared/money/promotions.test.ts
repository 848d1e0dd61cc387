import { describe, expect, it } from "vitest";
import { discountCents, OFFER_SAID, PROMO_SAID, promoCodeKey, promotionLabel } from "./promotions";
import { inEnglish } from "@/lib/contract/testing/in-english";

describe("promotion rules", () => {
  it("a code is 4-16 letters or digits, trimmed, upper-cased", () => {
    expect(promoCodeKey("  save10 ")).toBe("SAVE10");
    expect(promoCodeKey("abc")).toBeNull();
    expect(promoCodeKey("save 10")).toBeNull();
    expect(promoCodeKey("A".repeat(17))).toBeNull();
  });

  it.each([
    ["percent floored", { kind: "percent", value: 15, maxDiscountCents: null }, 3_099, 649, 464],
    ["percent capped", { kind: "percent", value: 50, maxDiscountCents: 1_000 }, 5_000, 649, 1_000],
    ["amount never above the subtotal", { kind: "amount", value: 5_000, maxDiscountCents: null }, 1_200, 649, 1_200],
    ["amount", { kind: "amount", value: 500, maxDiscountCents: null }, 1_200, 649, 500],
    ["free delivery: the fee", { kind: "free_delivery", value: 0, maxDiscountCents: null }, 1_200, 649, 649],
    ["free delivery on a pickup: nothing", { kind: "free_delivery", value: 0, maxDiscountCents: null }, 1_200, 0, 0],
  ] as const)("%s", (_name, terms, subtotalCents, deliveryFeeCents, expected) => {
    expect(discountCents(terms, { subtotalCents, deliveryFeeCents })).toBe(expected);
  });

  it("labels", () => {
    const base = { maxDiscountCents: null, minSubtotalCents: 0, firstOrderOnly: false } as const;
    expect(inEnglish(promotionLabel({ ...base, kind: "percent", value: 20, firstOrderOnly: true }))).toBe("20% off your first order");
    expect(inEnglish(promotionLabel({ ...base, kind: "amount", value: 500, minSubtotalCents: 2_500 }))).toBe("$5.00 off on orders of $25.00 or more");
    expect(inEnglish(promotionLabel({ ...base, kind: "free_delivery", value: 0 }))).toBe("Free delivery");
    // In the restaurant's market's currency: whole yen.
    expect(inEnglish(promotionLabel({ ...base, kind: "percent", value: 10, maxDiscountCents: 800 }, "JPY"))).toBe("10% off (up to ¥800)");
    expect(inEnglish(PROMO_SAID.belowMinimum(500, 2_000, "JPY"))).toBe("Add ¥500 more to use this code (the minimum order is ¥2,000).");
    expect(inEnglish(OFFER_SAID.spendMore(500, "JPY"))).toBe("Spend ¥500 more");
    expect(inEnglish(OFFER_SAID.spendMore(500))).toBe("Spend $5.00 more");
  });
});
