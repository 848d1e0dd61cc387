import { describe, expect, it } from "vitest";
import type { User } from "@/lib/generated/prisma/client";
import { placeOrderSchema } from "@/lib/contract/orders/rules";
import { restaurantInput, setUpTestDatabase } from "../platform/testing/db";
import { paymentFor } from "./testing/payment";

// /home's "Order again" against a real, migrated database: the customer's
// latest restaurants from placed orders, each once with its last order, and the one-tap rebuild
// (Reorder) naming a dish removed since.

setUpTestDatabase();
const m = {
  db: (await import("../platform/db")).db,
  ledger: await import("../wallet/ledger"),
  sql: await import("../platform/sql"),
  manage: await import("../restaurants/manage"),
  ownerMenu: await import("../menu/owner-menu"),
  place: await import("./place"),
  reorder: await import("./reorder"),
  again: await import("./order-again"),
};

// 19:10 in Los Angeles on Nov 25, 2026 (the test restaurants are open).
const T0 = new Date("2026-11-26T03:10:00Z");
const minutes = (n: number) => new Date(T0.getTime() + n * 60_000);

async function customer(): Promise<User> {
  const user = await m.db.user.create({ data: { firstName: "Ada" } });
  await m.db.$transaction((tx) => m.ledger.moveWallet(m.sql.sqlOf(tx), { userId: user.id, amountCents: 100_000, kind: "topup" }));
  return m.db.user.findUniqueOrThrow({ where: { id: user.id } });
}

async function shop() {
  const owner = await m.db.user.create({ data: { firstName: "Owner" } });
  const restaurant = await m.manage.createRestaurant(owner, restaurantInput());
  const dish = (name: string) =>
    m.db.menuItem.create({ data: { restaurantId: restaurant.id, name, description: "d", priceCents: 1_000, foodImage: "/d.webp", foodType: "entree" } });
  return { owner, restaurant, dumplings: await dish("Dumplings"), noodles: await dish("Noodles") };
}

const checkout = (user: User, restaurantId: number, menuItemIds: number[], when: Date) => {
  const input = placeOrderSchema.parse({
    restaurantId,
    items: menuItemIds.map((menuItemId) => ({ menuItemId, quantity: 1 })),
    submit: { deliveryOption: "pickup", tip: 0, paymentMethod: "wallet" },
  });
  return m.sql.sqlTransaction((sql) => m.place.placeOrder(sql, user, { cart: input }, input.submit!, paymentFor(input.submit!), when));
};

describe("Order again", () => {
  it("lists each recent restaurant once with its last placed order, newest first; none without history", async () => {
    const user = await customer();
    expect(await m.again.orderAgain(user.id)).toEqual([]);
    const a = await shop();
    const b = await shop();
    await checkout(user, a.restaurant.id, [a.dumplings.id], minutes(0));
    await checkout(user, b.restaurant.id, [b.noodles.id], minutes(5));
    const lastAtA = await checkout(user, a.restaurant.id, [a.noodles.id], minutes(10));
    const rows = await m.again.orderAgain(user.id);
    expect(rows.map((row) => row.restaurant.id)).toEqual([a.restaurant.id, b.restaurant.id]);
    expect(rows[0].lastOrderId).toBe(lastAtA.id);
    // Another customer's history is not theirs.
    expect(await m.again.orderAgain((await customer()).id)).toEqual([]);
  });

  it("rebuilds the last order's cart, naming a dish removed since and keeping the rest", async () => {
    const user = await customer();
    const { owner, restaurant, dumplings, noodles } = await shop();
    await checkout(user, restaurant.id, [dumplings.id, noodles.id], minutes(0));
    await m.ownerMenu.deleteMenuItem(owner, dumplings.id);
    const [row] = await m.again.orderAgain(user.id);
    const { order, changes } = await m.reorder.reorder(user, row.lastOrderId, minutes(30));
    expect(changes.unavailable).toEqual(["Dumplings"]);
    const lines = await m.db.orderItem.findMany({ where: { orderId: order.id } });
    expect(lines.map((line) => line.menuItemId)).toEqual([noodles.id]);
  });
});
