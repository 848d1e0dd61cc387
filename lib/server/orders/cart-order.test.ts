import { describe, expect, it } from "vitest";
import type { User } from "@/lib/generated/prisma/client";
import { submitOrderSchema } from "@/lib/contract/orders/checkout-rules";
import type { CreateOrderInput } from "@/lib/contract/orders/rules";
import { setUpTestDatabase, restaurantInput } from "../platform/testing/db";
import { paymentFor } from "./testing/payment";

// One cart, one Active order at checkout (cart-order.ts), against a real, migrated database: the
// same cart opened again answers the order made for it, a changed cart replaces it, a placed
// order is never touched, and two requests for one cart at once make one order.

setUpTestDatabase();

const m = {
  db: (await import("../platform/db")).db,
  sql: await import("../platform/sql"),
  ledger: await import("../wallet/ledger"),
  manage: await import("../restaurants/manage"),
  create: await import("./create"),
  place: await import("./place"),
  cartOrder: await import("./cart-order"),
  reorder: await import("./reorder"),
};

const CART = "7f9c2b1e-4d3a-4c5b-9e8f-0a1b2c3d4e5f";

async function customer(): Promise<User> {
  const user = await m.db.user.create({ data: { firstName: "Ada" } });
  await m.db.$transaction((tx) => m.ledger.moveWallet(m.sql.sqlOf(tx), { userId: user.id, amountCents: 10_000, kind: "topup" }));
  return user;
}

async function shop() {
  const owner = await m.db.user.create({ data: { firstName: "Owner" } });
  const restaurant = await m.manage.createRestaurant(owner, restaurantInput());
  const dish = (name: string, priceCents: number) =>
    m.db.menuItem.create({ data: { restaurantId: restaurant.id, name, description: "Fresh.", priceCents, foodImage: "/d.webp", foodType: "entree" } });
  return { owner, restaurant, dumplings: await dish("Dumplings", 1_000), noodles: await dish("Noodles", 1_400) };
}

const checkoutFor = (user: User, input: CreateOrderInput, cartId = CART) =>
  m.sql.sqlTransaction((sql) => m.cartOrder.orderForCart(sql, user, input, cartId), { prisma: true });

const activeIdsOf = async (user: User) =>
  (await m.db.order.findMany({ where: { userId: user.id, stage: null }, orderBy: { id: "asc" }, select: { id: true } })).map((order) => order.id);

