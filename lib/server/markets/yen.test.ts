import { describe, expect, it } from "vitest";
import type { User } from "@/lib/generated/prisma/client";
import { marketInputSchema } from "@/lib/validation/markets";
import { menuItemCreateSchema } from "@/lib/validation/menu-item";
import { placeOrderSchema } from "@/lib/validation/orders";
import { setUpTestDatabase } from "../platform/testing/db";

// A market in a currency without minor digits (docs/architecture/languages.md "Markets and
// currencies"), on a real migrated database: a Tokyo dish priced 1500 through the menu's input is
// 1500 yen in the row and 1500 in the JSON, a checkout's amounts are whole yen both ways, and an
// amount with decimals is a 400 naming its field; a USD body is read as before.

setUpTestDatabase({ TEST_PAYMENTS_WEBHOOK_DELAY_MS: "0" });

const m = {
  db: (await import("../platform/db")).db,
  markets: await import("./markets"),
  amounts: await import("../web/amounts"),
  owner: await import("../menu/owner-menu"),
  menu: await import("../menu/menu-items"),
  paid: await import("../orders/checkout"),
  read: await import("../orders/read"),
  provider: await import("../payments/providers/sandbox/provider"),
  methods: await import("../payments/methods"),
  fixtures: await import("../platform/testing/fixtures"),
};

async function customerWithCard(): Promise<User> {
  const user = await m.fixtures.customer("yen");
  const token = await m.provider.tokenize({ number: "4242424242424242", expMonth: 12, expYear: 2034, cvc: "123", postalCode: "94110" });
  await m.methods.saveCard(user, { paymentMethodId: token.id, makeDefault: true });
  return user;
}

/** A market in JPY opened by an operator, and a shop moved into it. */
async function tokyo() {
  const operator = await m.db.user.create({ data: { firstName: "Op", operator: true } });
  const market = await m.markets.openMarket(
    operator,
    marketInputSchema.parse({ code: "tokyo", name: "東京", currency: "JPY", timeZone: "Asia/Tokyo", languages: ["en"] }),
  );
  const shop = await m.fixtures.shop("jp", "Ramen-ya");
  await m.markets.assignRestaurantMarket(operator, shop.restaurant.id, { marketId: market.id });
  return shop;
}

const dishBody = (restaurantId: number, price: unknown) => ({
  restaurant_id: restaurantId,
  name: "Shoyu ramen",
  description: "Soy broth, chashu.",
  price,
  food_image: "https://example.com/ramen.jpg",
  food_type: "entree",
  optionGroups: [{ name: "Egg", minChoices: 0, maxChoices: 1, options: [{ name: "Ajitama", priceDelta: 150 }] }],
});

describe("a market in yen", () => {
  it("reads a dish's price and a checkout's amounts as whole yen, answers them so, and refuses decimals naming the field", async () => {
    const shop = await tokyo();
    const usd = await m.fixtures.shop("us");

    // The menu's input: 1500 is 1500 yen (not 150,000), its option's 150 is 150; the JSON says so.
    const body = await m.amounts.amountsInCurrency("POST /api/menu-items", {}, dishBody(shop.restaurant.id, 1500));
    const created = await m.owner.createMenuItem(shop.owner, menuItemCreateSchema.parse(body));
    expect(created.priceCents).toBe(1500);
    const json = m.menu.menuItemToJson(await m.menu.getMenuItem(created.id));
    expect(json.price).toBe(1500);
    expect(json.optionGroups[0]!.options[0]!.priceDelta).toBe(150);
    // A dish the fixture priced 1000 minor units reads 1000 yen, and a USD dish of 1000 cents still $10.
    expect(m.menu.menuItemToJson(await m.menu.getMenuItem(shop.dish.id)).price).toBe(1000);
    expect(m.menu.menuItemToJson(await m.menu.getMenuItem(usd.dish.id)).price).toBe(10);

    // Decimals a yen amount cannot have: a 400 naming the field, "12.5" and 12.5 alike; a USD body passes untouched.
    for (const price of ["12.5", 12.5])
      await expect(m.amounts.amountsInCurrency("POST /api/menu-items", {}, dishBody(shop.restaurant.id, price))).rejects.toMatchObject({
        status: 400,
        errors: { price: "price must be a whole number" },
      });
    const dollars = dishBody(usd.restaurant.id, "12.5");
    expect(await m.amounts.amountsInCurrency("POST /api/menu-items", {}, dollars)).toBe(dollars);
    await expect(m.amounts.amountsInCurrency("PUT /api/menu-items/{id}", { id: created.id }, { price: 9.99 })).rejects.toMatchObject({
      errors: { price: "price must be a whole number" },
    });

    // A checkout with a 200 yen tip: the order, its tip and its total are whole yen in the row and the JSON alike.
    const user = await customerWithCard();
    const cart = { restaurant_id: shop.restaurant.id, items: [{ menu_item_id: created.id, quantity: 2 }] };
    const checkout = { ...cart, submit: { deliveryOption: "pickup", tip: 200, paymentMethod: "card" } };
    await expect(m.amounts.amountsInCurrency("POST /api/orders", {}, { ...cart, submit: { ...checkout.submit, tip: "2.5" } })).rejects.toMatchObject({
      status: 400,
      errors: { "submit.tip": "tip must be a whole number" },
    });
    const input = placeOrderSchema.parse(await m.amounts.amountsInCurrency("POST /api/orders", {}, checkout));
    const order = await m.paid.placePaid(user, { cart: input }, input.submit!);
    expect(order).toMatchObject({ currency: "JPY", subtotalCents: 3000, tipCents: 200 });
    const answer = await m.read.getReadableOrder(user, order.id);
    expect(answer).toMatchObject({ currency: "JPY", subtotal: 3000, tip: 200, totalCost: order.totalCents });
    expect(Number.isInteger(answer.totalCost)).toBe(true);
    expect(answer.orderItems[0]).toMatchObject({ price: 1500, unitPrice: 1500 });
  });
});
