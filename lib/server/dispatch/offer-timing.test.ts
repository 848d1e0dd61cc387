import { describe, expect, it } from "vitest";
import type { User } from "@/lib/generated/prisma/client";
import { submitOrderSchema } from "@/lib/contract/orders/checkout-rules";
import { restaurantInput, setUpTestDatabase } from "../platform/testing/db";
import { paymentFor } from "../orders/testing/payment";

// Dispatch aimed at the food (docs/architecture/dispatch-matching.md "Aimed at the food"), on a
// real migrated database with the product's default (DISPATCH_EARLY_MINUTES 2): a job is offered
// once its nearest courier would reach the restaurant at most 2 minutes before the food is ready,
// at once when the kitchen marks it ready; the owner is told nobody came only after the job could
// be offered (the board's "Start cooking" counts from the same aimed arrival: lib/shared/kitchen/start-cooking.test.ts).

setUpTestDatabase({ DISPATCH_EARLY_MINUTES: "2", DISPATCH_GIVE_UP_MINUTES: "10" });

const m = {
  db: (await import("../platform/db")).db,
  sql: await import("../platform/sql"),
  ledger: await import("../wallet/ledger"),
  manage: await import("../restaurants/manage"),
  create: await import("../orders/create"),
  place: await import("../orders/place"),
  accept: await import("../orders/accept"),
  ready: await import("../orders/ready"),
  tick: await import("./tick"),
};

const HERE = { lat: 37.7599, lng: -122.4148 };
const north = (km: number) => ({ lat: HERE.lat + km / 111.32, lng: HERE.lng });
const MIN = 60_000;
const wallet = submitOrderSchema.parse({ deliveryOption: "standard", tipPercent: 15, paymentMethod: "wallet" });

async function customer(): Promise<User> {
  const user = await m.db.user.create({ data: { firstName: "Ada", address: "1 Main St", city: "San Francisco", state: "CA", zip: "94110", ...north(2) } });
  await m.db.$transaction((tx) => m.ledger.moveWallet(m.sql.sqlOf(tx), { userId: user.id, amountCents: 20_000, kind: "topup" }));
  return user;
}

/** A courier on shift 1 km from the restaurant (4 minutes' ride on a bike), their position taken at `at`. */
async function courierNear(at: Date) {
  await m.db.courierState.updateMany({ data: { onShift: false } });
  const user = await m.db.user.create({ data: { firstName: "Luis", courier: true } });
  await m.db.courierState.create({ data: { userId: user.id, onShift: true, ...north(-1), positionAt: at } });
  return user;
}

/** An order accepted at `at` with `prep` minutes: its job is made and, if due, offered. */
async function accepted(at: Date, prep: number) {
  const owner = await m.db.user.create({ data: { firstName: "Owner", restaurantOwner: true } });
  const restaurant = await m.manage.createRestaurant(owner, restaurantInput());
  await m.db.restaurant.update({ where: { id: restaurant.id }, data: HERE });
  const dish = await m.db.menuItem.create({
    data: { restaurantId: restaurant.id, name: "Ramen", description: "Hot.", priceCents: 1_400, foodImage: "/r.webp", foodType: "appetizer" },
  });
  const user = await customer();
  const active = await m.db.$transaction((tx) =>
    m.create.createOrder(m.sql.sqlOf(tx), user, { restaurantId: restaurant.id, items: [{ menuItemId: dish.id, quantity: 1 }] }),
  );
  const placed = await m.db.$transaction((tx) => m.place.placeOrder(m.sql.sqlOf(tx), user, { activeOrderId: active.id }, wallet, paymentFor(wallet)));
  const order = await m.accept.acceptOrder(owner, restaurant.id, placed.id, prep, at);
  return { owner, restaurant, order, jobOf: () => m.db.deliveryJob.findUniqueOrThrow({ where: { orderId: order.id } }) };
}

/** The courier's position kept fresh at `at` (as their app's reports would), then a tick at `at`. */
async function tickAt(courierId: number, at: Date) {
  await m.db.courierState.update({ where: { userId: courierId }, data: { positionAt: at } });
  return m.tick.dispatchTick(at);
}

