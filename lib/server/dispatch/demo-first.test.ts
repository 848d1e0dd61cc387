import { describe, expect, it } from "vitest";
import { submitOrderSchema } from "@/lib/contract/orders/checkout-rules";
import { demoPace } from "@/lib/shared/demo/demo-pace";
import { restaurantInput, setUpTestDatabase } from "../platform/testing/db";
import { paymentFor } from "../orders/testing/payment";

// The demo finishes by itself (docs/architecture/courier-screens.md "The demo"): a
// newcomer who orders from a demo restaurant sees "Delivered" within about half an hour without
// acting (a minute before the demo kitchen accepts, its 20 minutes of cooking, the demo courier
// sent to arrive with the food (DISPATCH_EARLY_MINUTES' default), and the ride), however many
// other orders wait and however many real couriers are on shift. The
// simulator's clock is driven here, a step each 20 simulated seconds (the demo's pace at 15 km/h),
// through the same calls its timers make: the demo kitchen, the dispatch tick, each demo courier's step.

setUpTestDatabase({ COURIER_SIMULATOR: "on", DISPATCH_OFFER_SECONDS: "30", DISPATCH_EARLY_MINUTES: "2", MAX_OPEN_ORDERS: "0", MAX_OPEN_ORDERS_PER_RESTAURANT: "0" });

const m = {
  db: (await import("../platform/db")).db,
  sql: await import("../platform/sql"),
  ledger: await import("../wallet/ledger"),
  manage: await import("../restaurants/manage"),
  create: await import("../orders/create"),
  place: await import("../orders/place"),
  accept: await import("../orders/accept"),
  kitchen: await import("../orders/demo-kitchen"),
  tick: await import("./tick"),
  positions: await import("./positions"),
  state: await import("./state"),
  simulator: await import("../courier-steps/simulator"),
};

const DEMO_SHOP = { lat: 37.7599, lng: -122.4148 };
const OTHER_SHOP = { lat: 37.7615, lng: -122.4148 };
const north = (km: number, from = DEMO_SHOP) => ({ lat: from.lat + km / 111.32, lng: from.lng });
const wallet = submitOrderSchema.parse({ deliveryOption: "standard", tipPercent: 15, paymentMethod: "wallet" });
/** More waiting jobs than one tick reads (offer.ts: 100). */
const OTHER_ORDERS = 105;
const STEP_MS = 20_000;

type User = Awaited<ReturnType<typeof m.db.user.create>>;

async function restaurantOf(owner: User, at: { lat: number; lng: number }) {
  const restaurant = await m.manage.createRestaurant(owner, restaurantInput());
  await m.db.restaurant.update({ where: { id: restaurant.id }, data: at });
  const dish = await m.db.menuItem.create({
    data: { restaurantId: restaurant.id, name: "Dumplings", description: "Six.", priceCents: 1_000, foodImage: "/d.webp", foodType: "appetizer" },
  });
  return { restaurant, dish };
}

async function customer(name: string, at: { lat: number; lng: number }, cents: number) {
  const user = await m.db.user.create({ data: { firstName: name, address: "1 Main St", city: "San Francisco", state: "CA", zip: "94110", ...at } });
  await m.db.$transaction((tx) => m.ledger.moveWallet(m.sql.sqlOf(tx), { userId: user.id, amountCents: cents, kind: "topup" }));
  return user;
}

async function place(user: User, restaurantId: number, menuItemId: number) {
  const active = await m.db.$transaction((tx) => m.create.createOrder(m.sql.sqlOf(tx), user, { restaurantId, items: [{ menuItemId, quantity: 1 }] }));
  return m.db.$transaction((tx) => m.place.placeOrder(m.sql.sqlOf(tx), user, { activeOrderId: active.id }, wallet, paymentFor(wallet)));
}

