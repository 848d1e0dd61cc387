import { describe, expect, it } from "vitest";
import type { User } from "@/lib/generated/prisma/client";
import { placeOrderSchema } from "@/lib/contract/orders/rules";
import { prepChangeSchema } from "@/lib/contract/orders/stage-rules";
import { setUpTestDatabase } from "../platform/testing/db";
import { paymentFor } from "./testing/payment";
import { inEnglish } from "@/lib/contract/testing/in-english";

// The board's +5 / +10 (docs/architecture/kitchen.md) against a real, migrated
// database: an accepted order's prep minutes and ready time move, and so does the customer's
// arrival window (the one estimate, lib/shared/delivery/arrival.ts) on the order JSON and the order page;
// anyone else's order is a 404 and any order not being prepared a 409, nothing changed.

setUpTestDatabase();
const m = {
  db: (await import("../platform/db")).db,
  sql: await import("../platform/sql"),
  place: await import("./place"),
  accept: await import("./accept"),
  stage: await import("./owner-stage"),
  cancel: await import("./cancel"),
  prep: await import("./prep"),
  read: await import("./read"),
  json: await import("./to-json"),
};

// 19:10 in Los Angeles on Nov 25, 2026 (the test restaurant is open).
const T0 = new Date("2026-11-26T03:10:00Z");
const minutes = (date: Date, n: number) => new Date(date.getTime() + n * 60_000);

const { customer: newCustomer, shop } = await import("../platform/testing/fixtures");
const customer = () => newCustomer("ada", { walletCents: 100_000 });
const kitchen = () => shop();

async function placed(user: User, restaurantId: number, dishId: number, when = T0) {
  const input = placeOrderSchema.parse({
    restaurantId,
    items: [{ menuItemId: dishId, quantity: 1 }],
    submit: { deliveryOption: "standard", tip: 0, paymentMethod: "wallet" },
  });
  return m.sql.sqlTransaction((sql) => m.place.placeOrder(sql, user, { cart: input }, input.submit!, paymentFor(input.submit!), when));
}

const row = (id: number) => m.db.order.findUniqueOrThrow({ where: { id }, select: { stage: true, prepMinutes: true, estimatedReadyAt: true } });

