import { describe, expect, it } from "vitest";
import { setUpTestDatabase, restaurantInput, walletCentsOf } from "../platform/testing/db";
import { statusOf } from "@/lib/shared/orders/order-stages";
import { inEnglish } from "@/lib/contract/testing/in-english";

// The owner data layer (restaurants, menus, incoming orders) against a real, migrated SQLite file.

setUpTestDatabase();
const manage = await import("./manage");
const menu = await import("../menu/owner-menu");
const incoming = { ...(await import("../orders/incoming")), ...(await import("../orders/complete")), ...(await import("../orders/to-json")) };
const { db } = await import("../platform/db");

/** A user whose wallet account holds `walletCents` (written directly: these tests check the orders' money, not the ledger's lines). */
async function newUser({ walletCents = 10_000, ...over }: { guestAccount?: boolean; walletCents?: number } = {}) {
  const user = await db.user.create({ data: { firstName: "Test", ...over } });
  await db.ledgerAccount.create({ data: { id: `wallet:${user.id}`, kind: "wallet", balanceCents: walletCents } });
  return user;
}

/** A submitted wallet order charged as checkout charges it (its payment entry: wallet -> clearing), so a refund has something to give back. */
async function paidOrder(userId: number, restaurantId: number, menuItemId: number) {
  const order = await submittedOrder(userId, restaurantId, menuItemId, "wallet");
  const { chargeOrder } = await import("../ledger/orders");
  const { sqlOf } = await import("../platform/sql");
  await db.$transaction((tx) => chargeOrder(sqlOf(tx), { id: order.id, userId, paymentMethod: "wallet", totalCents: order.totalCents }));
  return order;
}

async function submittedOrder(userId: number, restaurantId: number, menuItemId: number, paymentMethod: "wallet" | "card", createdAt?: Date) {
  return db.order.create({
    data: {
      userId,
      restaurantId,
      restaurantName: "Lantern Noodle House",
      stage: "placed",
      paymentMethod,
      subtotalCents: 1_200,
      totalCents: 2_000,
      submittedAt: new Date(),
      createdAt,
      orderItems: { create: [{ menuItemId, name: "Dumplings", priceCents: 600, restaurantId, quantity: 2 }] },
    },
  });
}

const dish = (restaurantId: number, over: { name?: string; priceCents?: number } = {}) => ({
  restaurantId,
  name: "Dumplings",
  description: "Six pork dumplings.",
  priceCents: 600,
  foodImage: "/images/food/chinese-fried-rice-arroz-chaufa.webp",
  foodType: "appetizer" as const,
  ...over,
});

async function ownerWithMenu() {
  const owner = await newUser();
  const restaurant = await manage.createRestaurant(owner, restaurantInput());
  const item = await menu.createMenuItem(owner, dish(restaurant.id));
  return { owner, restaurant, item };
}

describe("createRestaurant", () => {
  it("makes the creator an owner in the same step", async () => {
    const user = await newUser();
    const restaurant = await manage.createRestaurant(user, restaurantInput());
    expect(restaurant).toMatchObject({ ownerId: user.id, servicing: true, deliveryFeeCents: 299, closingTime: "22:00" });
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).restaurantOwner).toBe(true);
  });

  it("refuses guests with 403 and leaves them non-owners", async () => {
    const guest = await newUser({ guestAccount: true });
    await expect(manage.createRestaurant(guest, restaurantInput())).rejects.toMatchObject({ status: 403 });
    expect((await db.user.findUniqueOrThrow({ where: { id: guest.id } })).restaurantOwner).toBe(false);
    expect(await db.restaurant.count({ where: { ownerId: guest.id } })).toBe(0);
  });
});

describe("ownership", () => {
  it("someone else's restaurant and item answer 404 and stay as they were", async () => {
    const { restaurant, item } = await ownerWithMenu();
    const stranger = await newUser();
    await expect(manage.updateRestaurant(stranger, restaurant.id, { name: "Mine now" })).rejects.toMatchObject({ status: 404 });
    await expect(manage.deactivateRestaurant(stranger, restaurant.id)).rejects.toMatchObject({ status: 404 });
    await expect(manage.deleteRestaurant(stranger, restaurant.id)).rejects.toMatchObject({ status: 404 });
    await expect(menu.updateMenuItem(stranger, item.id, { priceCents: 1 })).rejects.toMatchObject({ status: 404 });
    await expect(menu.deleteMenuItem(stranger, item.id)).rejects.toMatchObject({ status: 404 });
    await expect(menu.createMenuItem(stranger, dish(restaurant.id))).rejects.toMatchObject({ status: 404 });
    expect(await db.restaurant.findUniqueOrThrow({ where: { id: restaurant.id } })).toMatchObject({ name: restaurant.name, servicing: true });
    expect(await db.menuItem.findUniqueOrThrow({ where: { id: item.id } })).toMatchObject({ priceCents: 600 });
  });
});

