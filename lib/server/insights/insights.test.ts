import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { restaurantRow, setUpTestDatabase } from "../platform/testing/db";

// Owner insights against a real, migrated database (SQLite; PostgreSQL with TEST_DATABASE_URL),
// on a seeded history with known sums around the end of daylight saving time in Los Angeles
// (Sunday Nov 1 2026, 02:00 PDT -> 01:00 PST: that local day lasts 25 hours).

setUpTestDatabase();
const { db } = await import("../platform/db");
const { getInsights } = await import("./read");

const owner = await db.user.create({ data: { firstName: "Owner" } });
const stranger = await db.user.create({ data: { firstName: "Stranger" } });
const restaurant = await db.restaurant.create({ data: restaurantRow(owner.id, { timeZone: "America/Los_Angeles" }) });
const [c1, c2, c3, c4, c5] = await Promise.all(["Ada", "Bo", "Cy", "Di", "Ed"].map((firstName) => db.user.create({ data: { firstName } })));

type Line = { name: string; priceCents: number; quantity: number };
async function order(
  userId: number,
  submittedAt: string,
  totalCents: number,
  lines: Line[],
  over: { stage?: string; rejectionReason?: string; paymentMethod?: string; acceptedAt?: Date } = {},
) {
  return db.order.create({
    data: {
      userId,
      restaurantId: restaurant.id,
      restaurantName: restaurant.name,
      stage: over.stage ?? "delivered",
      rejectionReason: over.rejectionReason,
      paymentMethod: over.paymentMethod ?? "card",
      subtotalCents: lines.reduce((sum, l) => sum + l.priceCents * l.quantity, 0),
      totalCents,
      submittedAt: new Date(submittedAt),
      acceptedAt: over.acceptedAt,
      orderItems: { create: lines.map((l) => ({ ...l, restaurantId: restaurant.id })) },
    },
  });
}
const dumplings = (quantity: number): Line => ({ name: "Dumplings", priceCents: 600, quantity });
const noodles = (quantity: number): Line => ({ name: "Noodles", priceCents: 1200, quantity });
const tea = (quantity: number): Line => ({ name: "Tea", priceCents: 300, quantity });

// Oct 30 23:59 PDT: the day before the range.
await order(c5.id, "2026-10-31T06:59:00Z", 9_999, [dumplings(1)]);
// Oct 20: c3's first order, long before the range (c3 returns in it).
await order(c3.id, "2026-10-20T19:00:00Z", 1_000, [tea(1)]);
// Oct 31 23:30 PDT (Nov 1 06:30 UTC): Oct 31.
await order(c1.id, "2026-11-01T06:30:00Z", 2_000, [dumplings(2)]);
// Nov 1 23:30 PST (Nov 2 07:30 UTC, which a fixed UTC-7 would call Nov 2): Nov 1. Accepted, ready 15 min later, delivered 30 after.
const timed = await order(c2.id, "2026-11-02T07:30:00Z", 3_000, [noodles(2), dumplings(1)], { acceptedAt: new Date("2026-11-02T07:31:00Z") });
// Nov 1: rejected, paid from the wallet (refunded there).
await order(c2.id, "2026-11-01T20:00:00Z", 1_200, [dumplings(10)], {
  stage: "rejected",
  rejectionReason: "Out of dumplings",
  paymentMethod: "wallet",
});
// Nov 2 00:30 PST: Nov 2.
await order(c1.id, "2026-11-02T08:30:00Z", 1_500, [tea(5)]);
await order(c3.id, "2026-11-02T20:00:00Z", 2_500, [noodles(1), tea(1)]);
// Nov 2: canceled by the customer, by card.
await order(c4.id, "2026-11-02T21:00:00Z", 800, [tea(2)], { stage: "canceled" });
// Nov 2: placed, not accepted yet; and accepted, still in the kitchen (a sale).
await order(c4.id, "2026-11-02T22:00:00Z", 5_000, [noodles(3)], { stage: "placed" });
await order(c3.id, "2026-11-02T22:30:00Z", 900, [dumplings(1)], { stage: "accepted", acceptedAt: new Date("2026-11-02T22:31:00Z") });
// Nov 2: not accepted in time.
await order(c5.id, "2026-11-02T23:00:00Z", 700, [tea(2)], { stage: "expired" });
// Nov 3 00:00 PST: the day after the range.
await order(c5.id, "2026-11-03T08:00:00Z", 9_999, [noodles(9)]);

const event = (stage: string, at: string) => ({ orderId: timed.id, userId: c2.id, restaurantId: restaurant.id, stage, at: new Date(at) });
await db.orderEvent.createMany({
  data: [
    event("placed", "2026-11-02T07:30:00Z"),
    event("accepted", "2026-11-02T07:31:00Z"),
    event("ready", "2026-11-02T07:46:00Z"),
    event("delivered", "2026-11-02T08:16:00Z"),
  ],
});
const review = (userId: number, orderId: number, rating: number, at: string, text: string) =>
  db.review.create({ data: { userId, orderId, restaurantId: restaurant.id, review: text, orderRating: rating, restaurantRating: rating, createdAt: new Date(at) } });
