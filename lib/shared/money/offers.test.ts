import { describe, expect, it } from "vitest";
import { offerLabel, offerSaving, type OfferTerms } from "./offers";
import { inEnglish } from "@/lib/contract/testing/in-english";

// The offers' one rule (docs/architecture/promotions.md "Offers"): each kind's saving on the lines,
// floored, capped and spread over the dishes it came from, or what the cart is short of.

const terms = (over: Partial<OfferTerms>): OfferTerms => ({ kind: "bogo", value: 0, dishId: 1, sectionId: null, minSubtotalCents: 0, maxDiscountCents: null, ...over });
const pizza = (quantity: number, priceCents = 1_200) => ({ menuItemId: 1, sectionId: null, priceCents, quantity });
const drink = (quantity: number, priceCents = 300) => ({ menuItemId: 2, sectionId: 7, priceCents, quantity });

describe("offer savings", () => {
  it("buy one get one: of every two units the cheaper are free; one unit is short of one more", () => {
    expect(offerSaving(terms({}), [pizza(1)])).toEqual({ short: { need: "dish", count: 1 } });
    expect(offerSaving(terms({}), [drink(4)])).toEqual({ short: { need: "dish", count: 2 } });
    expect(offerSaving(terms({}), [pizza(2)])).toEqual({ cents: 1_200, savings: [{ menuItemId: 1, cents: 1_200 }] });
    // Two lines of the dish with other choices (12.00 and 14.50): three units, the cheapest free.
    expect(offerSaving(terms({}), [pizza(1), pizza(2, 1_450)])).toMatchObject({ cents: 1_200 });
    expect(offerSaving(terms({}), [pizza(3), pizza(2, 1_450)])).toMatchObject({ cents: 2_400 });
    expect(offerSaving(terms({ maxDiscountCents: 1_000 }), [pizza(2)])).toMatchObject({ cents: 1_000 });
  });

  it("a free dish: the basket is counted without it; short by the money missing, or of the dish itself", () => {
    const free = terms({ kind: "free_item", dishId: 2, minSubtotalCents: 1_550 });
    expect(offerSaving(free, [pizza(1), drink(1)])).toEqual({ short: { need: "spend", cents: 350 } });
    expect(offerSaving(free, [pizza(2)])).toEqual({ short: { need: "dish", count: 1 } });
    expect(offerSaving(free, [pizza(2), drink(3)])).toEqual({ cents: 300, savings: [{ menuItemId: 2, cents: 300 }] });
  });

  it("a section's percent: floored, spread over its dishes in proportion, the last taking what is left", () => {
    const section = terms({ kind: "section_percent", value: 15, dishId: null, sectionId: 7 });
    expect(offerSaving(section, [pizza(1)])).toEqual({ short: { need: "section" } });
    const tea = { menuItemId: 3, sectionId: 7, priceCents: 333, quantity: 1 };
    // 15% of 9.00 + 3.33 = 12.33 is 1.8495: 1.84, split 1.34 / 0.50.
    expect(offerSaving(section, [pizza(1), drink(3), tea])).toEqual({
      cents: 184,
      savings: [
        { menuItemId: 2, cents: 134 },
        { menuItemId: 3, cents: 50 },
      ],
    });
  });

  it("labels name the dish, the basket and the window", () => {
    expect(inEnglish(offerLabel({ kind: "bogo", value: 0, minSubtotalCents: 0, maxDiscountCents: null }, { dishName: "Margherita" }))).toBe(
      "Buy 1 Margherita, get 1 free",
    );
    expect(inEnglish(offerLabel({ kind: "free_item", value: 0, minSubtotalCents: 2_500, maxDiscountCents: null }, { dishName: "Lemonade" }))).toBe(
      "Free Lemonade on orders of $25.00 or more",
    );
    expect(
      inEnglish(
        offerLabel(
          { kind: "section_percent", value: 20, minSubtotalCents: 0, maxDiscountCents: null },
          { sectionName: "Drinks", windowFrom: "15:00", windowUntil: "17:00" },
        ),
      ),
    ).toBe("20% off Drinks, 3:00 PM - 5:00 PM");
    expect(inEnglish(offerLabel({ kind: "free_item", value: 0, minSubtotalCents: 50_000, maxDiscountCents: null }, {}, "JPY"))).toBe(
      "A free dish on orders of ¥50,000 or more",
    );
  });
});
