import { describe, expect, it } from "vitest";
import type { User } from "@/lib/generated/prisma/client";
import { marketInputSchema } from "@/lib/contract/markets/rules";
import { menuItemCreateSchema } from "@/lib/contract/menu/rules";
import { placeOrderSchema } from "@/lib/contract/orders/rules";
import { restaurantPricingInputSchema } from "@/lib/contract/deliveries/pricing-rules";
import { phoneOrderInputSchema } from "@/lib/contract/orders/phone-order-rules";
import { promotionInputSchema } from "@/lib/contract/promotions/rules";
import { restaurantUpdateSchema } from "@/lib/contract/restaurants/rules";
import { cardFeesOf } from "@/components/browse/card-fee";
import { setUpTestDatabase } from "../platform/testing/db";

// A market in a currency without minor digits (docs/architecture/languages.md "Markets and
// currencies"), on a real migrated database: a Tokyo dish priced 1500 through the menu's input is
// 1500 yen in the row and 1500 in the JSON, a checkout's amounts are whole yen both ways, and an
// amount with decimals is a 400 naming its field; a USD body is read as before. So are a restaurant's
// fee, minimum and free delivery, a promotion's amounts and label, and a pay link's amounts.

setUpTestDatabase({ TEST_PAYMENTS_WEBHOOK_DELAY_MS: "0" });

const m = {
  db: (await import("../platform/db")).db,
  markets: await import("./markets"),
  amounts: await import("../web/amounts"),
  owner: await import("../menu/owner-menu"),
  menu: await import("../menu/menu-items"),
  paid: await import("../orders/testing/place-paid"),
  read: await import("../orders/read"),
  provider: await import("../payments/providers/test/provider"),
  methods: await import("../payments/methods"),
  fixtures: await import("../platform/testing/fixtures"),
  restaurants: await import("../restaurants/restaurants"),
  manage: await import("../restaurants/manage"),
  pricing: await import("../pricing/restaurant"),
  cardFees: await import("../pricing/card-fees"),
  promotions: await import("../promotions/manage"),
  sql: await import("../platform/sql"),
  phone: await import("../orders/phone-order"),
  link: await import("../payments/pay-link"),
};

async function customerWithCard(): Promise<User> {
  const user = await m.fixtures.customer("yen");
  const token = await m.provider.tokenize({ number: "4242424242424242", expMonth: 12, expYear: 2034, cvc: "123", postalCode: "94110" });
  await m.methods.saveCard(user, { paymentMethodId: token.id, makeDefault: true });
  return user;
}

