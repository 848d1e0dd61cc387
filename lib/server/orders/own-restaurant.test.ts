import { describe, expect, it } from "vitest";
import { submitOrderSchema } from "@/lib/contract/orders/checkout-rules";
import { placeOrderSchema } from "@/lib/contract/orders/rules";
import { restaurantInput, setUpTestDatabase } from "../platform/testing/db";
import { paymentFor } from "./testing/payment";
import { inEnglish } from "@/lib/contract/testing/in-english";

// An owner cannot order from their own restaurant (own-restaurant.ts): through the
// one-call checkout and through create + submit, a 403 that places and charges nothing; any
// other restaurant they order from as any customer.

setUpTestDatabase();

const m = {
  db: (await import("../platform/db")).db,
  sql: await import("../platform/sql"),
  manage: await import("../restaurants/manage"),
  create: await import("./create"),
  place: await import("./place"),
  own: await import("./own-restaurant"),
};

async function shop(owner: Parameters<typeof m.manage.createRestaurant>[0]) {
  const restaurant = await m.manage.createRestaurant(owner, restaurantInput());
  const dish = await m.db.menuItem.create({
    data: { restaurantId: restaurant.id, name: "Dumplings", description: "Six.", priceCents: 1_000, foodImage: "/d.webp", foodType: "appetizer" },
  });
  return { restaurant, dish };
}

const card = submitOrderSchema.parse({ deliveryOption: "standard", tipPercent: 15, paymentMethod: "card" });

describe("an owner's own restaurant", () => {
  it("refuses the owner's order there (403, nothing placed or charged), through both checkouts; another restaurant takes it", async () => {
    const owner = await m.db.user.create({ data: { firstName: "Owner", restaurantOwner: true } });
    const mine = await shop(owner);
    const cart = { restaurantId: mine.restaurant.id, items: [{ menuItemId: mine.dish.id, quantity: 1 }] };
    const refusal = { status: 403, message: inEnglish(m.own.OWN_RESTAURANT_ORDER_MESSAGE) };

    await expect(
      m.sql.sqlTransaction((sql) => m.place.placeOrder(sql, owner, { cart: placeOrderSchema.parse({ ...cart, submit: card }) }, card, paymentFor(card))),
    ).rejects.toMatchObject(refusal);
    const active = await m.db.$transaction((tx) => m.create.createOrder(m.sql.sqlOf(tx), owner, cart));
    await expect(m.db.$transaction((tx) => m.place.placeOrder(m.sql.sqlOf(tx), owner, { activeOrderId: active.id }, card, paymentFor(card)))).rejects.toMatchObject(
      refusal,
    );
    expect(await m.db.order.count({ where: { userId: owner.id, stage: { not: null } } })).toBe(0);
    expect(await m.db.ledgerEntry.count({ where: { orderId: active.id } })).toBe(0);

    const other = await shop(await m.db.user.create({ data: { firstName: "Other", restaurantOwner: true } }));
    const elsewhere = { restaurantId: other.restaurant.id, items: [{ menuItemId: other.dish.id, quantity: 1 }] };
    await expect(
      m.sql.sqlTransaction((sql) => m.place.placeOrder(sql, owner, { cart: placeOrderSchema.parse({ ...elsewhere, submit: card }) }, card, paymentFor(card))),
    ).resolves.toMatchObject({
      stage: "placed",
    });
  });
});
