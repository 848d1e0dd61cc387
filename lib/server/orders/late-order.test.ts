import { describe, expect, it } from "vitest";
import type { User } from "@/lib/generated/prisma/client";
import { placeOrderSchema } from "@/lib/contract/orders/rules";
import { deliveryEstimateMinutes, deliveryEstimateText } from "@/lib/shared/delivery/delivery-estimate";
import { CLEARLY_LATE_MINUTES } from "@/lib/shared/delivery/arrival";
import { lateEstimate } from "@/lib/shared/delivery/late-estimate";
import { ENGLISH } from "@/lib/i18n/catalogues";
import { toCheckoutRestaurant } from "@/components/checkout/checkout-restaurant";
import { restaurantInput, setUpTestDatabase } from "../platform/testing/db";
import { paymentFor } from "./testing/payment";
import { inEnglish } from "@/lib/contract/testing/in-english";

// The customer's waiting (docs/architecture/order-stages.md "Arrival window")
// against a real, migrated database: one estimate before the kitchen accepts (the restaurant
// page's, checkout's and the placed order's, busy minutes included); a late order's new window
// from the facts; a late kitchen's order canceled with its whole refund, once however many
// cancels race; and "never arrived" reported once the delivery is clearly late.

setUpTestDatabase();
const m = {
  db: (await import("../platform/db")).db,
  ledger: await import("../wallet/ledger"),
  sql: await import("../platform/sql"),
  manage: await import("../restaurants/manage"),
  restaurants: await import("../restaurants/restaurants"),
  place: await import("./place"),
  accept: await import("./accept"),
  cancel: await import("./cancel"),
  ready: await import("./ready"),
  read: await import("./read"),
  toJson: await import("./to-json"),
  problems: await import("../problems/report"),
  post: await import("../ledger/post"),
};

// 19:10 in Los Angeles on Nov 25, 2026 (the test restaurant is open).
const T0 = new Date("2026-11-26T03:10:00Z");
const minutes = (date: Date | string, n: number) => new Date(new Date(date).getTime() + n * 60_000);
const WALLET = 100_000;

async function customer(): Promise<User> {
  const user = await m.db.user.create({
    data: { firstName: "Ada", email: `wait${Math.random().toString(36).slice(2)}@example.com`, address: "1 Main St", city: "San Francisco", state: "CA", zip: "94110" },
  });
  await m.db.$transaction((tx) => m.ledger.moveWallet(m.sql.sqlOf(tx), { userId: user.id, amountCents: WALLET, kind: "topup" }));
  return m.db.user.findUniqueOrThrow({ where: { id: user.id } });
}

async function kitchen(busy = 0) {
  const owner = await m.db.user.create({ data: { firstName: "Owner" } });
  const restaurant = await m.manage.createRestaurant(owner, restaurantInput());
  if (busy) await m.db.restaurant.update({ where: { id: restaurant.id }, data: { busyExtraMinutes: busy, busyUntil: new Date(Date.now() + 86_400_000) } });
  const dish = await m.db.menuItem.create({
    data: { restaurantId: restaurant.id, name: "Dumplings", description: "d", priceCents: 1_000, foodImage: "/d.webp", foodType: "entree" },
  });
  return { owner, restaurant, dish };
}

async function placed(user: User, restaurantId: number, dishId: number, deliveryOption: "standard" | "priority" = "standard") {
  const input = placeOrderSchema.parse({
    restaurantId,
    items: [{ menuItemId: dishId, quantity: 1 }],
    submit: { deliveryOption, tip: 0, paymentMethod: "wallet" },
  });
  return m.sql.sqlTransaction((sql) => m.place.placeOrder(sql, user, { cart: input }, input.submit!, paymentFor(input.submit!), T0));
}

const walletOf = (userId: number) => m.post.balanceOf(m.sql.plainSql(), m.post.account.wallet(userId));

describe("one estimate before the kitchen accepts", () => {
  it("the restaurant page, checkout and the placed order say the same range, the kitchen's busy minutes included", async () => {
    const k = await kitchen(20);
    const json = m.restaurants.restaurantToJson(await m.restaurants.getRestaurant(k.restaurant.id), "USD");
    expect(json.busyExtraMinutes).toBe(20);
    // The restaurant page and its card (components/browse) read the JSON; checkout its own copy of it.
    const page = deliveryEstimateText(json);
    const checkout = deliveryEstimateText({ busyExtraMinutes: toCheckoutRestaurant(json).busyExtraMinutes });
    expect(page).toBe("40-55 min");
    expect(checkout).toBe(page);
    for (const option of ["standard", "priority"] as const) {
      const order = m.toJson.orderToJson(await placed(await customer(), k.restaurant.id, k.dish.id, option));
      const [min, max] = deliveryEstimateMinutes(json, option);
      expect([minutes(order.estimatedArrivalFrom!, 0).getTime() - T0.getTime(), minutes(order.estimatedArrivalTo!, 0).getTime() - T0.getTime()]).toEqual([
        min * 60_000,
        max * 60_000,
      ]);
    }
  });

  it("is the spec's 20-35 and 15-30 min for a restaurant neither busy nor paused", () => {
    expect(deliveryEstimateText({})).toBe("20-35 min");
    expect(deliveryEstimateText({ busyExtraMinutes: 0 }, "priority")).toBe("15-30 min");
    expect(deliveryEstimateText({ busyExtraMinutes: 10, pausedMinutes: 15 })).toBe("45-60 min");
  });
});

