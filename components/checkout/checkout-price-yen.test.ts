import { describe, expect, it } from "vitest";
import { priceOrder } from "@/lib/shared/money/pricing";
import { orderTax } from "@/lib/shared/money/tax";
import { belowMinimumNote, checkoutPrice } from "./checkout-price";

// A yen order at checkout: the page counts hundredths of the API's amounts (1234 yen: 123400), and
// the price is worked out in whole yen as the server prices it, so the total it sends is whole yen.

describe("checkout's price in yen", () => {
  it("takes its percentages of whole yen, as the server does, and gives them back in the page's hundredths", () => {
    const quoted = { deliveryFeeCents: 0, serviceFeeCents: 12_300, smallOrderFeeCents: 0, deliveryWaivedCents: 0, distanceKm: null };
    const salesTax = { rateMilliPercent: 8625, taxesFees: false };
    const { price, tax } = checkoutPrice(123_400, "pickup", { percent: 15 }, quoted, null, salesTax, "JPY");
    const yen = priceOrder(1234, "pickup", { percent: 15 });
    const server = orderTax({ ...yen, serviceFeeCents: 123, smallOrderFeeCents: 0, deliveryWaivedCents: 0, discountCents: 0, discountOn: "items" }, salesTax);
    expect(price).toMatchObject({ subtotalCents: 123_400, tipCents: yen.tipCents * 100, serviceFeeCents: 12_300 });
    expect(tax!.cents).toBe(server * 100);
    expect(price.totalCents).toBe((1234 + 123 + yen.tipCents + server) * 100);
    expect(price.totalCents % 100).toBe(0);
    // A custom tip in the page's hundredths is whole yen too.
    expect(checkoutPrice(123_400, "pickup", { cents: 20_000 }, quoted, null, null, "JPY").price.tipCents).toBe(20_000);
  });

  it("says a restaurant's minimum order in yen: a minimum of 1000 with 600 in the cart", () => {
    expect(belowMinimumNote({ name: "Ramen-ya", minOrder: 1000 }, 60_000, "JPY")).toBe("Ramen-ya's minimum order is ¥1,000 (items before fees): add ¥400 more");
    expect(belowMinimumNote({ name: "Ramen-ya", minOrder: 1000 }, 100_000, "JPY")).toBeNull();
    expect(belowMinimumNote({ name: "Diner", minOrder: 10 }, 600)).toBe("Diner's minimum order is $10.00 (items before fees): add $4.00 more");
  });
});