/** A market in JPY opened by an operator, and a shop moved into it. */
async function tokyo(code = "tokyo") {
  const operator = await m.db.user.create({ data: { firstName: "Op", operator: true } });
  const market = await m.markets.openMarket(operator, marketInputSchema.parse({ code, name: "東京", currency: "JPY", timeZone: "Asia/Tokyo", languages: ["en"] }));
  const shop = await m.fixtures.shop(code, "Ramen-ya");
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

  it("reads a restaurant's fee, minimum, free delivery and promotions as whole yen, answers them so, and its pay link's amounts too", async () => {
    const shop = await tokyo("osaka");
    const usd = await m.fixtures.shop("us2");
    const id = shop.restaurant.id;
    const read = async <T>(key: Parameters<typeof m.amounts.amountsInCurrency>[0], body: Record<string, unknown>, schema: { parse: (value: unknown) => T }) =>
      schema.parse(await m.amounts.amountsInCurrency(key, { id }, body));

    // Its own pricing: a 300 yen fee, a 1000 yen minimum, free delivery over 3000; the JSON says the same numbers, a USD restaurant's stays in dollars.
    await m.manage.updateRestaurant(shop.owner, id, await read("PUT /api/manage/{id}", { deliveryFee: 300 }, restaurantUpdateSchema));
    expect(
      await m.pricing.setRestaurantPricing(
        shop.owner,
        id,
        await read("PUT /api/manage/{id}/pricing", { minOrder: 1000, freeDeliveryOver: 3000 }, restaurantPricingInputSchema),
      ),
    ).toEqual({
      minOrder: 1000,
      freeDeliveryOver: 3000,
    });
    const row = await m.db.restaurant.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({ deliveryFeeCents: 300, minOrderCents: 1000, freeDeliveryOverCents: 3000 });
    const [yen, dollars] = await m.restaurants.restaurantsToJson([row, usd.restaurant]);
    expect(yen).toMatchObject({ deliveryFee: 300, minOrder: 1000, freeDeliveryOver: 3000 });
    expect(dollars!.deliveryFee).toBe(usd.restaurant.deliveryFeeCents / 100);
    // Its card on /home, /search, favourites: its free delivery in yen; a USD card's line as before.
    const fees = m.cardFees.otherMarketsOf([row, usd.restaurant]);
    const cards = cardFeesOf(
      await fees,
      () => "$6.49 delivery fee",
      { fee: "{fee} delivery fee", from: "from {fee} delivery fee", freeOver: "{free} delivery fee over {amount}" },
      "en",
    );
    expect(cards.withFee(yen!).fee).toBe("¥0 delivery fee over ¥3,000");
    expect(cards.withFee({ ...dollars!, freeDeliveryOver: null }).fee).toBe("$6.49 delivery fee");
    for (const [key, body, field] of [
      ["PUT /api/manage/{id}", { deliveryFee: 2.99 }, "deliveryFee"],
      ["PUT /api/manage/{id}/pricing", { minOrder: "12.5" }, "minOrder"],
    ] as const)
      await expect(m.amounts.amountsInCurrency(key, { id }, body)).rejects.toMatchObject({ status: 400, errors: { [field]: `${field} must be a whole number` } });

    // A promotion of 500 yen off orders of 2000 or more: 500 and 2000 in the row and the JSON, its label in yen; a percent stays a percent.
    const body = { kind: "amount", value: 500, minSubtotal: 2000 };
    const promotion = await m.promotions.createPromotion(shop.owner, id, await read("POST /api/manage/{id}/promotions", body, promotionInputSchema));
    expect(promotion).toMatchObject({ value: 500, minSubtotalCents: 2000 });
    expect(m.promotions.promotionToJson(promotion, await m.promotions.promotionsCurrency(id))).toMatchObject({
      value: 500,
      minSubtotal: 2000,
      label: "¥500 off on orders of ¥2,000 or more",
    });
    expect((await m.promotions.automaticOffers(row))[0]!.label).toBe("¥500 off on orders of ¥2,000 or more");
    expect(await read("POST /api/manage/{id}/promotions", { kind: "percent", value: 10, maxDiscount: 800 }, promotionInputSchema)).toMatchObject({
      value: 10,
      maxDiscountCents: 800,
    });
    await expect(
      m.amounts.amountsInCurrency("PUT /api/manage/{id}/promotions/{promotionId}", { id, promotionId: promotion.id }, { ...body, value: 4.5 }),
    ).rejects.toMatchObject({
      errors: { value: "value must be a whole number" },
    });

    // A phone order paid by a link: its page's amounts are whole yen (two 1000 yen dishes: 2000).
    const input = phoneOrderInputSchema.parse({
      name: "Rosa Diaz",
      phone: "415-555-0134",
      fulfilment: "pickup",
      payment: "link",
      items: [{ menuItemId: shop.dish.id, quantity: 2 }],
    });
    const order = await m.sql.sqlTransaction((sql) => m.phone.placePhoneOrder(sql, shop.owner, id, input, new Date()), { prisma: true });
    const view = await m.link.readPayLink(order.payLink!.url.split("/pay/")[1]!);
    expect(view).toMatchObject({ currency: "JPY", total: order.totalCents, items: [{ quantity: 2, total: 2000 }] });
  });
});