describe("the cart's one Active order at checkout", () => {
  it("opening checkout three times from the same cart answers the one Active order made the first time", async () => {
    const [user, s] = [await customer(), await shop()];
    const cart = { restaurantId: s.restaurant.id, items: [{ menuItemId: s.dumplings.id, quantity: 2 }] };
    const first = await checkoutFor(user, cart);
    const second = await checkoutFor(user, cart);
    const third = await checkoutFor(user, {
      ...cart,
      items: [
        { menuItemId: s.dumplings.id, quantity: 1 },
        { menuItemId: s.dumplings.id, quantity: 1 },
      ],
    });
    expect(first.reused).toBe(false);
    expect([second.reused, third.reused]).toEqual([true, true]);
    expect([second.order.id, third.order.id]).toEqual([first.order.id, first.order.id]);
    expect(await activeIdsOf(user)).toEqual([first.order.id]);
  });

  it("a changed cart (another dish, another quantity) replaces its Active order: the old one is deleted, never left as a second", async () => {
    const [user, s] = [await customer(), await shop()];
    const first = await checkoutFor(user, { restaurantId: s.restaurant.id, items: [{ menuItemId: s.dumplings.id, quantity: 1 }] });
    const more = await checkoutFor(user, { restaurantId: s.restaurant.id, items: [{ menuItemId: s.dumplings.id, quantity: 2 }] });
    const other = await checkoutFor(user, {
      restaurantId: s.restaurant.id,
      items: [
        { menuItemId: s.dumplings.id, quantity: 2 },
        { menuItemId: s.noodles.id, quantity: 1 },
      ],
    });
    expect(new Set([first.order.id, more.order.id, other.order.id]).size).toBe(3);
    expect(other.order.subtotalCents).toBe(3_400);
    expect(await activeIdsOf(user)).toEqual([other.order.id]);
  });

  it("a dish repriced since makes a new order at today's price", async () => {
    const [user, s] = [await customer(), await shop()];
    const cart = { restaurantId: s.restaurant.id, items: [{ menuItemId: s.dumplings.id, quantity: 1 }] };
    const first = await checkoutFor(user, cart);
    await m.db.menuItem.update({ where: { id: s.dumplings.id }, data: { priceCents: 1_200 } });
    const again = await checkoutFor(user, cart);
    expect(again.order.id).not.toBe(first.order.id);
    expect(again.order.subtotalCents).toBe(1_200);
    expect(await activeIdsOf(user)).toEqual([again.order.id]);
  });

  it("the cart's order once placed is never deleted: checkout of the cart again makes a new Active order", async () => {
    const [user, s] = [await customer(), await shop()];
    const cart = { restaurantId: s.restaurant.id, items: [{ menuItemId: s.dumplings.id, quantity: 1 }] };
    const { order } = await checkoutFor(user, cart);
    const wallet = submitOrderSchema.parse({ deliveryOption: "standard", tipPercent: 15, paymentMethod: "wallet" });
    await m.db.$transaction((tx) => m.place.placeOrder(m.sql.sqlOf(tx), user, { activeOrderId: order.id }, wallet, paymentFor(wallet)));
    const next = await checkoutFor(user, cart);
    expect(next.reused).toBe(false);
    expect(await m.db.order.findUniqueOrThrow({ where: { id: order.id } })).toMatchObject({ stage: "placed" });
    expect(await activeIdsOf(user)).toEqual([next.order.id]);
  });

  it("two requests for one cart at the same moment make one order", async () => {
    const [user, s] = [await customer(), await shop()];
    const cart = { restaurantId: s.restaurant.id, items: [{ menuItemId: s.noodles.id, quantity: 3 }] };
    const answers = await Promise.all([checkoutFor(user, cart), checkoutFor(user, cart), checkoutFor(user, cart)]);
    expect(new Set(answers.map((answer) => answer.order.id)).size).toBe(1);
    expect(await activeIdsOf(user)).toEqual([answers[0]!.order.id]);
  });

  it("carts are told apart by their identity and by their owner; without one every create is an order (the API's contract)", async () => {
    const [ada, bo, s] = [await customer(), await customer(), await shop()];
    const cart = { restaurantId: s.restaurant.id, items: [{ menuItemId: s.dumplings.id, quantity: 1 }] };
    const adas = await checkoutFor(ada, cart);
    const bos = await checkoutFor(bo, cart);
    const adasOtherCart = await checkoutFor(ada, cart, "0d3c1b2a-9e8f-4a5b-8c7d-6e5f4a3b2c1d");
    expect(bos.order.id).not.toBe(adas.order.id);
    expect(adasOtherCart.order.id).not.toBe(adas.order.id);
    const plain = () => m.db.$transaction((tx) => m.create.createOrder(m.sql.sqlOf(tx), ada, cart));
    await plain();
    await plain();
    expect(await activeIdsOf(ada)).toHaveLength(4);
    expect(await activeIdsOf(bo)).toEqual([bos.order.id]);
  });

  it("a restaurant no longer taking orders is refused even for the order made before, which stays as it was", async () => {
    const [user, s] = [await customer(), await shop()];
    const cart = { restaurantId: s.restaurant.id, items: [{ menuItemId: s.dumplings.id, quantity: 1 }] };
    const { order } = await checkoutFor(user, cart);
    await m.db.restaurant.update({ where: { id: s.restaurant.id }, data: { servicing: false } });
    await expect(checkoutFor(user, cart)).rejects.toMatchObject({ status: 409 });
    expect(await activeIdsOf(user)).toEqual([order.id]);
  });

  it("Reorder pressed again while its order is still at checkout answers that order; a new price makes a new one in its place", async () => {
    const [user, s] = [await customer(), await shop()];
    const { order: past } = await checkoutFor(user, { restaurantId: s.restaurant.id, items: [{ menuItemId: s.noodles.id, quantity: 2 }] });
    const wallet = submitOrderSchema.parse({ deliveryOption: "standard", tipPercent: 15, paymentMethod: "wallet" });
    await m.db.$transaction((tx) => m.place.placeOrder(m.sql.sqlOf(tx), user, { activeOrderId: past.id }, wallet, paymentFor(wallet)));
    const first = await m.reorder.reorder(user, past.id);
    const again = await m.reorder.reorder(user, past.id);
    expect(again.order.id).toBe(first.order.id);
    expect(await activeIdsOf(user)).toEqual([first.order.id]);
    await m.db.menuItem.update({ where: { id: s.noodles.id }, data: { priceCents: 1_500 } });
    const repriced = await m.reorder.reorder(user, past.id);
    expect(repriced.order.id).not.toBe(first.order.id);
    expect(repriced.changes.repriced).toEqual([{ name: "Noodles", was: 1_400, now: 1_500 }]);
    expect(await activeIdsOf(user)).toEqual([repriced.order.id]);
  });
});
