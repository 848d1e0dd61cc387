import { describe, expect, it } from "vitest";
import type { User } from "@/lib/generated/prisma/client";
import { rejectionOf } from "@/lib/shared/orders/order-stages";
import { everyDay } from "@/lib/shared/time/opening-hours";
import { submitOrderSchema } from "@/lib/contract/orders/checkout-rules";
import { setUpTestDatabase, restaurantInput, walletCentsOf } from "../platform/testing/db";
import { paymentFor } from "./testing/payment";
import { inEnglish } from "@/lib/contract/testing/in-english";

// Every state change of an order against a real, migrated database (SQLite, or PostgreSQL with
// TEST_DATABASE_URL): the money each one moves, the wallet ledger adding up to the balance,
// 404 for someone else's order and 409 for the wrong state, and a second call changing nothing.

setUpTestDatabase({ ORDER_ACCEPT_MINUTES: "10" });

const m = {
  db: (await import("../platform/db")).db,
  ledger: await import("../wallet/ledger"),
  sql: await import("../platform/sql"),
  manage: await import("../restaurants/manage"),
  create: await import("./create"),
  place: await import("./place"),
  cancel: await import("./cancel"),
  complete: await import("./complete"),
  abandon: await import("./abandon"),
  reorder: await import("./reorder"),
  accept: await import("./accept"),
  reject: await import("./reject"),
  ready: await import("./ready"),
  out: await import("./out-for-delivery"),
  deliver: await import("./deliver"),
  expire: await import("./expire"),
  read: await import("./read"),
  incoming: await import("./incoming"),
  json: await import("./to-json"),
};

/** A user whose wallet was filled through the ledger, so ledger = balance holds from the start. */
async function customer(walletCents = 10_000): Promise<User> {
  const user = await m.db.user.create({ data: { firstName: "Ada" } });
  if (walletCents) await m.db.$transaction((tx) => m.ledger.moveWallet(m.sql.sqlOf(tx), { userId: user.id, amountCents: walletCents, kind: "topup" }));
  return m.db.user.findUniqueOrThrow({ where: { id: user.id } });
}

async function restaurantWithDish() {
  const owner = await m.db.user.create({ data: { firstName: "Owner" } });
  const restaurant = await m.manage.createRestaurant(owner, restaurantInput());
  const dish = await m.db.menuItem.create({
    data: { restaurantId: restaurant.id, name: "Dumplings", description: "Six.", priceCents: 1_000, foodImage: "/d.webp", foodType: "appetizer" },
  });
  return { owner, restaurant, dish };
}

const walletOf = (user: User) => walletCentsOf(m.db, user.id);

async function ledgerMatchesBalance(user: User) {
  const rows = await m.db.walletTransaction.findMany({ where: { userId: user.id }, orderBy: { id: "asc" } });
  const balance = await walletOf(user);
  expect(rows.reduce((sum, row) => sum + row.amountCents, 0)).toBe(balance);
  expect(rows.at(-1)?.balanceAfterCents ?? 0).toBe(balance);
}

const standardWallet = submitOrderSchema.parse({ deliveryOption: "standard", tipPercent: 15, paymentMethod: "wallet" });

/** A placed order paid from the wallet (submitted at `at`), with its restaurant and owner. */
async function placedOrder(options: { user?: User; at?: Date; shop?: Awaited<ReturnType<typeof restaurantWithDish>>; input?: typeof standardWallet } = {}) {
  const user = options.user ?? (await customer());
  const shop = options.shop ?? (await restaurantWithDish());
  const active = await m.db.$transaction((tx) =>
    m.create.createOrder(m.sql.sqlOf(tx), user, { restaurantId: shop.restaurant.id, items: [{ menuItemId: shop.dish.id, quantity: 2 }] }),
  );
  const order = await m.db.$transaction((tx) =>
    m.place.placeOrder(m.sql.sqlOf(tx), user, { activeOrderId: active.id }, options.input ?? standardWallet, paymentFor(options.input ?? standardWallet), options.at),
  );
  return { user, ...shop, order };
}

