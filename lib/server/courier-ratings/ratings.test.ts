import { describe, expect, it } from "vitest";
import type { User } from "@/lib/generated/prisma/client";
import { accountExportSchema } from "@/lib/contract/accounts/privacy-schemas";
import { courierRatingSchema } from "@/lib/contract/couriers/rating-rules";
import { setUpTestDatabase } from "../platform/testing/db";
import { inEnglish } from "@/lib/contract/testing/in-english";

// Rating the courier after delivery on a real migrated database: one rating an
// order however many race, changeable for 24 hours, refused to strangers (404), guests (403) and
// for an order no courier delivered (409); the courier's figure over their last 100; the
// operators' lists under COURIER_RATING_ALERT; a deleted customer's ratings stay counted without
// their words or link, and the export holds them before.

setUpTestDatabase({ COURIER_RATING_ALERT: "80/3", HASH_THREADS: "2" });

const m = {
  db: (await import("../platform/db")).db,
  rate: await import("./rate"),
  figure: await import("./courier-figure"),
  lists: await import("./operator-lists"),
  panel: await import("./order-panel"),
  fixtures: await import("../platform/testing/fixtures"),
  passwords: await import("../platform/passwords"),
  exporter: await import("../customer-data/export"),
  deletion: await import("../customer-data/delete-account"),
};
const db = m.db;
const HOUR = 3600_000;
const operator = { id: 0, firstName: "Nia" };
const input = (body: unknown) => courierRatingSchema.parse(body);
const shop = await m.fixtures.shop("rating-owner");
let serial = 0;

const newCourier = () => db.user.create({ data: { firstName: "Cora", lastName: `Courier${++serial}`, courier: true, courierStatus: "approved" } });

/** An order of `customer`'s, delivered at `closedAt` by `courierId` (a delivered job), or by the restaurant's own staff (null). */
async function delivered(customer: User, courierId: number | null, closedAt = new Date(), stage = "delivered") {
  const order = await db.order.create({
    data: { userId: customer.id, restaurantId: shop.restaurant.id, restaurantName: shop.restaurant.name, stage, closedAt: stage === "delivered" ? closedAt : null },
  });
  if (courierId !== null) {
    await db.deliveryJob.create({
      data: {
        orderId: order.id,
        restaurantId: shop.restaurant.id,
        userId: customer.id,
        state: stage === "delivered" ? "delivered" : "picked_up",
        courierId,
        payCents: 500,
        pickupLat: 0,
        pickupLng: 0,
        dropoffLat: 0,
        dropoffLng: 0,
        dropoffAddress: "1 Main St",
        itemsCount: 1,
      },
    });
  }
  return order;
}

/** `ups` thumbs up and `downs` thumbs down on `courierId`, each on its own order, delivered `ago` ms apart before now. */
async function ratings(courierId: number, ups: number, downs: number, customer: User) {
  const now = Date.now();
  for (let i = 0; i < ups + downs; i++) {
    const order = await delivered(customer, courierId, new Date(now - (i + 1) * 60_000));
    await m.rate.rateCourier(customer, order.id, input(i < ups ? { thumbs: "up" } : { thumbs: "down", reason: "late" }));
  }
}