describe("deleteRestaurant (hard)", () => {
  it("removes menu, likes and reviews; orders keep their lines, totals and the name", async () => {
    const { owner, restaurant, item } = await ownerWithMenu();
    const customer = await newUser();
    const done = await db.order.create({
      data: {
        userId: customer.id,
        restaurantId: restaurant.id,
        restaurantName: restaurant.name,
        stage: "delivered",
        totalCents: 1_850,
        orderItems: { create: [{ menuItemId: item.id, name: item.name, priceCents: 600, restaurantId: restaurant.id, quantity: 3 }] },
      },
    });
    await db.like.create({ data: { userId: customer.id, menuItemId: item.id } });
    await db.review.create({ data: { userId: customer.id, orderId: done.id, restaurantId: restaurant.id, review: "Great", orderRating: 5, restaurantRating: 5 } });

    await manage.deleteRestaurant(owner, restaurant.id);

    expect(await db.restaurant.findUnique({ where: { id: restaurant.id } })).toBeNull();
    expect(await db.menuItem.count({ where: { restaurantId: restaurant.id } })).toBe(0);
    expect(await db.like.count({ where: { userId: customer.id } })).toBe(0);
    expect(await db.review.count({ where: { orderId: done.id } })).toBe(0);
    const kept = await db.order.findUniqueOrThrow({ where: { id: done.id }, include: { orderItems: true } });
    expect(kept).toMatchObject({ restaurantId: null, restaurantName: restaurant.name, stage: "delivered", totalCents: 1_850 });
    expect(kept.orderItems).toEqual([expect.objectContaining({ menuItemId: null, name: "Dumplings", priceCents: 600, quantity: 3 })]);
  });

  it("cancels orders still open there and refunds wallet payments once", async () => {
    const { owner, restaurant, item } = await ownerWithMenu();
    const customer = await newUser({ walletCents: 7_000 });
    const paid = await paidOrder(customer.id, restaurant.id, item.id);
    await manage.deleteRestaurant(owner, restaurant.id);
    const closed = await db.order.findUniqueOrThrow({ where: { id: paid.id } });
    expect(closed).toMatchObject({ restaurantId: null });
    expect(statusOf(closed.stage)).toBe("Canceled");
    expect(await walletCentsOf(db, customer.id)).toBe(7_000);
    expect(await db.walletTransaction.findMany({ where: { orderId: paid.id }, orderBy: { id: "asc" } })).toEqual([
      expect.objectContaining({ kind: "payment", amountCents: -2_000, balanceAfterCents: 5_000 }),
      expect.objectContaining({ kind: "refund", amountCents: 2_000, balanceAfterCents: 7_000 }),
    ]);
  });
});