const paymentsOf = (orderId: number) => m.db.walletTransaction.findMany({ where: { orderId }, orderBy: { id: "asc" }, select: { kind: true, amountCents: true } });
const stagesOf = async (orderId: number) =>
  (await m.db.orderEvent.findMany({ where: { orderId, stage: { not: "notification" } }, orderBy: { id: "asc" } })).map((event) => event.stage);

describe("create", () => {
  it("prices from the menu and refuses a restaurant that is not taking orders", async () => {
    const user = await customer();
    const { owner, restaurant, dish } = await restaurantWithDish();
    const order = await m.db.$transaction((tx) =>
      m.create.createOrder(m.sql.sqlOf(tx), user, { restaurantId: restaurant.id, items: [{ menuItemId: dish.id, quantity: 3 }] }),
    );
    expect(order).toMatchObject({ stage: null, subtotalCents: 3_000 });
    await m.manage.deactivateRestaurant(owner, restaurant.id);
    await expect(
      m.db.$transaction((tx) => m.create.createOrder(m.sql.sqlOf(tx), user, { restaurantId: restaurant.id, items: [{ menuItemId: dish.id, quantity: 1 }] })),
    ).rejects.toMatchObject({ status: 409, message: inEnglish(m.create.NOT_TAKING_ORDERS) });
  });
});

describe("submit", () => {
  it("charges the wallet once, enters stage placed with its event; a second submit is a 409 and charges nothing", async () => {
    const { user, order } = await placedOrder();
    expect(order).toMatchObject({ stage: "placed", paymentMethod: "wallet" });
    expect(await paymentsOf(order.id)).toEqual([{ kind: "payment", amountCents: -order.totalCents }]);
    expect(await stagesOf(order.id)).toEqual(["placed"]);
    expect(m.json.orderToJson(order).timeline).toEqual([{ stage: "placed", at: order.submittedAt!.toISOString() }]);
    await expect(
      m.db.$transaction((tx) => m.place.placeOrder(m.sql.sqlOf(tx), user, { activeOrderId: order.id }, standardWallet, paymentFor(standardWallet))),
    ).rejects.toMatchObject({
      status: 409,
      message: "This order was already submitted",
    });
    expect(await paymentsOf(order.id)).toHaveLength(1);
    expect(await stagesOf(order.id)).toEqual(["placed"]);
    await ledgerMatchesBalance(user);
  });

  it("two submits at once charge once", async () => {
    const user = await customer();
    const { restaurant, dish } = await restaurantWithDish();
    const active = await m.db.$transaction((tx) =>
      m.create.createOrder(m.sql.sqlOf(tx), user, { restaurantId: restaurant.id, items: [{ menuItemId: dish.id, quantity: 1 }] }),
    );
    const results = await Promise.allSettled(
      [1, 2].map(() => m.db.$transaction((tx) => m.place.placeOrder(m.sql.sqlOf(tx), user, { activeOrderId: active.id }, standardWallet, paymentFor(standardWallet)))),
    );
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    expect(await paymentsOf(active.id)).toHaveLength(1);
    expect(await stagesOf(active.id)).toEqual(["placed"]);
    await ledgerMatchesBalance(user);
  });

  it("someone else's order is a 404 and a short wallet a 400; neither changes anything", async () => {
    const user = await customer(100);
    const { restaurant, dish } = await restaurantWithDish();
    const active = await m.db.$transaction((tx) =>
      m.create.createOrder(m.sql.sqlOf(tx), user, { restaurantId: restaurant.id, items: [{ menuItemId: dish.id, quantity: 1 }] }),
    );
    const stranger = await customer();
    await expect(
      m.db.$transaction((tx) => m.place.placeOrder(m.sql.sqlOf(tx), stranger, { activeOrderId: active.id }, standardWallet, paymentFor(standardWallet))),
    ).rejects.toMatchObject({
      status: 404,
    });
    await expect(
      m.db.$transaction((tx) => m.place.placeOrder(m.sql.sqlOf(tx), user, { activeOrderId: active.id }, standardWallet, paymentFor(standardWallet))),
    ).rejects.toMatchObject({
      status: 400,
    });
    expect(await m.db.order.findUniqueOrThrow({ where: { id: active.id } })).toMatchObject({ stage: null });
    expect(await stagesOf(active.id)).toEqual([]);
    expect(await walletOf(user)).toBe(100);
  });
});