describe("the demo finishes by itself", () => {
  it("delivers a newcomer's demo order within 30 minutes, once cooked, with 105 other jobs waiting and real couriers on shift nearer", async () => {
    let now = new Date();
    const demoOwner = await m.db.user.create({ data: { firstName: "Rosa", restaurantOwner: true, demoAccount: true } });
    const demo = await restaurantOf(demoOwner, DEMO_SHOP);
    const otherOwner = await m.db.user.create({ data: { firstName: "Omar", restaurantOwner: true } });
    const other = await restaurantOf(otherOwner, OTHER_SHOP);

    // Real couriers on shift, nearer the restaurants than the demo's, who never answer an offer.
    const real = await Promise.all([0.2, 0.3, 0.4].map((km, i) => m.db.user.create({ data: { firstName: `Real${i}`, courier: true, ...north(km) } })));
    const report = async () => {
      for (const [i, courier] of real.entries()) await m.positions.reportPositions(courier, [{ ...north(0.2 + i / 10), accuracy: 10 }], now);
    };
    for (const courier of real) await m.state.setShift(courier, true, now);
    await report();

    // The demo couriers, a kilometre or two away, riding by themselves.
    const demoCouriers = await Promise.all(
      [-1, -1.5, -2].map((km, i) => m.db.user.create({ data: { firstName: `Demo${i}`, courier: true, demoAccount: true, ...north(km) } })),
    );
    const rides = demoCouriers.map((courier) => ({
      courier: { id: courier.id, firstName: courier.firstName },
      home: { lat: courier.lat!, lng: courier.lng! },
      at: null,
      lastReport: 0,
      pausedUntil: 0,
      arrivedAt: new Map<number, number>(),
    }));
    const pace = { ...demoPace(1), stepMs: STEP_MS, stepKm: (15 * STEP_MS) / 3_600_000 };
    const step = async () => {
      now = new Date(now.getTime() + STEP_MS);
      await report();
      await m.kitchen.runDemoKitchen(now, 1);
      await m.tick.dispatchTick(now);
      for (const ride of rides) await m.simulator.simulateStep(ride, now, pace);
    };

    // The crowd: 105 accepted orders of another restaurant going 6 km away, their jobs waiting for a courier.
    const crowd = await customer("Crowd", north(6), 10_000_000);
    for (let i = 0; i < OTHER_ORDERS; i++) {
      const order = await place(crowd, other.restaurant.id, other.dish.id);
      await m.accept.acceptOrder(otherOwner, other.restaurant.id, order.id, 15, now);
    }
    for (let i = 0; i < 3; i++) await step();

    // The newcomer orders from the demo restaurant and does nothing else.
    const newcomer = await customer("Newcomer", north(1.5), 10_000);
    const order = await place(newcomer, demo.restaurant.id, demo.dish.id);
    const placedAt = now.getTime();
    let stage: string | null = "placed";
    while (stage !== "delivered" && now.getTime() - placedAt < 40 * 60_000) {
      await step();
      stage = (await m.db.order.findUniqueOrThrow({ where: { id: order.id }, select: { stage: true } })).stage;
    }
    expect(stage).toBe("delivered");
    expect(now.getTime() - placedAt).toBeLessThanOrEqual(30 * 60_000);
    // Taken once the kitchen marked it ready, never before (the customer's timeline has every step).
    const steps = await m.db.orderEvent.findMany({ where: { orderId: order.id, stage: { in: ["ready", "out_for_delivery"] } }, orderBy: { id: "asc" } });
    expect(steps.map((event) => event.stage)).toEqual(["ready", "out_for_delivery"]);
    // Delivered by the demo courier kept free (the lowest id), who was offered none of the other restaurant's jobs.
    // (Created in parallel, so the lowest id is not always the first created: on PostgreSQL it varies.)
    const kept = Math.min(...demoCouriers.map((c) => c.id));
    const job = await m.db.deliveryJob.findUniqueOrThrow({ where: { orderId: order.id } });
    expect(job.courierId).toBe(kept);
    expect(await m.db.deliveryOffer.count({ where: { courierId: kept, job: { restaurantId: other.restaurant.id } } })).toBe(0);
    // The crowd's jobs were offered all along (to the real couriers, who let them run out).
    expect(await m.db.deliveryOffer.count({ where: { courierId: { in: real.map((c) => c.id) } } })).toBeGreaterThan(0);
  }, 120_000);
});
