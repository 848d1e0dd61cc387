import { describe, expect, it } from "vitest";
import type { User } from "@/lib/generated/prisma/client";
import { placeOrderSchema } from "@/lib/contract/orders/rules";
import { geocodeZip } from "../geo/geocoder";
import { restaurantInput, setUpTestDatabase, walletCentsOf } from "../platform/testing/db";
import { paymentFor } from "./testing/payment";

// The net under placement's address rule: the orders.cancel-undispatched job
// (lib/server/orders/undispatched.ts) against a real, migrated database (SQLite, or PostgreSQL
// with TEST_DATABASE_URL). A delivery ready for 5 minutes with no delivery job at a restaurant
// whose place is known is canceled with the reason, refunded in full, and its customer and owner
// told; not before, not once a courier job exists, not a pickup, not a restaurant that delivers
// itself (no place); two passes at once cancel and refund it once.

setUpTestDatabase();
const m = {
  db: (await import("../platform/db")).db,
  ledger: await import("../wallet/ledger"),
  sql: await import("../platform/sql"),
  manage: await import("../restaurants/manage"),
  place: await import("./place"),
  accept: await import("./accept"),
  ready: await import("./ready"),
  undispatched: await import("./undispatched"),
  jobs: await import("../jobs/definitions"),
};

// 19:10 in Los Angeles (the test restaurant, 11:00-22:00 in its zone, is open).
const T0 = new Date("2026-11-26T03:10:00Z");
const minutes = (n: number) => new Date(T0.getTime() + n * 60_000);

/** A customer with $100 in the wallet, at `zip` (placed there) or with no address at all (an account from before the rule). */
async function customer(zip: string | null = null): Promise<User> {
  const place = zip ? { address: "1 Main St", city: "Eugene", state: "OR", zip, ...geocodeZip(zip)! } : {};
  const user = await m.db.user.create({ data: { firstName: "Ada", email: `undispatched${Math.random().toString(36).slice(2)}@example.com`, ...place } });
  await m.db.$transaction((tx) => m.ledger.moveWallet(m.sql.sqlOf(tx), { userId: user.id, amountCents: 10_000, kind: "topup" }));
  return m.db.user.findUniqueOrThrow({ where: { id: user.id } });
}

/** Lantern Noodle House in Eugene (placed at its ZIP), or without a place (`placed: false`: a row from before places). */
async function kitchen(placed = true) {
  const owner = await m.db.user.create({ data: { firstName: "Owner" } });
  const restaurant = await m.manage.createRestaurant(owner, restaurantInput());
  if (!placed) await m.db.restaurant.update({ where: { id: restaurant.id }, data: { lat: null, lng: null } });
  const dish = await m.db.menuItem.create({
    data: { restaurantId: restaurant.id, name: "Noodles", description: "d", priceCents: 1_500, foodImage: "/d.webp", foodType: "entree" },
  });
  return { owner, restaurant, dish };
}

/** An order placed at T0 from the wallet, accepted at +1 and marked ready at +10 minutes. */
async function readyOrder(user: User, k: Awaited<ReturnType<typeof kitchen>>, deliveryOption = "standard") {
  const input = placeOrderSchema.parse({
    restaurantId: k.restaurant.id,
    items: [{ menuItemId: k.dish.id, quantity: 1 }],
    submit: { deliveryOption, tip: 0, paymentMethod: "wallet" },
  });
  const order = await m.sql.sqlTransaction((sql) => m.place.placeOrder(sql, user, { cart: input }, input.submit!, paymentFor(input.submit!), T0));
  await m.accept.acceptOrder(k.owner, k.restaurant.id, order.id, 10, minutes(1));
  await m.ready.markReady(k.owner, k.restaurant.id, order.id, minutes(10));
  return order;
}

const stageOf = async (orderId: number) => (await m.db.order.findUniqueOrThrow({ where: { id: orderId }, select: { stage: true, rejectionReason: true } })).stage;
const noticesOf = (orderId: number) =>
  m.db.notification.findMany({
    where: { cause: `order:${orderId}:canceled` },
    select: { userId: true, kind: true },
    orderBy: { id: "asc" },
    distinct: ["userId", "kind"],
  });

describe("orders.cancel-undispatched", () => {
  it("is a declared job", () => {
    expect(m.jobs.jobDefinitions.map((job) => job.id)).toContain("orders.cancel-undispatched");
  });

  it("cancels a delivery ready 5 minutes with no job and no address a courier could reach: refunded in full, the reason on it, the customer and the owner told; once", async () => {
    const k = await kitchen();
    const ada = await customer();
    const order = await readyOrder(ada, k);
    expect(await m.db.deliveryJob.count({ where: { orderId: order.id } })).toBe(0);
    expect(await walletCentsOf(m.db, ada.id)).toBeLessThan(10_000);

    // Ready at +10: not before +15.
    expect(await m.undispatched.cancelUndispatchedOrders(minutes(14))).toBe(0);
    expect(await stageOf(order.id)).toBe("ready");

    expect(await m.undispatched.cancelUndispatchedOrders(minutes(16))).toBe(1);
    expect(await m.db.order.findUniqueOrThrow({ where: { id: order.id } })).toMatchObject({ stage: "canceled", rejectionKey: "undispatched", rejectionReason: null });
    expect(await walletCentsOf(m.db, ada.id)).toBe(10_000);
    const told = await noticesOf(order.id);
    expect(told).toEqual(
      expect.arrayContaining([
        { userId: ada.id, kind: "order_canceled" },
        { userId: k.owner.id, kind: "owner_order_canceled" },
      ]),
    );
    expect(await m.undispatched.cancelUndispatchedOrders(minutes(17))).toBe(0);
    expect(await walletCentsOf(m.db, ada.id)).toBe(10_000);
  });

  it("leaves alone a delivery with its courier job, a pickup, and an order of a restaurant without a place (it delivers itself)", async () => {
    const k = await kitchen();
    const placedCustomer = await customer("97401");
    const withJob = await readyOrder(placedCustomer, k);
    expect(await m.db.deliveryJob.count({ where: { orderId: withJob.id } })).toBe(1);
    const pickup = await readyOrder(await customer(), k, "pickup");
    const selfDelivered = await readyOrder(await customer(), await kitchen(false));

    expect(await m.undispatched.cancelUndispatchedOrders(minutes(60))).toBe(0);
    for (const order of [withJob, pickup, selfDelivered]) expect(await stageOf(order.id)).toBe("ready");
  });

  it("two passes at once cancel and refund the order once", async () => {
    const k = await kitchen();
    const ada = await customer();
    const order = await readyOrder(ada, k);
    const counts = await Promise.all([m.undispatched.cancelUndispatchedOrders(minutes(20)), m.undispatched.cancelUndispatchedOrders(minutes(20))]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await stageOf(order.id)).toBe("canceled");
    expect(await walletCentsOf(m.db, ada.id)).toBe(10_000);
    const refunds = await m.db.walletTransaction.count({ where: { userId: ada.id, orderId: order.id, amountCents: { gt: 0 } } });
    expect(refunds).toBe(1);
  });
});