describe("submit within opening hours", () => {
  // Saturday Nov 21, 2026, 10:00 in Los Angeles; the restaurant opens 17:00-20:00 every day.
  const morning = new Date("2026-11-21T18:00:00Z");
  const evenings = JSON.stringify(everyDay({ open: "17:00", close: "20:00" }));

  it("for now while closed is a 409 naming the first slot; a slot outside the hours a 400; neither charges; a slot inside is placed", async () => {
    const user = await customer();
    const shop = await restaurantWithDish();
    await m.manage.updateRestaurant(shop.owner, shop.restaurant.id, { hours: evenings });
    const active = await m.db.$transaction((tx) =>
      m.create.createOrder(m.sql.sqlOf(tx), user, { restaurantId: shop.restaurant.id, items: [{ menuItemId: shop.dish.id, quantity: 1 }] }),
    );
    const submit = (input: typeof standardWallet) =>
      m.db.$transaction((tx) => m.place.placeOrder(m.sql.sqlOf(tx), user, { activeOrderId: active.id }, input, paymentFor(input), morning));
    await expect(submit(standardWallet)).rejects.toMatchObject({
      status: 409,
      message: `${shop.restaurant.name} is closed right now. You can schedule an order for today at 5:00 PM.`,
    });
    const at = (scheduledFor: string) => submitOrderSchema.parse({ deliveryOption: "schedule", scheduledFor, tipPercent: 15, paymentMethod: "wallet" });
    await expect(submit(at("2026-11-21T20:00:00.000Z"))).rejects.toMatchObject({
      status: 400,
      errors: { scheduledFor: "Choose one of the offered delivery times: within the next 7 days, on the half hour, while the restaurant is open" },
    }); // noon
    await expect(submit(at("2026-11-22T04:00:00.000Z"))).rejects.toMatchObject({ status: 400 }); // 20:00, the close
    expect(await walletOf(user)).toBe(10_000);
    expect(await stagesOf(active.id)).toEqual([]);
    expect(await submit(at("2026-11-22T03:30:00.000Z"))).toMatchObject({ stage: "placed", scheduledFor: new Date("2026-11-22T03:30:00.000Z") }); // 19:30
    await ledgerMatchesBalance(user);
  });

  it("a closure for today refuses an order for now even inside the weekly hours", async () => {
    const user = await customer();
    const shop = await restaurantWithDish();
    await m.manage.updateRestaurant(shop.owner, shop.restaurant.id, { closures: JSON.stringify([{ from: "2026-11-21", to: "2026-11-21" }]) });
    const active = await m.db.$transaction((tx) =>
      m.create.createOrder(m.sql.sqlOf(tx), user, { restaurantId: shop.restaurant.id, items: [{ menuItemId: shop.dish.id, quantity: 1 }] }),
    );
    await expect(
      m.db.$transaction((tx) => m.place.placeOrder(m.sql.sqlOf(tx), user, { activeOrderId: active.id }, standardWallet, paymentFor(standardWallet), morning)),
    ).rejects.toMatchObject({
      status: 409,
      message: `${shop.restaurant.name} is closed right now. You can schedule an order for tomorrow at 12:00 AM.`,
    });
  });
});

