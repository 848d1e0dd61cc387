import { describe, expect, it } from "vitest";
import { submitOrderSchema } from "@/lib/contract/orders/checkout-rules";
import { waitPayLine, waitPayMinutes } from "@/lib/shared/money/wait-pay";
import { setUpTestDatabase } from "../platform/testing/db";
import { paymentFor } from "../orders/testing/payment";

// Pay for waiting at the restaurant (docs/architecture/couriers.md "Pay for waiting"), on a real
// migrated database: the kitchen promised the order 20 minutes after accepting; the courier waits
// past that plus the 5 minutes' grace and is paid each whole minute (25 cents, the default) from
// the restaurant's balance, once, at pickup, until the kitchen's ready mark when it came first;
// nothing for an arrival marked away from the restaurant; the ledger balanced.

setUpTestDatabase();

const m = {
  db: (await import("../platform/db")).db,
  sql: await import("../platform/sql"),
  post: await import("../ledger/post"),
  check: await import("../ledger/check"),
  fixtures: await import("../platform/testing/fixtures"),
  create: await import("../orders/create"),
  place: await import("../orders/place"),
  accept: await import("../orders/accept"),
  offerNow: await import("../dispatch/testing/offer-now"),
  ready: await import("../orders/ready"),
  jobAccept: await import("./accept"),
  arrived: await import("./arrived"),
  pickedUp: await import("./picked-up"),
  earnings: await import("../payouts/courier"),
  incoming: await import("../orders/incoming"),
  json: await import("../orders/to-json"),
  restaurantPayouts: await import("../payouts/restaurant"),
};

const MIN = 60_000;
const HERE = { lat: 37.7599, lng: -122.4148 };
const wallet = submitOrderSchema.parse({ deliveryOption: "standard", tipPercent: 15, paymentMethod: "wallet" });
const balance = (id: string) => m.sql.sqlTransaction((sql) => m.post.balanceOf(sql, id));
const ledgerProblems = () => m.sql.sqlTransaction((sql) => m.check.ledgerProblems(sql));

/**
 * An order accepted with 20 minutes' prep whose promise fell due `dueAgo` minutes before now, its
 * courier marked at the restaurant `arrivedAgo` minutes before now (at it, or `away`: confirmed
 * anyway and flagged).
 */
async function waiting({ dueAgo, arrivedAgo, away = false }: { dueAgo: number; arrivedAgo: number; away?: boolean }) {
  await m.db.courierState.updateMany({ data: { onShift: false } });
  const s = await m.fixtures.shop();
  await m.db.restaurant.update({ where: { id: s.restaurant.id }, data: HERE });
  const customer = await m.fixtures.customer("waiter", { lat: HERE.lat + 0.01, lng: HERE.lng });
  const courierUser = await m.db.user.create({ data: { firstName: "Dev", courier: true, email: `dev${Date.now()}${Math.random()}@example.com` } });
  await m.db.courierState.create({ data: { userId: courierUser.id, onShift: true, ...HERE, positionAt: new Date() } });
  const courier = { id: courierUser.id, firstName: "Dev" };
  const active = await m.db.$transaction((tx) =>
    m.create.createOrder(m.sql.sqlOf(tx), customer, { restaurantId: s.restaurant.id, items: [{ menuItemId: s.dish.id, quantity: 1 }] }),
  );
  const placed = await m.db.$transaction((tx) => m.place.placeOrder(m.sql.sqlOf(tx), customer, { activeOrderId: active.id }, wallet, paymentFor(wallet)));
  await m.accept.acceptOrder(s.owner, s.restaurant.id, placed.id, 20);
  await m.offerNow.offerNow(placed.id);
  const job = await m.db.deliveryJob.findUniqueOrThrow({ where: { orderId: placed.id } });
  expect(job.courierId).toBe(courier.id);
  await m.jobAccept.acceptJob(courier, job.id);
  if (away) await m.db.courierState.update({ where: { userId: courier.id }, data: { lat: HERE.lat + 0.05, positionAt: new Date() } });
  await m.arrived.arrivedAtPickup(courier, job.id, new Date(), away);
  // The clock of the story: accepted (dueAgo + 20) minutes ago, arrived arrivedAgo minutes ago.
  const now = Date.now();
  await m.db.order.update({ where: { id: placed.id }, data: { acceptedAt: new Date(now - (dueAgo + 20) * MIN) } });
  await m.db.deliveryJob.update({ where: { id: job.id }, data: { arrivedAt: new Date(now - arrivedAgo * MIN) } });
  await m.db.courierState.update({ where: { userId: courier.id }, data: { ...HERE, positionAt: new Date() } });
  return { s, courier, orderId: placed.id, jobId: job.id };
}

const restaurantAccount = (id: number) => m.post.account.restaurant(id);

