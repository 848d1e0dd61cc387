import { describe, expect, it } from "vitest";
import type { User } from "@/lib/generated/prisma/client";
import { placeOrderSchema } from "@/lib/contract/orders/rules";
import { setUpTestDatabase } from "../platform/testing/db";
import { paymentFor } from "./testing/payment";

// The arrival quoted before ordering and kept (docs/architecture/order-stages.md "Arrival window")
// against a real, migrated database: the quote follows the distance and the kitchen's queue; the
// order placed keeps the range it was quoted; a delivered order keeps its actual minutes; the
// restaurant's on-time record appears from its 20th delivery with a promise.

setUpTestDatabase();
const m = {
  db: (await import("../platform/db")).db,
  sql: await import("../platform/sql"),
  fixtures: await import("../platform/testing/fixtures"),
  quotes: await import("./arrival-quotes"),
  restaurants: await import("../restaurants/restaurants"),
  place: await import("./place"),
  accept: await import("./accept"),
  ready: await import("./ready"),
  out: await import("./out-for-delivery"),
  deliver: await import("./deliver"),
  toJson: await import("./to-json"),
  insights: await import("../insights/read"),
};

// 19:10 in Los Angeles on Nov 25, 2026 (the test restaurant is open).
const T0 = new Date("2026-11-26T03:10:00Z");
const after = (n: number) => new Date(T0.getTime() + n * 60_000);
const HERE = { lat: 37.7599, lng: -122.4148 };
/** About `km` north of HERE. */
const north = (km: number) => ({ lat: HERE.lat + km / 111.32, lng: HERE.lng });

async function kitchen() {
  const s = await m.fixtures.shop();
  await m.db.restaurant.update({ where: { id: s.restaurant.id }, data: { ...HERE, deliveryRadiusKm: 10, timeZone: "America/Los_Angeles", hours: "" } });
  return s;
}

const customerAt = (km: number): Promise<User> => m.fixtures.customer("eta", { ...north(km) });

async function place(user: User, restaurantId: number, dishId: number, deliveryOption: "standard" | "priority" = "standard", at = T0) {
  const input = placeOrderSchema.parse({ restaurantId, items: [{ menuItemId: dishId, quantity: 1 }], submit: { deliveryOption, tip: 0, paymentMethod: "wallet" } });
  return m.sql.sqlTransaction((sql) => m.place.placeOrder(sql, user, { cart: input }, input.submit!, paymentFor(input.submit!), at));
}

const quoteOf = async (restaurantId: number, km: number, at = T0) =>
  (await m.quotes.restaurantArrival(await m.restaurants.getRestaurant(restaurantId), north(km), null, at)).arrival;

describe("the arrival quoted before ordering", () => {
  it("quotes 6 km later than 1 km, and a kitchen with ten orders waiting later than an idle one", async () => {
    const k = await kitchen();
    const near = await quoteOf(k.restaurant.id, 1);
    const far = await quoteOf(k.restaurant.id, 6);
    expect(near).toMatchObject({ addressKnown: true, km: 1 });
    expect(far.standard.minMinutes).toBeGreaterThan(near.standard.minMinutes);
    expect(far.standard.text).toMatch(/^\d+-\d+ min$/);

    const busy = await kitchen();
    const idle = await quoteOf(busy.restaurant.id, 1);
    for (let i = 0; i < 10; i++) await place(await customerAt(1), busy.restaurant.id, busy.dish.id, "standard", after(-1));
    const queued = await quoteOf(busy.restaurant.id, 1);
    expect(queued.standard.minMinutes).toBeGreaterThanOrEqual(idle.standard.minMinutes + 15);
  });

  it("is the spec's range without an address", async () => {
    const k = await kitchen();
    const none = (await m.quotes.restaurantArrival(await m.restaurants.getRestaurant(k.restaurant.id), {}, null, T0)).arrival;
    expect(none).toMatchObject({ addressKnown: false, km: null, standard: { text: "20-35 min" }, priority: { text: "15-30 min" } });
  });
});