describe("cancel (the customer)", () => {
  it("while placed: refunds in full once; a second cancel is a 409 and refunds nothing", async () => {
    const { user, order } = await placedOrder();
    const canceled = await m.cancel.cancelOrder(user, order.id);
    expect(canceled).toMatchObject({ stage: "canceled" });
    expect(await walletOf(user)).toBe(10_000);
    await expect(m.cancel.cancelOrder(user, order.id)).rejects.toMatchObject({ status: 409, message: inEnglish(m.cancel.ONLY_SUBMITTED_CAN_BE_CANCELED) });
    expect(await paymentsOf(order.id)).toEqual([
      { kind: "payment", amountCents: -order.totalCents },
      { kind: "refund", amountCents: order.totalCents },
    ]);
    expect(await stagesOf(order.id)).toEqual(["placed", "canceled"]);
    await ledgerMatchesBalance(user);
  });

  it("after the restaurant accepted: 409 saying so, nothing refunded", async () => {
    const { user, owner, restaurant, order } = await placedOrder();
    await m.accept.acceptOrder(owner, restaurant.id, order.id, 20);
    await expect(m.cancel.cancelOrder(user, order.id)).rejects.toMatchObject({ status: 409, message: inEnglish(m.cancel.ALREADY_ACCEPTED) });
    expect(await paymentsOf(order.id)).toHaveLength(1);
    expect((await m.db.order.findUniqueOrThrow({ where: { id: order.id } })).stage).toBe("accepted");
  });

  it("someone else's order, even the restaurant owner's, is a 404", async () => {
    const { owner, order } = await placedOrder();
    await expect(m.cancel.cancelOrder(await customer(), order.id)).rejects.toMatchObject({ status: 404 });
    await expect(m.cancel.cancelOrder(owner, order.id)).rejects.toMatchObject({ status: 404 });
    expect((await m.db.order.findUniqueOrThrow({ where: { id: order.id } })).stage).toBe("placed");
  });
});