describe("a late order's new window", () => {
  const englishLate = (order: Parameters<typeof lateEstimate>[0], now: Date) => lateEstimate(order, now, ENGLISH.lines.late);
  const restaurant = { lat: 37.76, lng: -122.41 };
  const dropoff = { lat: 37.769, lng: -122.41 };
  const now = T0;
  it("counts from the facts: the kitchen still cooking, no courier yet, the courier's ride", () => {
    const cooking = englishLate({ stage: "accepted", pickup: false, estimatedReadyAt: minutes(now, -5), delivery: { state: "unassigned", restaurant, dropoff } }, now);
    // Ready now at the earliest (its time passed), then the 1 km ride: never a window in the past.
    expect(new Date(cooking.window!.from).getTime()).toBeGreaterThan(now.getTime());
    expect(cooking.why).toBe("The kitchen is still preparing it.");
    const stillCooking = englishLate({ stage: "accepted", pickup: false, estimatedReadyAt: minutes(now, 12), delivery: null }, now);
    expect(new Date(stillCooking.window!.from).getTime()).toBeGreaterThan(minutes(now, 12).getTime());
    expect(englishLate({ stage: "ready", pickup: false, estimatedReadyAt: null, delivery: { state: "unassigned", restaurant, dropoff } }, now)).toEqual({
      window: null,
      why: "We're finding a courier.",
    });
    const riding = englishLate(
      { stage: "out_for_delivery", pickup: false, estimatedReadyAt: null, delivery: { state: "picked_up", restaurant, dropoff, distanceKm: 2.5 } },
      now,
    );
    expect(riding.why).toBe("Your courier is 2.5 km away.");
    expect(new Date(riding.window!.from).getTime() - now.getTime()).toBe(10 * 60_000);
  });
});

describe("cancel while the kitchen is late", () => {
  async function lateOrder() {
    const k = await kitchen();
    const user = await customer();
    const order = await placed(user, k.restaurant.id, k.dish.id);
    await m.accept.acceptOrder(k.owner, k.restaurant.id, order.id, 15, minutes(T0, 1));
    const window = (await m.read.findOwnOrderDetail(user as never, order.id, minutes(T0, 2)))!.arrival!;
    return { ...k, user, order, lateAt: minutes(window.to, 1), window };
  }

  it("refuses before the window has passed, then cancels with the whole payment back to the wallet", async () => {
    const { user, order, lateAt } = await lateOrder();
    expect(await walletOf(user.id)).toBe(WALLET - order.totalCents);
    await expect(m.cancel.cancelOrder(user, order.id, minutes(lateAt, -2))).rejects.toMatchObject({ status: 409, message: inEnglish(m.cancel.ALREADY_ACCEPTED) });
    const canceled = await m.cancel.cancelOrder(user, order.id, lateAt);
    expect(canceled.stage).toBe("canceled");
    expect(await walletOf(user.id)).toBe(WALLET);
    expect((await m.db.deliveryJob.findUniqueOrThrow({ where: { orderId: order.id } })).state).toBe("canceled");
  });

  it("refunds once when 20 cancels race", async () => {
    const { user, order, lateAt } = await lateOrder();
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => m.cancel.cancelOrder(user, order.id, lateAt)));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results) if (r.status === "rejected") expect(r.reason).toMatchObject({ status: 409 });
    expect(await walletOf(user.id)).toBe(WALLET);
    expect(await m.db.ledgerEntry.count({ where: { orderId: order.id, kind: "refund" } })).toBe(1);
  });

  it("is not offered once the food is ready (a courier may have it): 409", async () => {
    const { owner, restaurant, user, order, lateAt } = await lateOrder();
    await m.ready.markReady(owner, restaurant.id, order.id, minutes(T0, 10));
    await expect(m.cancel.cancelOrder(user, order.id, lateAt)).rejects.toMatchObject({ status: 409 });
    expect(await walletOf(user.id)).toBe(WALLET - order.totalCents);
  });

  it("lets the customer report it never arrived once clearly late, to Nosh support, with no money moved yet", async () => {
    const { user, order, window } = await lateOrder();
    const promised = (await m.db.order.findUniqueOrThrow({ where: { id: order.id } })).promisedArrivalBy!;
    expect(promised.toISOString()).toBe(window.to);
    await expect(m.problems.submitProblem(user, order.id, { reason: "late", lines: [] }, null, minutes(promised, CLEARLY_LATE_MINUTES - 1))).rejects.toMatchObject({
      status: 409,
    });
    const report = await m.problems.submitProblem(user, order.id, { reason: "late", lines: [] }, null, minutes(promised, CLEARLY_LATE_MINUTES));
    expect(report.status).toBe("escalated");
    expect(await walletOf(user.id)).toBe(WALLET - order.totalCents);
    // A line's reason once: a second report is refused.
    await expect(m.problems.submitProblem(user, order.id, { reason: "late", lines: [] }, null, minutes(promised, CLEARLY_LATE_MINUTES + 1))).rejects.toMatchObject({
      status: 409,
    });
  });
});