describe("offers aimed at the food", () => {
  it("a 20-minute prep with a courier 4 minutes away: no offer until the ride and 2 minutes cover what is left, then one", async () => {
    const t0 = new Date();
    const luis = await courierNear(t0);
    const { jobOf } = await accepted(t0, 20);
    // At acceptance: held, nobody offered (before, Luis would have stood at the counter 16 minutes).
    expect(await jobOf()).toMatchObject({ state: "unassigned", courierId: null });
    expect((await tickAt(luis.id, new Date(t0.getTime() + 10 * MIN))).offered).toBe(0);
    expect((await tickAt(luis.id, new Date(t0.getTime() + 13 * MIN))).offered).toBe(0);
    // 14.5 minutes on: 4 minutes' ride lands him 1.5 minutes before the food.
    expect((await tickAt(luis.id, new Date(t0.getTime() + 14.5 * MIN))).offered).toBe(1);
    expect(await jobOf()).toMatchObject({ state: "offered", courierId: luis.id });
  });

  it("food the kitchen marks ready early is offered at the next tick", async () => {
    const t0 = new Date();
    const luis = await courierNear(t0);
    const { owner, restaurant, order, jobOf } = await accepted(t0, 30);
    expect((await tickAt(luis.id, t0)).offered).toBe(0);
    await m.ready.markReady(owner, restaurant.id, order.id, new Date(t0.getTime() + 5 * MIN));
    expect((await tickAt(luis.id, new Date(t0.getTime() + 5 * MIN + 2_000))).offered).toBe(1);
    expect(await jobOf()).toMatchObject({ state: "offered", courierId: luis.id });
  });

  it("a short prep with the courier farther than it is offered at the first tick after acceptance", async () => {
    const t0 = new Date();
    const luis = await courierNear(t0);
    const { jobOf } = await accepted(t0, 5);
    // The acceptance makes the job; the tick (the job process, every DISPATCH_TICK_MS) offers it.
    expect((await jobOf()).state).toBe("unassigned");
    expect((await tickAt(luis.id, new Date(t0.getTime() + 2_000))).offered).toBe(1);
    expect(await jobOf()).toMatchObject({ state: "offered", courierId: luis.id });
  });

  it("a job made while more than a tick's batch (100) waits unoffered far away is offered at the next tick", async () => {
    const t0 = new Date();
    const luis = await courierNear(t0);
    // 120 jobs nobody near can take (a city with no courier on shift), made and weighed by a tick.
    const user = await customer();
    await m.db.order.createMany({
      data: Array.from({ length: 120 }, () => ({ userId: user.id, restaurantName: "Far away", subtotalCents: 1_000, totalCents: 1_000, stage: "accepted" })),
    });
    const far = await m.db.order.findMany({ where: { userId: user.id, restaurantName: "Far away" }, select: { id: true } });
    await m.db.deliveryJob.createMany({
      data: far.map((order) => ({
        orderId: order.id,
        userId: user.id,
        payCents: 500,
        pickupLat: 10,
        pickupLng: 10,
        dropoffLat: 10.01,
        dropoffLng: 10,
        dropoffAddress: "Far",
        itemsCount: 1,
      })),
    });
    await tickAt(luis.id, t0);
    const { jobOf } = await accepted(t0, 5);
    expect((await tickAt(luis.id, new Date(t0.getTime() + 2_000))).offered).toBe(1);
    expect(await jobOf()).toMatchObject({ state: "offered", courierId: luis.id });
    await m.db.deliveryJob.updateMany({ where: { pickupLat: 10 }, data: { state: "canceled" } });
  });

  it("the owner is told nobody came DISPATCH_GIVE_UP_MINUTES after the job could first be offered, not after acceptance", async () => {
    const t0 = new Date();
    await m.db.courierState.updateMany({ data: { onShift: false } });
    const { jobOf } = await accepted(t0, 30);
    // 10 minutes after acceptance the food is 20 minutes off: nobody was even to be sent yet.
    await m.tick.giveUp(new Date(t0.getTime() + 11 * MIN));
    expect((await jobOf()).gaveUpAt).toBeNull();
    // Due from 28 minutes on (2 before the food), given up 10 minutes after that.
    await m.tick.giveUp(new Date(t0.getTime() + 37 * MIN));
    expect((await jobOf()).gaveUpAt).toBeNull();
    await m.tick.giveUp(new Date(t0.getTime() + 38.5 * MIN));
    expect((await jobOf()).gaveUpAt).not.toBeNull();
  });
});