describe("rating the courier", () => {
  it("20 parallel ratings of one order keep one row, the courier's figure counts it once", async () => {
    const customer = await m.fixtures.customer("rater");
    const courier = await newCourier();
    const order = await delivered(customer, courier.id);
    const bodies = Array.from({ length: 20 }, (_, i) => input(i % 2 ? { thumbs: "up" } : { thumbs: "down", reason: "rude", note: `Try ${i}` }));
    const results = await Promise.allSettled(bodies.map((body) => m.rate.rateCourier(customer, order.id, body)));
    expect(results.filter((result) => result.status === "rejected")).toEqual([]);
    expect(await db.courierRating.count({ where: { orderId: order.id } })).toBe(1);
    const figure = await m.figure.courierOwnRating(courier.id);
    expect(figure.count).toBe(1);
    expect([0, 100]).toContain(figure.upPercent);
  });

  it("a rating changes within 24 hours of delivery and not after; a thumbs up keeps no reason or words", async () => {
    const customer = await m.fixtures.customer("changer");
    const courier = await newCourier();
    const order = await delivered(customer, courier.id);
    const first = await m.rate.rateCourier(customer, order.id, input({ thumbs: "down", reason: "food_damaged", note: "  Soup spilled  " }));
    expect(first).toMatchObject({ thumbs: "down", reason: "food_damaged", note: "Soup spilled" });
    expect(first.changeableUntil).toBe(new Date(order.closedAt!.getTime() + 24 * HOUR).toISOString());
    const changed = await m.rate.rateCourier(
      customer,
      order.id,
      input({ thumbs: "up", reason: "late", note: "ignored" }),
      new Date(order.closedAt!.getTime() + 23 * HOUR),
    );
    expect(changed).toMatchObject({ thumbs: "up", reason: null, note: null });
    const late = new Date(order.closedAt!.getTime() + 25 * HOUR);
    await expect(m.rate.rateCourier(customer, order.id, input({ thumbs: "down", reason: "late" }), late)).rejects.toMatchObject({
      status: 409,
      errors: { thumbs: m.rate.COURIER_RATING_ERRORS.late },
    });
    expect(await db.courierRating.findUniqueOrThrow({ where: { orderId: order.id } })).toMatchObject({ up: true, reason: null, note: null, customerId: customer.id });
    // The order page shows the section with the rating for the window, not after.
    const view = { id: order.id, stage: "delivered", deliveredAt: order.closedAt!.toISOString(), courierDelivered: true, placedByReader: true };
    expect(await m.panel.courierRatingPanel(customer, view)).toMatchObject({ rating: { thumbs: "up" } });
    expect(await m.panel.courierRatingPanel(customer, view, late.getTime())).toBeNull();
  });

  it("refused: another's order 404, a guest 403, not delivered or no courier 409; a thumbs down needs a reason (400 naming it); nothing written", async () => {
    const customer = await m.fixtures.customer("owner-of-order");
    const courier = await newCourier();
    const order = await delivered(customer, courier.id);
    const stranger = await m.fixtures.customer("stranger");
    await expect(m.rate.rateCourier(stranger, order.id, input({ thumbs: "up" }))).rejects.toMatchObject({ status: 404 });
    const guest = await m.fixtures.customer("guest", { guestAccount: true });
    const guestsOrder = await delivered(guest, courier.id);
    await expect(m.rate.rateCourier(guest, guestsOrder.id, input({ thumbs: "up" }))).rejects.toMatchObject({ status: 403, message: m.rate.COURIER_RATING_ERRORS.guest });
    const onTheWay = await delivered(customer, courier.id, new Date(), "out_for_delivery");
    await expect(m.rate.rateCourier(customer, onTheWay.id, input({ thumbs: "up" }))).rejects.toMatchObject({
      status: 409,
      errors: { thumbs: m.rate.COURIER_RATING_ERRORS.notDelivered },
    });
    const byStaff = await delivered(customer, null);
    await expect(m.rate.rateCourier(customer, byStaff.id, input({ thumbs: "up" }))).rejects.toMatchObject({
      status: 409,
      errors: { thumbs: m.rate.COURIER_RATING_ERRORS.noCourier },
    });
    const noReason = courierRatingSchema.safeParse({ thumbs: "down" });
    expect(noReason.success ? [] : noReason.error.issues.map((issue) => [issue.path.join("."), inEnglish(issue.message)])).toEqual([["reason", "Pick what went wrong"]]);
    expect(courierRatingSchema.safeParse({ thumbs: "sideways" }).error?.issues[0]?.path).toEqual(["thumbs"]);
    expect(courierRatingSchema.safeParse({ thumbs: "down", reason: "smelly" }).error?.issues[0]?.path).toEqual(["reason"]);
    expect(courierRatingSchema.safeParse({ thumbs: "down", reason: "late", note: "x".repeat(301) }).error?.issues[0]?.path).toEqual(["note"]);
    expect(await db.courierRating.count({ where: { orderId: { in: [order.id, guestsOrder.id, onTheWay.id, byStaff.id] } } })).toBe(0);
  });

  it("the courier's figure is over their last 100 rated deliveries, with the thumbs down by reason only", async () => {
    const customer = await m.fixtures.customer("many");
    const courier = await newCourier();
    // The oldest rating (a thumbs down) falls outside the last 100: 100 up remain.
    const old = await delivered(customer, courier.id, new Date(Date.now() - 20 * HOUR));
    await m.rate.rateCourier(customer, old.id, input({ thumbs: "down", reason: "rude", note: "Secret words" }));
    const orders = await Promise.all(Array.from({ length: 100 }, (_, i) => delivered(customer, courier.id, new Date(Date.now() - i * 60_000))));
    for (const order of orders) await m.rate.rateCourier(customer, order.id, input({ thumbs: "up" }));
    expect(await m.figure.courierOwnRating(courier.id)).toEqual({ upPercent: 100, count: 100, downReasons: [] });
    const recent = await delivered(customer, courier.id, new Date());
    await m.rate.rateCourier(customer, recent.id, input({ thumbs: "down", reason: "wrong_handoff", note: "Gave it to my neighbour" }));
    const figure = await m.figure.courierOwnRating(courier.id);
    expect(figure).toEqual({ upPercent: 99, count: 100, downReasons: [{ reason: "wrong_handoff", label: "Wrong handoff", count: 1 }] });
    expect(JSON.stringify(figure)).not.toContain("neighbour");
  });

  it("operators see couriers under the threshold with enough ratings, and the recent thumbs down with their order", async () => {
    const customer = await m.fixtures.customer("lists");
    const [low, good, few] = [await newCourier(), await newCourier(), await newCourier()];
    await ratings(low.id, 1, 3, customer); // 25% over 4
    await ratings(good.id, 4, 0, customer); // 100%
    await ratings(few.id, 0, 2, customer); // 0% but under 3 ratings (COURIER_RATING_ALERT 80/3)
    const page = await m.lists.lowRatedCouriers(operator, { limit: 100, offset: 0 });
    expect(page).toMatchObject({ belowPercent: 80, minRatings: 3 });
    const mine = page.items.filter((item) => [low.id, good.id, few.id].includes(item.id));
    expect(mine).toEqual([{ id: low.id, name: `Cora ${low.lastName}`, upPercent: 25, count: 4, down: 3, lastDownOrderId: expect.any(Number) }]);
    const widened = await m.lists.lowRatedCouriers(operator, { limit: 100, offset: 0, min: 1 });
    expect(widened.items.map((item) => item.id)).toEqual(expect.arrayContaining([low.id, few.id]));
    const down = await m.lists.recentThumbsDown(operator, { limit: 2, offset: 0 });
    expect(down.items).toHaveLength(2);
    expect(down.hasMore).toBe(true);
    expect(down.items[0]).toMatchObject({ reason: "late", reasonLabel: "Late", courier: { id: expect.any(Number) } });
  });

  it("a deleted customer's ratings stay counted without their words or link; the export held them before", async () => {
    const customer = await m.fixtures.customer("leaver", { passwordHash: await m.passwords.hashPassword("correct horse battery") });
    const courier = await newCourier();
    const order = await delivered(customer, courier.id);
    await m.rate.rateCourier(customer, order.id, input({ thumbs: "down", reason: "ignored_instructions", note: "Gate code ignored" }));
    let text = "";
    for await (const chunk of m.exporter.exportData(customer, customer.id)) text += chunk;
    expect(accountExportSchema.parse(JSON.parse(text)).courierRatings).toEqual([
      { orderId: order.id, thumbs: "down", reason: "ignored_instructions", note: "Gate code ignored", at: expect.any(String) },
    ]);
    const user = await db.user.findUniqueOrThrow({ where: { id: customer.id } });
    await m.deletion.deleteAccount(user, customer.id, { password: "correct horse battery" }, "203.0.113.9");
    expect(await db.courierRating.findUniqueOrThrow({ where: { orderId: order.id } })).toMatchObject({
      customerId: null,
      note: null,
      up: false,
      reason: "ignored_instructions",
    });
    expect(await m.figure.courierOwnRating(courier.id)).toMatchObject({ count: 1, upPercent: 0 });
  });
});
