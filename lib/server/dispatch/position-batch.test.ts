import { afterAll, describe, expect, it } from "vitest";
import type { User } from "@/lib/generated/prisma/client";
import { submitOrderSchema } from "@/lib/contract/orders/checkout-rules";
import { restaurantInput, setUpTestDatabase } from "../platform/testing/db";
import { recorded } from "../platform/testing/plans";
import { paymentFor } from "../orders/testing/payment";
import { inEnglish } from "@/lib/contract/testing/in-english";

// The free couriers' reports batched in the process (position-batch.ts; docs/architecture/couriers.md
// "Positions") against a real, migrated database (SQLite, or PostgreSQL with TEST_DATABASE_URL):
// nothing written until the flush, then every courier's points in one transaction of a few
// statements; the courier's own reads and the dispatch's matching see the newest point before
// it; a courier holding a job is written at once, so the order's stream sees it.

setUpTestDatabase({ DISPATCH_OFFER_SECONDS: "5", COURIER_MAX_JOBS: "2" });

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
  jobAccept: await import("../courier-steps/accept"),
  decline: await import("../courier-steps/decline"),
  arrived: await import("../courier-steps/arrived"),
  pickedUp: await import("../courier-steps/picked-up"),
  batch: await import("./position-batch"),
  positions: await import("./positions"),
  queries: await import("./queries/positions"),
  couriers: await import("./queries/couriers"),
  state: await import("./state"),
  tick: await import("./tick"),
};

// This file's process batches, as a server's does once its jobs start (jobs/definitions/flush-positions.ts),
// flushed by the tests themselves (no timer: "nothing written yet" must not race one).
const batch = m.batch.startPositionBatching(0);
afterAll(() => m.batch.stopPositionBatching());

const HERE = { lat: 37.7599, lng: -122.4148 };
/** About `km` north of the restaurant. */
const north = (km: number) => ({ lat: HERE.lat + km / 111.32, lng: HERE.lng });
const MINUTE = 60_000;

/** A courier on shift whose last position, at `at`, was taken `ago` ms before now. */
async function courier(at: { lat: number; lng: number }, ago = MINUTE, name = "Dev") {
  const user = await m.db.user.create({ data: { firstName: name, courier: true } });
  await m.db.courierState.create({ data: { userId: user.id, onShift: true, ...at, positionAt: new Date(Date.now() - ago) } });
  return { id: user.id, firstName: name };
}

const stateOf = (courierId: number) => m.db.courierState.findUniqueOrThrow({ where: { userId: courierId } });
const storedPoints = (courierId: number) => m.db.courierPosition.count({ where: { courierId } });

const wallet = submitOrderSchema.parse({ deliveryOption: "standard", tipPercent: 15, paymentMethod: "wallet" });

/** A delivery order accepted by the restaurant (its job made, offered to the nearest courier on shift, if any). */
/** A delivery order accepted; `offered`: its job offered as the tick offers it (the waiting positions written first). */
async function acceptedOrder(offered = false) {
  const owner = await m.db.user.create({ data: { firstName: "Owner", restaurantOwner: true } });
  const restaurant = await m.manage.createRestaurant(owner, restaurantInput());
  await m.db.restaurant.update({ where: { id: restaurant.id }, data: HERE });
  const dish = await m.db.menuItem.create({
    data: { restaurantId: restaurant.id, name: "Dumplings", description: "Six.", priceCents: 1_000, foodImage: "/d.webp", foodType: "appetizer" },
  });
  const user: User = await m.db.user.create({ data: { firstName: "Ada", address: "1 Main St", city: "San Francisco", state: "CA", zip: "94110", ...north(2) } });
  await m.db.$transaction((tx) => m.ledger.moveWallet(m.sql.sqlOf(tx), { userId: user.id, amountCents: 20_000, kind: "topup" }));
  const active = await m.db.$transaction((tx) =>
    m.create.createOrder(m.sql.sqlOf(tx), user, { restaurantId: restaurant.id, items: [{ menuItemId: dish.id, quantity: 2 }] }),
  );
  const placed = await m.db.$transaction((tx) => m.place.placeOrder(m.sql.sqlOf(tx), user, { activeOrderId: active.id }, wallet, paymentFor(wallet)));
  const order = await m.accept.acceptOrder(owner, restaurant.id, placed.id, 15);
  if (offered) await m.offerNow.offerNow(order.id);
  return { owner, restaurant, order, job: await m.db.deliveryJob.findUniqueOrThrow({ where: { orderId: order.id } }) };
}