describe("pay for waiting at the restaurant", () => {
  it("12 minutes past the promise, picked up: 7 minutes paid (past the 5 minutes' grace) from the restaurant to the courier, once, and listed as wait pay", async () => {
    const { s, courier, orderId, jobId } = await waiting({ dueAgo: 12, arrivedAgo: 15 });
    const restaurantBefore = await balance(restaurantAccount(s.restaurant.id));
    const courierBefore = await balance(m.post.account.courier(courier.id));
    // The board counts it while the courier waits: 7 minutes now, $1.75.
    const board = async () => m.json.incomingOrderToJson(await m.incoming.getIncomingOrder(s.owner, s.restaurant.id, orderId)).courierWait;
    const counting = (await board())!;
    expect(counting).toMatchObject({ until: null, centsPerMinute: 25, maxMinutes: 30, paidCents: 0 });
    const minutes = waitPayMinutes(new Date(counting.from), new Date(), counting);
    expect(waitPayLine(minutes, minutes * 25, false)).toBe("Courier waiting 7 min, $1.75");
    await m.pickedUp.pickedUp(courier, jobId, new Date(), { handedOver: true });
    expect(await board()).toMatchObject({ paidCents: 175 });
    expect(await balance(m.post.account.courier(courier.id))).toBe(courierBefore + 175);
    expect(await balance(restaurantAccount(s.restaurant.id))).toBe(restaurantBefore - 175);
    expect((await m.db.deliveryJob.findUniqueOrThrow({ where: { id: jobId } })).waitPayCents).toBe(175);
    expect(await m.db.ledgerEntry.count({ where: { orderId, kind: "wait" } })).toBe(1);
    const earnings = await m.earnings.courierEarnings(courier);
    expect(earnings.entries).toContainEqual(expect.objectContaining({ kind: "wait_pay", orderId, amount: 1.75 }));
    expect(earnings.days[0]).toMatchObject({ deliveries: 0, earnings: 1.75 });
    const statement = await m.restaurantPayouts.restaurantPayouts(s.owner, s.restaurant.id, null);
    expect(statement.entries).toContainEqual(expect.objectContaining({ kind: "wait_pay", orderId, net: -1.75, reason: "A courier waited past the promised ready time" }));
    expect(await ledgerProblems()).toEqual([]);
  });

  it("the kitchen's ready mark ends the paid wait: ready 8 minutes past the promise, picked up at 12, pays 3 minutes", async () => {
    const { s, courier, orderId, jobId } = await waiting({ dueAgo: 12, arrivedAgo: 15 });
    await m.ready.markReady(s.owner, s.restaurant.id, orderId);
    await m.db.orderEvent.updateMany({ where: { orderId, stage: "ready" }, data: { at: new Date(Date.now() - 4 * MIN) } });
    await m.pickedUp.pickedUp(courier, jobId);
    expect((await m.db.deliveryJob.findUniqueOrThrow({ where: { id: jobId } })).waitPayCents).toBe(75);
  });

  it("within the grace, arriving after the promise counts from the arrival, and the cap holds", async () => {
    const inGrace = await waiting({ dueAgo: 5, arrivedAgo: 10 });
    await m.pickedUp.pickedUp(inGrace.courier, inGrace.jobId, new Date(), { handedOver: true });
    expect((await m.db.deliveryJob.findUniqueOrThrow({ where: { id: inGrace.jobId } })).waitPayCents).toBe(0);
    expect(await m.db.ledgerEntry.count({ where: { orderId: inGrace.orderId, kind: "wait" } })).toBe(0);

    const late = await waiting({ dueAgo: 30, arrivedAgo: 9 });
    await m.pickedUp.pickedUp(late.courier, late.jobId, new Date(), { handedOver: true });
    expect((await m.db.deliveryJob.findUniqueOrThrow({ where: { id: late.jobId } })).waitPayCents).toBe(9 * 25);

    const long = await waiting({ dueAgo: 90, arrivedAgo: 95 });
    await m.pickedUp.pickedUp(long.courier, long.jobId, new Date(), { handedOver: true });
    expect((await m.db.deliveryJob.findUniqueOrThrow({ where: { id: long.jobId } })).waitPayCents).toBe(30 * 25);
  });

  it("an arrival marked away from the restaurant (flagged) earns no wait pay", async () => {
    const { s, courier, orderId, jobId } = await waiting({ dueAgo: 20, arrivedAgo: 25, away: true });
    expect(JSON.parse((await m.db.deliveryJob.findUniqueOrThrow({ where: { id: jobId } })).flags!)).toMatchObject([{ values: { step: "arrived" } }]);
    await m.pickedUp.pickedUp(courier, jobId, new Date(), { handedOver: true });
    expect(await m.db.ledgerEntry.count({ where: { orderId, kind: "wait" } })).toBe(0);
    expect(m.json.incomingOrderToJson(await m.incoming.getIncomingOrder(s.owner, s.restaurant.id, orderId)).courierWait).toBeUndefined();
    // Delivered, its held pay's reason: English for the API, its keys for the courier's page to write in their words.
    await m.db.deliveryJob.update({ where: { id: jobId }, data: { state: "delivered" } });
    expect((await m.earnings.courierEarnings(courier)).flagged).toMatchObject([
      { reason: expect.stringMatching(/^arrived \d+ m from the restaurant/), flags: [{ key: "away" }] },
    ]);
  });

  it("10 pickups at once: one moves the job, the wait is paid once, the ledger balanced", async () => {
    const { s, courier, orderId, jobId } = await waiting({ dueAgo: 12, arrivedAgo: 15 });
    const restaurantBefore = await balance(restaurantAccount(s.restaurant.id));
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => m.pickedUp.pickedUp(courier, jobId, new Date(), { handedOver: true })));
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    expect(await m.db.ledgerEntry.count({ where: { orderId, kind: "wait" } })).toBe(1);
    expect(await balance(restaurantAccount(s.restaurant.id))).toBe(restaurantBefore - 175);
    expect(await ledgerProblems()).toEqual([]);
  });
});
