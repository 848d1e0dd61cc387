import { describe, expect, it } from "vitest";
import { submitOrderSchema } from "@/lib/contract/orders/checkout-rules";
import { distanceKm } from "@/lib/shared/delivery/delivery";
import { restaurantInput, setUpTestDatabase } from "../platform/testing/db";
import { paymentFor } from "../orders/testing/payment";

// The demo courier simulator (docs/architecture/courier-screens.md "The demo") against a real database:
// a demo courier near a restaurant takes the offer, rides there at a bike's speed, waits for the
// order to be ready, rides to the customer and delivers, paid like any courier; and a demo
// courier someone drives from the courier app is left alone.

setUpTestDatabase({ DISPATCH_OFFER_SECONDS: "30" });
const { describeIn } = await import("../notifications/words");

const m = {
  db: (await import("../platform/db")).db,
  sql: await import("../platform/sql"),
  ledger: await import("../wallet/ledger"),
  manage: await import("../restaurants/manage"),
  create: await import("../orders/create"),
  place: await import("../orders/place"),
  accept: await import("../orders/accept"),
  offerNow: await import("./testing/offer-now"),
  ready: await import("../orders/ready"),
  positions: await import("./positions"),
  simulator: await import("../courier-steps/simulator"),
  courier: await import("./courier"),
  courierApp: await import("./courier-app"),
  pictures: await import("../platform/pictures"),
};

const SHOP = { lat: 37.7599, lng: -122.4148 };
const north = (km: number) => ({ lat: SHOP.lat + km / 111.32, lng: SHOP.lng });
const wallet = submitOrderSchema.parse({ deliveryOption: "standard", tipPercent: 15, paymentMethod: "wallet" });
const atTheDoor = submitOrderSchema.parse({ deliveryOption: "standard", tipPercent: 15, paymentMethod: "wallet", dropoff: "leave_at_door" });

async function setting() {
  // A demo restaurant's: the one free demo courier is kept for those (offer.ts).
  const owner = await m.db.user.create({ data: { firstName: "Owner", restaurantOwner: true, demoAccount: true } });
  const restaurant = await m.manage.createRestaurant(owner, restaurantInput());
  await m.db.restaurant.update({ where: { id: restaurant.id }, data: SHOP });
  const dish = await m.db.menuItem.create({
    data: { restaurantId: restaurant.id, name: "Dumplings", description: "Six.", priceCents: 1_000, foodImage: "/d.webp", foodType: "appetizer" },
  });
  const customer = await m.db.user.create({ data: { firstName: "Ada", address: "1 Main St", city: "San Francisco", state: "CA", zip: "94110", ...north(0.9) } });
  await m.db.$transaction((tx) => m.ledger.moveWallet(m.sql.sqlOf(tx), { userId: customer.id, amountCents: 20_000, kind: "topup" }));
  const home = north(-0.3);
  const dev = await m.db.user.create({ data: { firstName: "Dev", courier: true, demoAccount: true, ...home } });
  return { owner, restaurant, dish, customer, dev, home };
}

const ride = (dev: { id: number; firstName: string }, home: { lat: number; lng: number }) => ({
  courier: { id: dev.id, firstName: dev.firstName },
  home,
  at: null,
  lastReport: 0,
  pausedUntil: 0,
  arrivedAt: new Map<number, number>(),
});