describe("the restaurant's steps", () => {
  it("accept, ready, out for delivery, delivered: forward only, each with its event", async () => {
    const now = new Date("2026-11-22T12:00:00Z");
    const { user, owner, restaurant, order } = await placedOrder();
    await expect(m.ready.markReady(owner, restaurant.id, order.id)).rejects.toMatchObject({
      status: 409,
      message: "This order is waiting for the restaurant to accept it, so it cannot be marked ready",
    });
    const accepted = await m.accept.acceptOrder(owner, restaurant.id, order.id, 20, now);
    expect(accepted).toMatchObject({ stage: "accepted", prepMinutes: 20, acceptedAt: now, estimatedReadyAt: new Date("2026-11-22T12:20:00Z") });
    const json = m.json.incomingOrderToJson(accepted);
    expect(json).toMatchObject({
      estimatedReadyAt: "2026-11-22T12:20:00.000Z",
      estimatedArrivalFrom: "2026-11-22T12:40:00.000Z",
      estimatedArrivalTo: "2026-11-22T12:50:00.000Z",
    });
    await expect(m.accept.acceptOrder(owner, restaurant.id, order.id, 30)).rejects.toMatchObject({
      status: 409,
      message: "This order is being prepared, so it cannot be accepted",
    });
    await m.ready.markReady(owner, restaurant.id, order.id);
    await expect(m.deliver.markDelivered(owner, restaurant.id, order.id)).rejects.toMatchObject({ status: 409 });
    await m.out.markOutForDelivery(owner, restaurant.id, order.id);
    const delivered = await m.deliver.markDelivered(owner, restaurant.id, order.id);
    expect(delivered).toMatchObject({ stage: "delivered" });
    expect(m.json.orderToJson(delivered).timeline.map((step) => step.stage)).toEqual(["placed", "accepted", "ready", "out_for_delivery", "delivered"]);
    await expect(m.reject.rejectOrder(owner, restaurant.id, order.id, rejectionOf("too_busy"))).rejects.toMatchObject({ status: 409 });
    expect(await stagesOf(order.id)).toEqual(["placed", "accepted", "ready", "out_for_delivery", "delivered"]);
    expect(await paymentsOf(order.id)).toHaveLength(1);
    const mine = await m.read.getOwnOrder(user, order.id);
    expect(m.json.orderToJson(mine).timeline).toHaveLength(5);
  });

  it("a pickup: charged without delivery fees, never out for delivery (409), picked up from ready", async () => {
    const pickup = submitOrderSchema.parse({ deliveryOption: "pickup", tipPercent: 15, paymentMethod: "wallet" });
    const { user, owner, restaurant, order } = await placedOrder({ input: pickup });
    // 2 x 10.00 + 10 % service + 15 % tip, no delivery or priority fee.
    expect(m.json.orderToJson(order).deliveryOption).toBe("pickup");
    expect(order).toMatchObject({
      pickup: true,
      deliveryOption: "standard",
      subtotalCents: 2000,
      deliveryFeeCents: 0,
      priorityFeeCents: 0,
      serviceFeeCents: 200,
      tipCents: 300,
      totalCents: 2500,
    });
    expect(await paymentsOf(order.id)).toEqual([{ kind: "payment", amountCents: -2500 }]);
    await m.accept.acceptOrder(owner, restaurant.id, order.id, 10);
    await m.ready.markReady(owner, restaurant.id, order.id);
    await expect(m.out.markOutForDelivery(owner, restaurant.id, order.id)).rejects.toMatchObject({ status: 409, message: inEnglish(m.out.PICKUP_NOT_DELIVERED) });
    const pickedUp = await m.deliver.markDelivered(owner, restaurant.id, order.id);
    expect(pickedUp).toMatchObject({ stage: "delivered" });
    expect(await stagesOf(order.id)).toEqual(["placed", "accepted", "ready", "delivered"]);
    await expect(m.deliver.markDelivered(owner, restaurant.id, order.id)).rejects.toMatchObject({
      status: 409,
      message: "This order is delivered, so it cannot be marked picked up",
    });
    expect(await paymentsOf(order.id)).toHaveLength(1);
    await ledgerMatchesBalance(user);
  });

  it("a pickup canceled while placed is refunded exactly what it was charged", async () => {
    const pickup = submitOrderSchema.parse({ deliveryOption: "pickup", tip: 0, paymentMethod: "wallet" });
    const { user, order } = await placedOrder({ input: pickup });
    expect(order.totalCents).toBe(2200);
    await m.cancel.cancelOrder(user, order.id);
    expect(await paymentsOf(order.id)).toEqual([
      { kind: "payment", amountCents: -2200 },
      { kind: "refund", amountCents: 2200 },
    ]);
    expect(await walletOf(user)).toBe(10_000);
    await ledgerMatchesBalance(user);
  });

  it("pickup and delivery checkouts at once on one wallet: exactly the affordable ones are charged, each its own price", async () => {
    const user = await customer(5_000);
    const shop = await restaurantWithDish();
    const inputs = [
      submitOrderSchema.parse({ deliveryOption: "pickup", tip: 0, paymentMethod: "wallet" }),
      submitOrderSchema.parse({ deliveryOption: "pickup", tip: 0, paymentMethod: "wallet" }),
      submitOrderSchema.parse({ deliveryOption: "standard", tip: 0, paymentMethod: "wallet" }),
    ];
    const actives = await Promise.all(
      inputs.map(() =>
        m.db.$transaction((tx) => m.create.createOrder(m.sql.sqlOf(tx), user, { restaurantId: shop.restaurant.id, items: [{ menuItemId: shop.dish.id, quantity: 2 }] })),
      ),
    );
    // A pickup is 2,200 (20.00 + 10 %), a delivery 2,849 (plus 6.49): 5,000 pays for two of the three at most.
    const results = await Promise.allSettled(
      actives.map((active, i) => m.db.$transaction((tx) => m.place.placeOrder(m.sql.sqlOf(tx), user, { activeOrderId: active.id }, inputs[i]!, paymentFor(inputs[i]!)))),
    );
    const charged = results.flatMap((result) => (result.status === "fulfilled" ? [result.value.totalCents] : []));
    expect(charged.length).toBeGreaterThanOrEqual(1);
    expect(charged.every((total) => total === 2_200 || total === 2_849)).toBe(true);
    expect(await walletOf(user)).toBe(5_000 - charged.reduce((sum, total) => sum + total, 0));
    expect(await walletOf(user)).toBeGreaterThanOrEqual(0);
    for (const result of results) if (result.status === "rejected") expect(result.reason).toMatchObject({ status: 400 });
    await ledgerMatchesBalance(user);
  });

  it("two accepts at once: one wins, one event", async () => {
    const { owner, restaurant, order } = await placedOrder();
    const results = await Promise.allSettled([10, 30].map((minutes) => m.accept.acceptOrder(owner, restaurant.id, order.id, minutes)));
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    expect(await stagesOf(order.id)).toEqual(["placed", "accepted"]);
  });

  it("reject refunds in full with the reason; a second reject is a 409 and refunds nothing", async () => {
    const { user, owner, restaurant, order } = await placedOrder();
    const rejected = await m.reject.rejectOrder(owner, restaurant.id, order.id, rejectionOf("out_of_stock", "no salmon today"));
    // Stored by its key, the note as typed; the API's words are English's.
    expect(rejected).toMatchObject({ stage: "rejected", rejectionKey: "outOfStock", rejectionValues: '{"note":"no salmon today"}', rejectionReason: null });
    expect(m.json.orderToJson(rejected).rejectionReason).toBe("Out of stock: no salmon today");
    await expect(m.reject.rejectOrder(owner, restaurant.id, order.id, rejectionOf("too_busy"))).rejects.toMatchObject({ status: 409 });
    expect(await paymentsOf(order.id)).toEqual([
      { kind: "payment", amountCents: -order.totalCents },
      { kind: "refund", amountCents: order.totalCents },
    ]);
    expect(await walletOf(user)).toBe(10_000);
    await ledgerMatchesBalance(user);
  });

  it("another owner, or the owner through another restaurant, gets a 404 and changes nothing", async () => {
    const { restaurant, order } = await placedOrder();
    const other = await restaurantWithDish();
    await expect(m.accept.acceptOrder(other.owner, restaurant.id, order.id, 20)).rejects.toMatchObject({ status: 404 });
    await expect(m.accept.acceptOrder(other.owner, other.restaurant.id, order.id, 20)).rejects.toMatchObject({ status: 404 });
    await expect(m.reject.rejectOrder(other.owner, other.restaurant.id, order.id, rejectionOf("too_busy"))).rejects.toMatchObject({ status: 404 });
    expect(await stagesOf(order.id)).toEqual(["placed"]);
  });

  it("the legacy complete maps to delivered, the legacy cancel to rejected with a refund", async () => {
    const a = await placedOrder();
    const b = await placedOrder({ shop: { owner: a.owner, restaurant: a.restaurant, dish: a.dish } });
    await m.accept.acceptOrder(a.owner, a.restaurant.id, a.order.id, 15);
    expect(await m.complete.closeIncomingOrder(a.owner, a.restaurant.id, a.order.id, "Completed")).toMatchObject({ stage: "delivered" });
    expect(await m.complete.closeIncomingOrder(a.owner, a.restaurant.id, b.order.id, "Canceled")).toMatchObject({ stage: "rejected" });
    expect(await paymentsOf(b.order.id)).toHaveLength(2);
    await expect(m.complete.closeIncomingOrder(a.owner, a.restaurant.id, b.order.id, "Canceled")).rejects.toMatchObject({
      status: 409,
      message: inEnglish(m.complete.ONLY_SUBMITTED_MESSAGE),
    });
    await ledgerMatchesBalance(b.user);
  });
});