describe("More preparation time (+5 / +10)", () => {
  it("moves the prep minutes, the ready time and the customer's arrival window by as much, and tells the order's streams", async () => {
    const { owner, restaurant, dish } = await kitchen();
    const user = await customer();
    const order = await placed(user, restaurant.id, dish.id);
    const accepted = m.json.orderToJson(await m.accept.acceptOrder(owner, restaurant.id, order.id, 15, minutes(T0, 1)));
    expect(accepted.estimatedReadyAt).toBe(minutes(T0, 16).toISOString());

    const five = m.json.incomingOrderToJson(await m.prep.addPrepMinutes(owner, restaurant.id, order.id, 5, minutes(T0, 3)));
    expect(five.prepMinutes).toBe(20);
    expect(five.estimatedReadyAt).toBe(minutes(T0, 21).toISOString());
    const moved = (iso: string | null, n: number) => minutes(new Date(iso!), n).toISOString();
    expect([five.estimatedArrivalFrom, five.estimatedArrivalTo]).toEqual([moved(accepted.estimatedArrivalFrom, 5), moved(accepted.estimatedArrivalTo, 5)]);

    const ten = m.json.incomingOrderToJson(await m.prep.addPrepMinutes(owner, restaurant.id, order.id, 10, minutes(T0, 4)));
    expect([ten.prepMinutes, ten.estimatedReadyAt]).toEqual([30, minutes(T0, 31).toISOString()]);
    // The customer's own page states the same window.
    const page = await m.read.findOwnOrderDetail({ id: user.id } as never, order.id, minutes(T0, 5));
    expect([page?.arrival?.from, page?.arrival?.to]).toEqual([moved(accepted.estimatedArrivalFrom, 15), moved(accepted.estimatedArrivalTo, 15)]);
    expect(page?.late).toBe(false);
    expect(page?.timeZone).toBe("America/Los_Angeles");
    // The customer's page and the board read the order again on this event.
    expect(await m.db.orderEvent.count({ where: { orderId: order.id, stage: "prep_changed" } })).toBe(2);
    // The page says "Running late" once the window has passed, and the window stays put.
    const later = await m.read.findOwnOrderDetail({ id: user.id } as never, order.id, minutes(new Date(page!.arrival!.to), 1));
    expect(later?.late).toBe(true);
    expect(later?.arrival).toEqual(page?.arrival);
  });

  it("is a 404 for another owner (their restaurant or this one), nothing changed", async () => {
    const { owner, restaurant, dish } = await kitchen();
    const other = await kitchen();
    const user = await customer();
    const order = await placed(user, restaurant.id, dish.id);
    await m.accept.acceptOrder(owner, restaurant.id, order.id, 15, minutes(T0, 1));
    const before = await row(order.id);
    await expect(m.prep.addPrepMinutes(other.owner, restaurant.id, order.id, 5, minutes(T0, 2))).rejects.toMatchObject({ status: 404 });
    await expect(m.prep.addPrepMinutes(other.owner, other.restaurant.id, order.id, 5, minutes(T0, 2))).rejects.toMatchObject({ status: 404 });
    await expect(m.prep.addPrepMinutes(owner, restaurant.id, 2_000_000, 5, minutes(T0, 2))).rejects.toMatchObject({ status: 404 });
    expect(await row(order.id)).toEqual(before);
  });

  it("is a 409 for an order not being prepared (placed, ready, delivered, rejected, canceled) and past 90 minutes, nothing changed", async () => {
    const { owner, restaurant, dish } = await kitchen();
    const user = await customer();
    const conflict = async (id: number, add = 5) => {
      const before = await row(id);
      await expect(m.prep.addPrepMinutes(owner, restaurant.id, id, add, minutes(T0, 2))).rejects.toMatchObject({ status: 409 });
      expect(await row(id)).toEqual(before);
    };
    const waiting = await placed(user, restaurant.id, dish.id);
    await conflict(waiting.id);

    const ready = await placed(user, restaurant.id, dish.id);
    await m.accept.acceptOrder(owner, restaurant.id, ready.id, 15, minutes(T0, 1));
    await m.stage.moveOrderStage(owner, restaurant.id, ready.id, { stage: "ready" });
    await expect(m.prep.addPrepMinutes(owner, restaurant.id, ready.id, 5, minutes(T0, 2))).rejects.toMatchObject({
      message: "This order is ready, so it cannot be given more preparation time",
    });
    await m.stage.moveOrderStage(owner, restaurant.id, ready.id, { stage: "out_for_delivery" });
    await m.stage.moveOrderStage(owner, restaurant.id, ready.id, { stage: "delivered" });
    await conflict(ready.id);

    const rejected = await placed(user, restaurant.id, dish.id);
    await m.stage.moveOrderStage(owner, restaurant.id, rejected.id, { stage: "rejected", reason: "too_busy" });
    await conflict(rejected.id);

    const canceled = await placed(user, restaurant.id, dish.id);
    await m.cancel.cancelOrder(user, canceled.id);
    await conflict(canceled.id);

    const long = await placed(user, restaurant.id, dish.id);
    await m.accept.acceptOrder(owner, restaurant.id, long.id, 85, minutes(T0, 1));
    await expect(m.prep.addPrepMinutes(owner, restaurant.id, long.id, 10, minutes(T0, 2))).rejects.toMatchObject({
      status: 409,
      message: inEnglish(m.prep.PREP_TOO_LONG),
    });
    expect((await m.prep.addPrepMinutes(owner, restaurant.id, long.id, 5, minutes(T0, 2))).prepMinutes).toBe(90);
    // Only the change that counted told the streams.
    expect(await m.db.orderEvent.count({ where: { stage: "prep_changed", orderId: { in: [waiting.id, ready.id, rejected.id, canceled.id, long.id] } } })).toBe(1);
  });

  it("takes 5 or 10 minutes only, naming the field", () => {
    expect(prepChangeSchema.safeParse({ addMinutes: 5 }).success).toBe(true);
    expect(prepChangeSchema.safeParse({ addMinutes: 10 }).success).toBe(true);
    for (const bad of [{ addMinutes: 7 }, { addMinutes: "5" }, {}, { addMinutes: -5 }]) {
      const parsed = prepChangeSchema.safeParse(bad);
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.path).toEqual(["addMinutes"]);
      expect(inEnglish(parsed.error?.issues[0]?.message ?? "")).toBe("addMinutes must be 5 or 10");
    }
  });
});