const orders = await db.order.findMany({ where: { restaurantId: restaurant.id }, orderBy: { submittedAt: "asc" } });
await review(c1.id, orders[2]!.id, 4, "2026-11-01T18:00:00Z", "Great dumplings");
await review(c2.id, orders[3]!.id, 2, "2026-11-02T18:00:00Z", "Noodles were cold");

const range = { from: "2026-10-31", to: "2026-11-02" };

describe("getInsights", () => {
  it("buckets orders into the restaurant's local days across the DST change", async () => {
    const insights = await getInsights(owner, restaurant.id, range);
    expect(insights.days).toEqual([
      { day: "2026-10-31", orders: 1, revenueCents: 1_200, netRevenueCents: expect.any(Number), canceled: 0 },
      { day: "2026-11-01", orders: 1, revenueCents: 3_000, netRevenueCents: expect.any(Number), canceled: 1 },
      { day: "2026-11-02", orders: 3, revenueCents: 3_600, netRevenueCents: expect.any(Number), canceled: 2 },
    ]);
    expect(insights).toMatchObject({ orders: 5, revenueCents: 7_800, averageOrderCents: 1_560 });
  });

  it("counts as revenue the food sales of accepted, not canceled orders: no fees or tip, nothing not yet accepted", async () => {
    const insights = await getInsights(owner, restaurant.id, range);
    const start = new Date("2026-10-31T07:00:00Z");
    const end = new Date("2026-11-03T08:00:00Z");
    const all = await db.order.findMany({ where: { restaurantId: restaurant.id, submittedAt: { gte: start, lt: end } } });
    const sold = all.filter((o) => ["accepted", "ready", "out_for_delivery", "delivered"].includes(o.stage!));
    expect(sold.map((o) => o.stage).sort()).toEqual(["accepted", "delivered", "delivered", "delivered", "delivered"]);
    expect(insights.revenueCents).toBe(sold.reduce((sum, o) => sum + o.subtotalCents, 0));
    // What customers paid (fees and tips) is more: revenue is not the totals.
    expect(sold.reduce((sum, o) => sum + o.totalCents, 0)).toBeGreaterThan(insights.revenueCents);
    // It reconciles with the top dishes (fewer dishes than TOP_DISHES: the lists are whole).
    const dishes = (list: typeof insights.topByRevenue) => list.reduce((sum, d) => sum + d.revenueCents, 0);
    expect(dishes(insights.topByRevenue)).toBe(insights.revenueCents);
    expect(dishes(insights.topByQuantity)).toBe(insights.revenueCents);
    expect(insights.days.reduce((sum, d) => sum + d.revenueCents, 0)).toBe(insights.revenueCents);
    // Net revenue is what the ledger settled (net-revenue.test.ts), not derived
    // from order rows: this history was written as rows, with no ledger entries, so nothing settled.
    expect(insights.netRevenueCents).toBe(0);
    expect(insights.days.reduce((sum, d) => sum + d.netRevenueCents, 0)).toBe(insights.netRevenueCents);
  });

  it("tells new customers from returning ones, canceled and not accepted orders left out", async () => {
    expect((await getInsights(owner, restaurant.id, range)).customers).toEqual({ new: 2, returning: 1 });
  });

  it("ranks the top dishes by quantity and by revenue, canceled and not accepted lines left out", async () => {
    const insights = await getInsights(owner, restaurant.id, range);
    expect(insights.topByQuantity).toEqual([
      { name: "Tea", quantity: 6, revenueCents: 1_800 },
      { name: "Dumplings", quantity: 4, revenueCents: 2_400 },
      { name: "Noodles", quantity: 3, revenueCents: 3_600 },
    ]);
    expect(insights.topByRevenue.map((d) => d.name)).toEqual(["Noodles", "Dumplings", "Tea"]);
  });

  it("groups cancellations and refunds by reason", async () => {
    expect((await getInsights(owner, restaurant.id, range)).cancellations).toEqual([
      { reason: "Canceled by the customer", orders: 1, amountCents: 800, refundedToWalletCents: 0 },
      { reason: "Not accepted in time", orders: 1, amountCents: 700, refundedToWalletCents: 0 },
      { reason: "Out of dumplings", orders: 1, amountCents: 1_200, refundedToWalletCents: 1_200 },
    ]);
    // The page words a stage's meaning in its reader's language; the restaurant's own reason as written.
    const { cancelReasonIn } = await import("./cancellations");
    expect(["Canceled by the customer", "Not accepted in time", "Out of dumplings"].map((reason) => cancelReasonIn(reason, "es"))).toEqual([
      "Cancelado por el cliente",
      "No aceptado a tiempo",
      "Out of dumplings",
    ]);
    expect(cancelReasonIn("Canceled by the customer", "en")).toBe("Canceled by the customer");
  });

  it("averages ratings per week and times preparation and delivery from the lifecycle", async () => {
    const insights = await getInsights(owner, restaurant.id, range);
    expect(insights.ratings).toEqual([{ weekOf: "2026-10-31", reviews: 2, average: 3 }]);
    expect(insights.latestReviews.map((r) => [r.firstName, r.rating])).toEqual([
      ["Bo", 2],
      ["Ada", 4],
    ]);
    expect(insights.preparation).toEqual({ orders: 1, averageMinutes: 15 });
    expect(insights.delivery).toEqual({ orders: 1, averageMinutes: 30 });
  });

  it("counts a day of one order at 23:30 local on that day, not the next", async () => {
    const oneDay = await getInsights(owner, restaurant.id, { from: "2026-10-31", to: "2026-10-31" });
    expect(oneDay.days).toEqual([{ day: "2026-10-31", orders: 1, revenueCents: 1_200, netRevenueCents: 0, canceled: 0 }]);
    expect(oneDay.customers).toEqual({ new: 1, returning: 0 });
  });

  it("is the owner's only: anyone else gets the 404", async () => {
    await expect(getInsights(stranger, restaurant.id, range)).rejects.toMatchObject({ status: 404 });
  });
});