describe("expire (the accept timeout)", () => {
  it("expires orders still placed after ORDER_ACCEPT_MINUTES with a full refund, once, even with two sweeps at once", async () => {
    const longAgo = new Date(Date.now() - 11 * 60_000);
    const overdue = await placedOrder({ at: longAgo });
    const accepted = await placedOrder({ at: longAgo });
    const fresh = await placedOrder();
    await m.accept.acceptOrder(accepted.owner, accepted.restaurant.id, accepted.order.id, 20);
    await Promise.all([m.expire.expireOverdueOrders(), m.expire.expireOverdueOrders()]);
    expect(await m.db.order.findUniqueOrThrow({ where: { id: overdue.order.id } })).toMatchObject({
      stage: "expired",
      rejectionKey: "expired",
      rejectionReason: null,
    });
    expect(await paymentsOf(overdue.order.id)).toEqual([
      { kind: "payment", amountCents: -overdue.order.totalCents },
      { kind: "refund", amountCents: overdue.order.totalCents },
    ]);
    expect(await stagesOf(overdue.order.id)).toEqual(["placed", "expired"]);
    expect((await m.db.order.findUniqueOrThrow({ where: { id: accepted.order.id } })).stage).toBe("accepted");
    expect((await m.db.order.findUniqueOrThrow({ where: { id: fresh.order.id } })).stage).toBe("placed");
    expect(await m.expire.expireOverdueOrders()).toBe(0);
    await ledgerMatchesBalance(overdue.user);
    await expect(m.accept.acceptOrder(overdue.owner, overdue.restaurant.id, overdue.order.id, 20)).rejects.toMatchObject({ status: 409 });
  });

  it("the board sweeps before it reads: open orders oldest first, closed ones under done today", async () => {
    const shop = await restaurantWithDish();
    const late = await placedOrder({ shop, at: new Date(Date.now() - 11 * 60_000) });
    const first = await placedOrder({ shop });
    const second = await placedOrder({ shop });
    const board = await m.incoming.getBoard(shop.owner, shop.restaurant.id);
    expect(board.orders.map((order) => order.id)).toEqual([first.order.id, second.order.id]);
    expect(board.doneToday.map((order) => [order.id, order.stage])).toEqual([[late.order.id, "expired"]]);
    await expect(m.incoming.getBoard(await customer(), shop.restaurant.id)).rejects.toMatchObject({ status: 404 });
  });

  it("a board with more than one page of open orders reaches every one of them, oldest first, with the count of each stage", async () => {
    const shop = await restaurantWithDish();
    const placed = [];
    for (let i = 0; i < 5; i++) placed.push((await placedOrder({ shop })).order.id);
    await m.accept.acceptOrder(shop.owner, shop.restaurant.id, placed[1]!, 20);
    const pages = await Promise.all([0, 2, 4].map((offset) => m.incoming.getBoard(shop.owner, shop.restaurant.id, new Date(), { offset, limit: 2 })));
    expect(pages.map((page) => page.orders.length)).toEqual([2, 2, 1]);
    expect(pages.flatMap((page) => page.orders.map((order) => order.id))).toEqual(placed);
    expect(pages[0]!.openCounts).toEqual({ placed: 4, accepted: 1, ready: 0, out_for_delivery: 0 });
  });
});