describe("the demo courier simulator", () => {
  it("goes on shift, takes the offer, rides to the restaurant and to the customer at a bike's speed, and delivers once the food is ready", async () => {
    const s = await setting();
    const r = ride(s.dev, s.home);
    let now = new Date("2026-11-25T18:00:00Z");
    const step = async () => {
      now = new Date(now.getTime() + 5_000);
      await m.simulator.simulateStep(r, now);
    };
    await step();
    expect(await m.db.courierState.findUniqueOrThrow({ where: { userId: s.dev.id } })).toMatchObject({ onShift: true, activeJobs: 0 });

    const active = await m.db.$transaction((tx) =>
      m.create.createOrder(m.sql.sqlOf(tx), s.customer, { restaurantId: s.restaurant.id, items: [{ menuItemId: s.dish.id, quantity: 1 }] }),
    );
    const placed = await m.db.$transaction((tx) => m.place.placeOrder(m.sql.sqlOf(tx), s.customer, { activeOrderId: active.id }, wallet, paymentFor(wallet)));
    await m.accept.acceptOrder(s.owner, s.restaurant.id, placed.id, 15, now);
    await m.offerNow.offerNow(placed.id, now);
    const job = await m.db.deliveryJob.findUniqueOrThrow({ where: { orderId: placed.id } });
    expect(job).toMatchObject({ state: "offered", courierId: s.dev.id });

    // 0.3 km to the restaurant at 15 km/h: about 21 m a step, so about 15 steps.
    const before = (await m.db.courierState.findUniqueOrThrow({ where: { userId: s.dev.id } })).positionAt!;
    for (let i = 0; i < 20; i++) await step();
    expect(await m.db.deliveryJob.findUniqueOrThrow({ where: { id: job.id } })).toMatchObject({ state: "at_pickup" });
    const state = await m.db.courierState.findUniqueOrThrow({ where: { userId: s.dev.id } });
    expect(distanceKm({ lat: state.lat!, lng: state.lng! }, SHOP)).toBeLessThan(0.05);
    expect(state.positionAt!.getTime()).toBeGreaterThan(before.getTime());

    // Waits for the kitchen: marked ready, the courier picks it up at the next step.
    await step();
    expect((await m.db.deliveryJob.findUniqueOrThrow({ where: { id: job.id } })).state).toBe("at_pickup");
    await m.ready.markReady(s.owner, s.restaurant.id, placed.id, now);
    await step();
    expect((await m.db.order.findUniqueOrThrow({ where: { id: placed.id } })).stage).toBe("out_for_delivery");

    // 0.9 km to the customer: about 43 steps; the customer's stream hears every position.
    for (let i = 0; i < 50; i++) await step();
    expect((await m.db.order.findUniqueOrThrow({ where: { id: placed.id } })).stage).toBe("delivered");
    const positions = await m.db.orderEvent.count({ where: { orderId: placed.id, stage: "courier_position" } });
    expect(positions).toBeGreaterThan(20);
    // The courier's pay is the settlement's courier line (lib/server/ledger/orders.ts), not a wallet row.
    expect(await m.db.walletTransaction.count({ where: { userId: s.dev.id } })).toBe(0);
    // The customer heard of the courier's progress, each once, in the bell (and push, as the preferences say).
    const told = await m.db.notification.findMany({
      where: { userId: s.customer.id, channel: "in_app", kind: { in: ["order_courier_update", "order_out_for_delivery"] } },
      orderBy: { id: "asc" },
      select: { kind: true, payload: true },
    });
    expect(told.map((row) => describeIn("en", row.kind, JSON.parse(row.payload)).title)).toEqual([
      "Dev is heading to the restaurant",
      "Dev picked up your order",
      "Dev is arriving",
    ]);
    expect(await m.db.ledgerLine.findMany({ where: { account: `courier:${s.dev.id}` }, select: { amountCents: true } })).toEqual([{ amountCents: job.payCents }]);
  });

  it("waits for the kitchen's ready time, takes an order the kitchen never marked as handed over, and leaves a door drop-off with a photo", async () => {
    const s = await setting();
    const r = ride(s.dev, s.home);
    let now = new Date("2026-11-25T20:00:00Z");
    const step = async (ms = 5_000) => {
      now = new Date(now.getTime() + ms);
      await m.simulator.simulateStep(r, now);
    };
    await step();
    const active = await m.db.$transaction((tx) =>
      m.create.createOrder(m.sql.sqlOf(tx), s.customer, { restaurantId: s.restaurant.id, items: [{ menuItemId: s.dish.id, quantity: 1 }] }),
    );
    const placed = await m.db.$transaction((tx) => m.place.placeOrder(m.sql.sqlOf(tx), s.customer, { activeOrderId: active.id }, atTheDoor, paymentFor(atTheDoor)));
    await m.accept.acceptOrder(s.owner, s.restaurant.id, placed.id, 15, now);
    await m.offerNow.offerNow(placed.id, now);
    const job = await m.db.deliveryJob.findUniqueOrThrow({ where: { orderId: placed.id } });
    for (let i = 0; i < 20; i++) await step();
    expect((await m.db.deliveryJob.findUniqueOrThrow({ where: { id: job.id } })).state).toBe("at_pickup");

    // Two minutes and more at the restaurant, still before the kitchen's ready time: it waits.
    for (let i = 0; i < 40; i++) await step();
    expect(await m.db.order.findUniqueOrThrow({ where: { id: placed.id } })).toMatchObject({ stage: "accepted" });
    // Past the ready time, never marked ready: the kitchen hands it over, the job says so.
    await step(10 * 60_000);
    expect(await m.db.deliveryJob.findUniqueOrThrow({ where: { id: job.id } })).toMatchObject({ state: "picked_up", handedOverEarly: true });

    // At the door: delivered with a photo, stored privately like a courier's.
    for (let i = 0; i < 50; i++) await step();
    const order = await m.db.order.findUniqueOrThrow({ where: { id: placed.id } });
    expect(order).toMatchObject({ stage: "delivered", dropoff: "leave_at_door", dropoffPhoto: expect.stringMatching(/^dropoff_/) });
    const bytes = await m.pictures.readPrivatePicture(order.dropoffPhoto!);
    expect(bytes?.subarray(8, 12).toString()).toBe("WEBP");
  });

  it("leaves a demo courier alone while someone drives them from the courier app", async () => {
    const s = await setting();
    const r = ride(s.dev, s.home);
    const start = new Date("2026-11-25T19:00:00Z");
    await m.simulator.simulateStep(r, start);
    const person = { lat: s.home.lat + 0.0002, lng: s.home.lng };
    const later = new Date(start.getTime() + 3_000);
    await m.positions.reportPositions({ id: s.dev.id, firstName: "Dev" }, [{ ...person }], later);
    await m.simulator.simulateStep(r, new Date(later.getTime() + 5_000));
    await m.simulator.simulateStep(r, new Date(later.getTime() + 10_000));
    const state = await m.db.courierState.findUniqueOrThrow({ where: { userId: s.dev.id } });
    expect({ lat: state.lat, lng: state.lng }).toEqual(person);
  });

  it("lets go of a demo courier the moment a person opens the courier app as them, before any report of theirs", async () => {
    const s = await setting();
    const r = ride(s.dev, s.home);
    const start = new Date();
    await m.simulator.simulateStep(r, start);
    const before = await m.db.courierState.findUniqueOrThrow({ where: { userId: s.dev.id } });
    // The /courier page's first call (GET /api/courier) goes through asCourier: no position sent yet.
    m.courier.asCourier({ id: s.dev.id, firstName: "Dev", courier: true });
    await m.simulator.simulateStep(r, new Date(start.getTime() + 5_000));
    await m.simulator.simulateStep(r, new Date(start.getTime() + 10_000));
    const after = await m.db.courierState.findUniqueOrThrow({ where: { userId: s.dev.id } });
    expect(after.reportedAt).toEqual(before.reportedAt);
    // With the page's event stream open, long after its last call: still theirs; closed and gone for a while: the simulator rides again.
    const close = m.courierApp.openCourierApp(s.dev.id, start.getTime());
    const later = start.getTime() + m.courierApp.PERSON_LEFT_AFTER_MS + 60_000;
    expect(m.courierApp.personHasCourier(s.dev.id, later)).toBe(true);
    close();
    expect(m.courierApp.personHasCourier(s.dev.id, Date.now() + m.courierApp.PERSON_LEFT_AFTER_MS + 1)).toBe(false);
  });

  it("rides in straight lines and stops exactly at the stop", () => {
    const a = { lat: 37.76, lng: -122.41 };
    const b = { lat: 37.77, lng: -122.41 };
    const one = m.simulator.stepToward(a, b, 0.1);
    expect(distanceKm(a, one)).toBeCloseTo(0.1, 3);
    expect(m.simulator.stepToward(a, b, 5)).toEqual(b);
  });
});