describe("free couriers' reports, batched", () => {
  it("a burst of 40 couriers' reports is written by one flush in a few statements; before it, nothing is written and the courier's own reads see the newest", async () => {
    await batch.flush();
    const fleet = await Promise.all(Array.from({ length: 40 }, (_, i) => courier(north(1 + i / 100), MINUTE, `C${i}`)));
    const now = new Date();
    // Each sends two points taken a second apart (an app back from the background): both kept.
    const answers = await Promise.all(
      fleet.map((c, i) =>
        batch.report(
          c,
          [
            { ...north(2 + i / 100), ageMs: 1_500 },
            { ...north(2.001 + i / 100), accuracy: 8, ageMs: 200 },
          ],
          now,
        ),
      ),
    );
    expect(answers).toEqual(fleet.map(() => ({ accepted: 2, dropped: 0 })));
    // Nothing written yet: the table still has the old position, and no point.
    expect((await stateOf(fleet[7].id)).lat).toBeCloseTo(north(1.07).lat, 6);
    expect(await m.db.courierPosition.count({ where: { courierId: { in: fleet.map((c) => c.id) } } })).toBe(0);
    // The courier's app reads this process's newest point.
    expect(await m.couriers.courierPoint(m.sql.plainSql(), fleet[7].id)).toEqual(north(2.071));
    expect((await m.state.courierSummary(fleet[7])).courier.position).toEqual({ ...north(2.071), at: new Date(now.getTime() - 200).toISOString() });
    expect(await m.couriers.courierFix(m.sql.plainSql(), fleet[7].id)).toEqual({ ...north(2.071), accuracy: 8, positionAt: new Date(now.getTime() - 200) });

    // One flush, one transaction: the shift check, the 40 points (32 + 8: two INSERTs), the positions in one UPDATE.
    const flushes: number[][] = [];
    const counted = new m.batch.PositionBatch(async (due, at) => {
      const { statements } = await recorded((sql) => m.queries.flushBatchedPoints(sql, due, at));
      flushes.push(statements.map((statement) => statement.params.length));
    });
    for (const [i, c] of fleet.entries()) await counted.report(c, [{ ...north(2.001 + i / 100), accuracy: 8, ageMs: 200 }], now);
    await counted.flush();
    expect(flushes).toHaveLength(1);
    expect(flushes[0]).toHaveLength(4);

    await batch.flush();
    for (const [i, c] of fleet.entries()) {
      const state = await stateOf(c.id);
      expect({ lat: state.lat, lng: state.lng, accuracy: state.accuracy, positionAt: state.positionAt }).toEqual({
        lat: expect.closeTo(north(2.001 + i / 100).lat, 6),
        lng: HERE.lng,
        accuracy: 8,
        positionAt: new Date(now.getTime() - 200),
      });
    }
    // The counted batch's points beside the first's (both flushed): two a courier from the first, one from the second.
    expect(await m.db.courierPosition.count({ where: { courierId: { in: fleet.map((c) => c.id) } } })).toBe(120);
    expect(m.batch.pendingPosition(fleet[7].id)).toBeNull();
  });

  it("while a flush's write has not committed, the courier's own reads still see the newest point, and after it the stored one", async () => {
    const c = await courier(north(0));
    let commit = () => {};
    const slow = new m.batch.PositionBatch((due, at) =>
      new Promise<void>((resolve) => (commit = resolve)).then(() => m.sql.sqlTransaction((sql) => m.queries.flushBatchedPoints(sql, due, at))),
    );
    const now = new Date();
    await slow.report(c, [north(0.05)], now);
    const flushed = slow.flush(new Date(now.getTime() + 1));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(slow.pending(c.id)).toMatchObject({ lat: expect.closeTo(north(0.05).lat, 6) });
    commit();
    await flushed;
    expect(slow.pending(c.id)).toBeNull();
    expect((await stateOf(c.id)).lat).toBeCloseTo(north(0.05).lat, 6);
  });

  it("once a second, as before: five reports at once are one taken and four 429s; off shift a 409; a shift ended before the flush keeps none of its points", async () => {
    const c = await courier(north(0));
    const now = new Date();
    const results = await Promise.allSettled(Array.from({ length: 5 }, (_, i) => batch.report(c, [north(0.01 * (i + 1))], now)));
    expect(results.filter((result) => result.status === "fulfilled").map((result) => result.value)).toEqual([{ accepted: 1, dropped: 0 }]);
    expect(results.flatMap((result) => (result.status === "rejected" ? [(result.reason as { status: number }).status] : []))).toEqual([429, 429, 429, 429]);
    const later = new Date(now.getTime() + 1_000);
    expect(await batch.report(c, [north(0.02)], later)).toEqual({ accepted: 1, dropped: 0 });
    await m.state.setShift(c, false);
    await expect(batch.report(c, [north(0.03)], new Date(later.getTime() + 1_000))).rejects.toMatchObject({ status: 409, message: inEnglish(m.positions.OFF_SHIFT) });
    await batch.flush();
    expect(await storedPoints(c.id)).toBe(0);
    expect((await stateOf(c.id)).lat).toBeCloseTo(north(0).lat, 6);
  });

  it("the dispatch's matching sees a waiting position: the tick writes this process's batch first", async () => {
    await m.db.courierState.updateMany({ data: { onShift: false } });
    const { job } = await acceptedOrder();
    expect(job).toMatchObject({ state: "unassigned" });
    // On shift with a position 10 minutes old: not a candidate, until the report.
    const c = await courier(north(0.3), 10 * MINUTE);
    await batch.report(c, [north(0.3)]);
    await m.tick.offerWaitingJobs();
    expect(await m.db.deliveryJob.findUniqueOrThrow({ where: { id: job.id } })).toMatchObject({ state: "offered", courierId: c.id });
  });

  it("a job made or freed is offered at once to a courier whose position waits: the tick after an accept, a decline and the owner's list write the batch first", async () => {
    await m.db.courierState.updateMany({ data: { onShift: false } });
    const first = await courier(north(0.3), 10 * MINUTE, "First");
    const second = await courier(north(0.4), 10 * MINUTE, "Second");
    await batch.report(first, [north(0.3)]);
    await batch.report(second, [north(0.4)]);
    const { job, owner, restaurant, order } = await acceptedOrder(true);
    expect(job).toMatchObject({ state: "offered", courierId: first.id });
    await m.db.courierState.update({ where: { userId: second.id }, data: { positionAt: new Date(Date.now() - 10 * MINUTE) } });
    await batch.report(second, [north(0.41)], new Date(Date.now() + 1_000));
    await m.decline.declineJob(first, job.id);
    expect(await m.db.deliveryJob.findUniqueOrThrow({ where: { id: job.id } })).toMatchObject({ state: "offered", courierId: second.id });
    await m.db.courierState.update({ where: { userId: second.id }, data: { positionAt: new Date(Date.now() - 10 * MINUTE) } });
    await batch.report(second, [north(0.42)], new Date(Date.now() + 2_000));
    expect((await m.state.nearbyCouriers(owner, restaurant.id, order.id)).map((near) => near.id)).toContain(second.id);
  });

  it("a courier holding a job is written at once: the order's stream sees the position without a flush, and a waiting older point does not replace it", async () => {
    await m.db.courierState.updateMany({ data: { onShift: false } });
    const c = await courier(north(0.2), 5_000);
    // Free: this report waits in the batch. Then the order, offered to them.
    const first = new Date(Date.now() - 3_000);
    await batch.report(c, [north(0.19)], first);
    const { job, order, owner, restaurant } = await acceptedOrder(true);
    expect(job).toMatchObject({ state: "offered", courierId: c.id });
    await m.jobAccept.acceptJob(c, job.id);
    await m.ready.markReady(owner, restaurant.id, order.id);
    await m.arrived.arrivedAtPickup(c, job.id);
    await m.pickedUp.pickedUp(c, job.id);
    const carrying = new Date();
    await batch.report(c, [{ lat: 37.762345, lng: -122.414876 }], carrying);
    const positions = await m.db.orderEvent.findMany({ where: { orderId: order.id, stage: "courier_position" } });
    expect(positions.map((event) => JSON.parse(event.detail!) as unknown)).toEqual([{ lat: 37.7623, lng: -122.4149, positionAt: carrying.toISOString() }]);
    await batch.flush();
    expect(await stateOf(c.id)).toMatchObject({ lat: 37.762345, positionAt: carrying });
    expect(await storedPoints(c.id)).toBe(2);
  });
});