describe("abandon and reorder", () => {
  it("abandon deletes an Active order; a placed one is a 409, someone else's a 404", async () => {
    const { user, restaurant, dish, order } = await placedOrder();
    const active = await m.db.$transaction((tx) =>
      m.create.createOrder(m.sql.sqlOf(tx), user, { restaurantId: restaurant.id, items: [{ menuItemId: dish.id, quantity: 1 }] }),
    );
    await expect(m.abandon.abandonOrder(await customer(), active.id)).rejects.toMatchObject({ status: 404 });
    await m.abandon.abandonOrder(user, active.id);
    expect(await m.db.order.findUnique({ where: { id: active.id } })).toBeNull();
    await expect(m.abandon.abandonOrder(user, order.id)).rejects.toMatchObject({ status: 409 });
  });

  it("reorder makes a new Active order at today's prices and names what changed", async () => {
    const { user, dish, order } = await placedOrder();
    await m.db.menuItem.update({ where: { id: dish.id }, data: { priceCents: 1_200 } });
    const { order: again, changes } = await m.reorder.reorder(user, order.id);
    expect(again).toMatchObject({ stage: null, subtotalCents: 2_400 });
    expect(changes).toEqual({ unavailable: [], repriced: [{ name: "Dumplings", was: 1_000, now: 1_200 }], choices: [] });
    await expect(m.reorder.reorder(await customer(), order.id)).rejects.toMatchObject({ status: 404 });
  });

  it("open orders are the customer's own, still under way", async () => {
    const { user, owner, restaurant, order } = await placedOrder();
    const done = await placedOrder({ user });
    await m.reject.rejectOrder(done.owner, done.restaurant.id, done.order.id, rejectionOf("closing"));
    await m.accept.acceptOrder(owner, restaurant.id, order.id, 10);
    expect((await m.read.listOpenOrders(user)).map((open) => [open.id, open.stage])).toEqual([[order.id, "accepted"]]);
  });
});