describe("incoming orders", () => {
  it("lists the restaurant's submitted orders only, newest first, with the customer's first name", async () => {
    const { owner, restaurant, item } = await ownerWithMenu();
    const customer = await db.user.create({ data: { firstName: "Ada", lastName: "Lovelace" } });
    const older = await submittedOrder(customer.id, restaurant.id, item.id, "card", new Date(Date.now() - 60_000));
    const newer = await submittedOrder(customer.id, restaurant.id, item.id, "card");
    await db.order.create({ data: { userId: customer.id, restaurantId: restaurant.id, restaurantName: "x" } });
    const list = await incoming.listIncomingOrders(owner, restaurant.id, { limit: 20, offset: 0 });
    expect(list.map((o) => o.id)).toEqual([newer.id, older.id]);
    const json = incoming.incomingOrderToJson(list[0]!);
    expect(json.customer).toEqual({ firstName: "Ada" });
    expect(json.orderItems).toEqual([expect.objectContaining({ name: "Dumplings", quantity: 2 })]);
    expect(JSON.stringify(json)).not.toContain("Lovelace");
  });

  it("canceling a wallet order refunds it in the same step; a second cancel is a 409 and refunds nothing", async () => {
    const { owner, restaurant, item } = await ownerWithMenu();
    const customer = await newUser({ walletCents: 3_000 });
    const order = await paidOrder(customer.id, restaurant.id, item.id);
    const closed = await incoming.closeIncomingOrder(owner, restaurant.id, order.id, "Canceled");
    expect(statusOf(closed.stage)).toBe("Canceled");
    expect(closed.closedAt).toBeInstanceOf(Date);
    await expect(incoming.closeIncomingOrder(owner, restaurant.id, order.id, "Canceled")).rejects.toMatchObject({
      status: 409,
      message: inEnglish(incoming.ONLY_SUBMITTED_MESSAGE),
    });
    await expect(incoming.closeIncomingOrder(owner, restaurant.id, order.id, "Completed")).rejects.toMatchObject({ status: 409 });
    expect(await walletCentsOf(db, customer.id)).toBe(3_000);
    expect(await db.walletTransaction.count({ where: { orderId: order.id, kind: "refund" } })).toBe(1);
  });

  it("completing or canceling a card order moves no money", async () => {
    const { owner, restaurant, item } = await ownerWithMenu();
    const customer = await newUser({ walletCents: 1_000 });
    const a = await submittedOrder(customer.id, restaurant.id, item.id, "card");
    const b = await submittedOrder(customer.id, restaurant.id, item.id, "wallet");
    await incoming.closeIncomingOrder(owner, restaurant.id, a.id, "Canceled");
    expect(statusOf((await incoming.closeIncomingOrder(owner, restaurant.id, b.id, "Completed")).stage)).toBe("Completed");
    expect(await db.walletTransaction.count({ where: { userId: customer.id } })).toBe(0);
  });

  it("an order of another restaurant, or someone else's restaurant, is a 404", async () => {
    const first = await ownerWithMenu();
    const second = await ownerWithMenu();
    const customer = await newUser();
    const order = await submittedOrder(customer.id, first.restaurant.id, first.item.id, "wallet");
    await expect(incoming.closeIncomingOrder(second.owner, second.restaurant.id, order.id, "Canceled")).rejects.toMatchObject({ status: 404 });
    await expect(incoming.closeIncomingOrder(second.owner, first.restaurant.id, order.id, "Canceled")).rejects.toMatchObject({ status: 404 });
    await expect(incoming.listIncomingOrders(second.owner, first.restaurant.id, { limit: 20, offset: 0 })).rejects.toMatchObject({ status: 404 });
    expect(statusOf((await db.order.findUniqueOrThrow({ where: { id: order.id } })).stage)).toBe("Submitted");
  });
});

describe("owner menu", () => {
  it("lists new items first; deleting one keeps past order lines by name and price", async () => {
    const { owner, restaurant, item } = await ownerWithMenu();
    const later = await menu.createMenuItem(owner, dish(restaurant.id, { name: "Noodles", priceCents: 1_100 }));
    const customer = await newUser();
    const order = await submittedOrder(customer.id, restaurant.id, item.id, "card");
    expect((await menu.listOwnerMenu(owner, restaurant.id, { limit: 100, offset: 0 })).items.map((i) => i.id)).toEqual([later.id, item.id]);
    await menu.deleteMenuItem(owner, item.id);
    const lines = await db.orderItem.findMany({ where: { orderId: order.id } });
    expect(lines).toEqual([expect.objectContaining({ menuItemId: null, name: "Dumplings", priceCents: 600 })]);
  });

  it("comes whole without a limit; a page says whether more follow", async () => {
    const { owner, restaurant, item } = await ownerWithMenu();
    await db.menuItem.createMany({
      data: Array.from({ length: 101 }, (_, n) => ({ ...dish(restaurant.id, { name: `Dish ${n}` }), createdAt: new Date(Date.UTC(2026, 0, 1, 0, n)) })),
    });
    const whole = await menu.listOwnerMenu(owner, restaurant.id, { offset: 0 });
    expect(whole.items).toHaveLength(102);
    expect(whole).toMatchObject({ hasMore: false, nextOffset: null });
    const first = await menu.listOwnerMenu(owner, restaurant.id, { limit: 100, offset: 0 });
    expect(first.items).toHaveLength(100);
    expect(first).toMatchObject({ hasMore: true, nextOffset: 100 });
    const rest = await menu.listOwnerMenu(owner, restaurant.id, { limit: 100, offset: 100 });
    expect(rest).toMatchObject({ hasMore: false, nextOffset: null });
    expect([...first.items, ...rest.items].map((i) => i.id)).toEqual(whole.items.map((i) => i.id));
    expect(whole.items[0]!.id).toBe(item.id);
  });
});