const { orderLines } = await import("./export");
type OrderRecord = Record<(typeof import("./export").ORDER_COLUMNS)[number], string>;

describe("the orders CSV", () => {
  const read = async (pageSize: number) => {
    let text = "";
    for await (const chunk of orderLines(restaurant.id, restaurant.timeZone, range, pageSize)) text += chunk;
    return parse(text, { columns: true }) as OrderRecord[];
  };

  it("has one record per line of the range's orders, in local time, whatever the page size", async () => {
    const records = await read(2);
    const lines = await db.orderItem.findMany({
      where: { order: { restaurantId: restaurant.id, submittedAt: { gte: new Date("2026-10-31T07:00:00Z"), lt: new Date("2026-11-03T08:00:00Z") } } },
      include: { order: true },
      orderBy: [{ order: { submittedAt: "asc" } }, { orderId: "asc" }, { id: "asc" }],
    });
    const firstLine = (l: (typeof lines)[number], i: number) => i === 0 || lines[i - 1]!.orderId !== l.orderId;
    expect(records.map((r) => [Number(r.order_id), Number(r.line_id), r.dish, Number(r.quantity), r.line_total, r.order_subtotal, r.order_total])).toEqual(
      lines.map((l, i) => [
        l.orderId,
        l.id,
        l.name,
        l.quantity,
        ((l.priceCents * l.quantity) / 100).toFixed(2),
        firstLine(l, i) ? (l.order.subtotalCents / 100).toFixed(2) : "",
        firstLine(l, i) ? (l.order.totalCents / 100).toFixed(2) : "",
      ]),
    );
    expect(records[0]).toMatchObject({ submitted_at: "2026-10-31 23:30", status: "Completed", unit_price: "6.00" });
    expect(records.find((r) => r.dish === "Noodles")).toMatchObject({ submitted_at: "2026-11-01 23:30" });
    expect(await read(500)).toEqual(records);
  });

  it("puts each order's totals on its first line only, so a column's sum counts each order once", async () => {
    const records = await read(500);
    const orders = await db.order.findMany({
      where: { restaurantId: restaurant.id, submittedAt: { gte: new Date("2026-10-31T07:00:00Z"), lt: new Date("2026-11-03T08:00:00Z") } },
    });
    const sum = (column: keyof OrderRecord) => Math.round(records.reduce((total, r) => total + Number(r[column] || 0), 0) * 100);
    expect(records.length).toBeGreaterThan(orders.length); // some orders have several lines
    expect(sum("order_total")).toBe(orders.reduce((total, o) => total + o.totalCents, 0));
    expect(sum("order_subtotal")).toBe(orders.reduce((total, o) => total + o.subtotalCents, 0));
    expect(records.filter((r) => r.order_total !== "")).toHaveLength(orders.length);
  });

  it("reads a page whose orders hold more lines than SQLite binds parameters (999)", async () => {
    for (let n = 0; n < 3; n++) {
      const big = await order(c5.id, `2026-06-01T1${n}:00:00Z`, 100, [tea(1)]);
      await db.orderItem.createMany({
        data: Array.from({ length: 400 }, () => ({ orderId: big.id, restaurantId: restaurant.id, name: "Tea", priceCents: 300, quantity: 1 })),
      });
    }
    let text = "";
    for await (const chunk of orderLines(restaurant.id, restaurant.timeZone, { from: "2026-06-01", to: "2026-06-01" })) text += chunk;
    expect(parse(text, { columns: true })).toHaveLength(3 * 401);
  });
});
