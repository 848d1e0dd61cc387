import { describe, expect, it } from "vitest";
import { ENGLISH } from "@/lib/i18n/catalogues";
import { wordsFor } from "@/lib/i18n/translate";
import { toCartLine } from "@/components/browse/format";
import { cartSubtotalCents, sanitizeCart } from "@/lib/shared/orders/cart";
import { cartCurrency } from "./cart-currency";
import { majorToMinor } from "@/lib/shared/money/currency";
import { withPausedText } from "@/lib/shared/kitchen/kitchen-lines";
import { formatCents } from "@/lib/shared/money/money";

// A restaurant of another market: its cart, checkout and dishes print in its currency, and USD's stay as they were.

const taco = { id: 7, name: "Taco", price: 12.5, restaurantId: 3, restaurant_name: "Taquería", food_image: "/t.webp" };

describe("a cart line's currency", () => {
  it("is kept from its restaurant's market, and left out for USD (a USD cart is stored as before)", () => {
    expect(toCartLine(taco, "MXN")).toMatchObject({ currency: "MXN" });
    expect(toCartLine(taco, "USD")).not.toHaveProperty("currency");
    expect(toCartLine(taco)).toEqual({ id: 7, name: "Taco", price: 12.5, restaurantId: 3, restaurant: "Taquería", food_image: "/t.webp" });
  });

  it("is the cart's: its first line's, none (USD) for an older cart", () => {
    const pesos = [{ ...toCartLine(taco, "MXN"), quantity: 2 }];
    const dollars = [{ ...toCartLine(taco), quantity: 1 }];
    expect(cartCurrency(pesos)).toBe("MXN");
    expect(cartCurrency(dollars)).toBeUndefined();
    expect(cartCurrency([])).toBeUndefined();
  });

  it("survives the stored cart's checks; a code edited in storage is not printed with (USD instead)", () => {
    const kept = sanitizeCart([{ ...toCartLine(taco, "MXN"), quantity: 2 }]);
    expect(kept).toEqual([{ ...toCartLine(taco, "MXN"), quantity: 2 }]);
    expect(cartCurrency(sanitizeCart([{ ...taco, restaurant: "Taquería", quantity: 1, currency: "pesos" }]))).toBeUndefined();
  });

  it("prints the cart's amounts in that currency, in the reader's language; USD's English is unchanged", () => {
    const items = [{ ...toCartLine(taco, "MXN"), quantity: 2 }];
    const cents = cartSubtotalCents(items);
    expect(formatCents(cents, { locale: "en", currency: cartCurrency(items) })).toBe("MX$25.00");
    const spanish = formatCents(cents, { locale: "es", currency: cartCurrency(items) });
    expect(spanish).toBe(new Intl.NumberFormat("es", { style: "currency", currency: "MXN" }).format(25));
    expect(spanish).not.toMatch(/US\$|^\$/);
    expect(formatCents(cents, { locale: "en", currency: cartCurrency([]) })).toBe("$25.00");
  });

  it("a custom tip is read with the currency's digits", () => {
    expect(majorToMinor("5.50", "MXN")).toBe(550);
    expect(majorToMinor("500", "JPY")).toBe(500);
    expect(majorToMinor("5.5", "JPY")).toBeNull();
  });
});

describe("a paused restaurant's card line", () => {
  const card = { id: 1, pausedUntil: "2026-11-29T03:40:00.000Z", timeZone: "America/Los_Angeles" };

  it("is English's own line in English, and the reader's in Spanish", () => {
    expect(withPausedText(card, ENGLISH.lines.kitchen, "en").pausedText).toBe("Not taking orders until 7:40 PM");
    expect(withPausedText(card, wordsFor("es", "lines").kitchen, "es").pausedText).toMatch(/^No acepta pedidos hasta las /);
  });

  it("is absent when the restaurant is not paused", () => {
    expect(withPausedText({ id: 1, pausedUntil: null, timeZone: "America/Los_Angeles" }, ENGLISH.lines.kitchen, "en")).not.toHaveProperty("pausedText");
  });
});