describe("the promise kept", () => {
  it("placement stores the range quoted; the placed order's window is it; delivery stores the actual minutes", async () => {
    const k = await kitchen();
    const quoted = await quoteOf(k.restaurant.id, 6);
    const order = await place(await customerAt(6), k.restaurant.id, k.dish.id);
    const placed = m.toJson.orderToJson(order);
    expect(placed.promisedArrival).toEqual(quoted.standard);
    expect(new Date(placed.estimatedArrivalFrom!).getTime() - T0.getTime()).toBe(quoted.standard.minMinutes * 60_000);
    expect(new Date(placed.estimatedArrivalTo!).getTime() - T0.getTime()).toBe(quoted.standard.maxMinutes * 60_000);
    expect(placed.actualMinutes).toBeNull();

    await m.accept.acceptOrder(k.owner, k.restaurant.id, order.id, 20, after(2));
    await m.ready.markReady(k.owner, k.restaurant.id, order.id, after(20));
    await m.out.markOutForDelivery(k.owner, k.restaurant.id, order.id, after(22));
    const delivered = m.toJson.orderToJson(await m.deliver.markDelivered(k.owner, k.restaurant.id, order.id, after(41)));
    expect(delivered).toMatchObject({ stage: "delivered", actualMinutes: 41, promisedArrival: quoted.standard });
    expect(await m.db.order.findUniqueOrThrow({ where: { id: order.id }, select: { promisedMinMinutes: true, promisedMaxMinutes: true, actualMinutes: true } })).toEqual({
      promisedMinMinutes: quoted.standard.minMinutes,
      promisedMaxMinutes: quoted.standard.maxMinutes,
      actualMinutes: 41,
    });
  });

  it("keeps no promise for a pickup", async () => {
    const k = await kitchen();
    const input = placeOrderSchema.parse({
      restaurantId: k.restaurant.id,
      items: [{ menuItemId: k.dish.id, quantity: 1 }],
      submit: { deliveryOption: "pickup", tip: 0, paymentMethod: "wallet" },
    });
    const user = await customerAt(1);
    const order = await m.sql.sqlTransaction((sql) => m.place.placeOrder(sql, user, { cart: input }, input.submit!, paymentFor(input.submit!), T0));
    expect(m.toJson.orderToJson(order)).toMatchObject({ promisedArrival: null, actualMinutes: null });
  });
});

describe("the on-time record", () => {
  it("appears from the 20th delivery with a promise, counts the latest 50, and the owner's calibration splits them", async () => {
    const k = await kitchen();
    const deliver = async (i: number, minutes: number) => {
      const at = after(i * 2);
      const order = await place(await customerAt(1), k.restaurant.id, k.dish.id, "standard", at);
      await m.accept.acceptOrder(k.owner, k.restaurant.id, order.id, 10, new Date(at.getTime() + 60_000));
      await m.ready.markReady(k.owner, k.restaurant.id, order.id, new Date(at.getTime() + 10 * 60_000));
      await m.out.markOutForDelivery(k.owner, k.restaurant.id, order.id, new Date(at.getTime() + 11 * 60_000));
      await m.deliver.markDelivered(k.owner, k.restaurant.id, order.id, new Date(at.getTime() + minutes * 60_000));
    };
    const record = () => m.quotes.onTimeRecord(m.sql.plainSql(), k.restaurant.id);
    // 19 deliveries: 17 inside their range, 2 late.
    for (let i = 0; i < 19; i++) await deliver(i, i < 2 ? 90 : 25);
    expect(await record()).toBeNull();
    await deliver(19, 25);
    expect(await record()).toEqual({ onTime: 18, of: 20, percent: 90, text: "On time 90% of the last 20" });
    // Its text in the request's language (the route passes it): the figures the same.
    expect(await m.quotes.onTimeRecord(m.sql.plainSql(), k.restaurant.id, "es")).toEqual({
      onTime: 18,
      of: 20,
      percent: 90,
      text: "A tiempo el 90 % de las últimas 20 entregas",
    });

    // The latest 50 delivered only: the earliest delivered (on time) drops out, the two late ones stay.
    for (let i = 20; i < 51; i++) await deliver(i, 25);
    expect(await record()).toEqual({ onTime: 48, of: 50, percent: 96, text: "On time 96% of the last 50" });

    const calibration = (await m.insights.readInsights(k.restaurant.id, "America/Los_Angeles", { from: "2026-11-25", to: "2026-11-27" })).calibration;
    expect(calibration.reduce((sum, b) => sum + b.orders, 0)).toBe(51);
    expect(calibration.reduce((sum, b) => sum + b.late, 0)).toBe(2);
    expect(calibration.reduce((sum, b) => sum + b.inside + b.early, 0)).toBe(49);
  });
});
