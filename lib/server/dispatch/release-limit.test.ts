import { describe, expect, it } from "vitest";
import type { User } from "@/lib/generated/prisma/client";
import { operatorCouriersQuerySchema } from "@/lib/contract/operators/rules";
import { submitOrderSchema } from "@/lib/contract/orders/checkout-rules";
import { restaurantInput, setUpTestDatabase } from "../platform/testing/db";
import { paymentFor } from "../orders/testing/payment";

// Releases (lib/server/dispatch/release-limit.ts) against a real migrated
// database: accepting a job shows its street address, so a courier who gives back accepted jobs
// more than COURIER_RELEASES_PER_HOUR (2 here) times in an hour is offered none for
// COURIER_RELEASE_PAUSE_MINUTES, and operators see it on their courier list.

setUpTestDatabase({ COURIER_RELEASES_PER_HOUR: "2", COURIER_RELEASE_PAUSE_MINUTES: "30" });

const m = {
  db: (await import("../platform/db")).db,
  sql: await import("../platform/sql"),
  ledger: await import("../wallet/ledger"),
  manage: await import("../restaurants/manage"),
  create: await import("../orders/create"),
  place: await import("../orders/place"),
  accept: await import("../orders/accept"),
  offerNow: await import("./testing/offer-now"),
  jobAccept: await import("../courier-steps/accept"),
  release: await import("../courier-steps/release"),
  admin: await import("../operators/couriers"),
};

const HERE = { lat: 37.7599, lng: -122.4148 };
const MINUTE = 60_000;

async function world() {
  await m.db.courierState.updateMany({ data: { onShift: false } });
  const customer = await m.db.user.create({
    data: { firstName: "Ada", address: "1 Main St", city: "San Francisco", state: "CA", zip: "94110", lat: HERE.lat + 0.01, lng: HERE.lng },
  });
  await m.db.$transaction((tx) => m.ledger.moveWallet(m.sql.sqlOf(tx), { userId: customer.id, amountCents: 50_000, kind: "topup" }));
  const owner = await m.db.user.create({ data: { firstName: "Owner", restaurantOwner: true } });
  const restaurant = await m.manage.createRestaurant(owner, restaurantInput());
  await m.db.restaurant.update({ where: { id: restaurant.id }, data: HERE });
  const dish = await m.db.menuItem.create({
    data: { restaurantId: restaurant.id, name: "Dumplings", description: "Six.", priceCents: 1_000, foodImage: "/d.webp", foodType: "appetizer" },
  });
  const courierUser = await m.db.user.create({ data: { firstName: "Dev", courier: true, courierStatus: "approved" } });
  await m.db.courierState.create({ data: { userId: courierUser.id, onShift: true, ...HERE, positionAt: new Date() } });
  return { customer, owner, restaurant, dish, courier: { id: courierUser.id, firstName: "Dev" } };
}
type World = Awaited<ReturnType<typeof world>>;

/** A new order accepted by the restaurant: its delivery job, as the dispatch left it. */
async function newJob(w: World, customer: User, now: Date) {
  // The courier's position is fresh at `now`: only the rule under test keeps an offer from them.
  await m.db.courierState.update({ where: { userId: w.courier.id }, data: { positionAt: now } });
  const input = submitOrderSchema.parse({ deliveryOption: "standard", tipPercent: 15, paymentMethod: "wallet" });
  const active = await m.db.$transaction((tx) =>
    m.create.createOrder(m.sql.sqlOf(tx), customer, { restaurantId: w.restaurant.id, items: [{ menuItemId: w.dish.id, quantity: 1 }] }),
  );
  const placed = await m.db.$transaction((tx) => m.place.placeOrder(m.sql.sqlOf(tx), customer, { activeOrderId: active.id }, input, paymentFor(input)));
  await m.accept.acceptOrder(w.owner, w.restaurant.id, placed.id, 15, now);
  await m.offerNow.offerNow(placed.id, now);
  return m.db.deliveryJob.findUniqueOrThrow({ where: { orderId: placed.id } });
}

describe("a courier who gives back accepted jobs", () => {
  it("is offered no job once past the hourly limit, for the pause; operators see it; the pause ends", async () => {
    const w = await world();
    const customer = await m.db.user.findUniqueOrThrow({ where: { id: w.customer.id } });
    const start = new Date();
    // Two releases within the hour: within the limit, offers keep coming.
    for (let i = 0; i < 3; i++) {
      const now = new Date(start.getTime() + i * MINUTE);
      const job = await newJob(w, customer, now);
      expect(job).toMatchObject({ state: "offered", courierId: w.courier.id });
      await m.jobAccept.acceptJob(w.courier, job.id, now);
      await m.release.releaseJob(w.courier, job.id, now);
      // The released job goes back to waiting (no one else near): out of the way of the next offer.
      await m.db.deliveryJob.update({ where: { id: job.id }, data: { state: "canceled", courierId: null } });
    }
    const state = await m.db.courierState.findUniqueOrThrow({ where: { userId: w.courier.id } });
    expect(state.releaseCount).toBe(3);
    expect(state.releasePausedUntil?.getTime()).toBe(start.getTime() + 2 * MINUTE + 30 * MINUTE);

    // The third release paused them: the next job waits rather than reach them.
    const waiting = await newJob(w, customer, new Date(start.getTime() + 3 * MINUTE));
    expect(waiting).toMatchObject({ state: "unassigned", courierId: null });

    // Operators see it on the courier's line.
    const operator = await m.db.user.create({ data: { firstName: "Op", operator: true } });
    const { items } = await m.admin.listAdminCouriers(operator, operatorCouriersQuerySchema.parse({}));
    expect(items.find((c) => c.id === w.courier.id)?.releasePause).toEqual({ until: state.releasePausedUntil!.toISOString(), releases: 3 });
    await m.db.deliveryJob.update({ where: { id: waiting.id }, data: { state: "canceled" } });

    // Once the pause has passed, offers reach them again.
    const after = await newJob(w, customer, new Date(state.releasePausedUntil!.getTime() + MINUTE));
    expect(after).toMatchObject({ state: "offered", courierId: w.courier.id });
  });

  it("counts within an hour: releases an hour apart never pause", async () => {
    const w = await world();
    const customer = await m.db.user.findUniqueOrThrow({ where: { id: w.customer.id } });
    const start = new Date();
    for (let i = 0; i < 4; i++) {
      const now = new Date(start.getTime() + i * 61 * MINUTE);
      const job = await newJob(w, customer, now);
      expect(job).toMatchObject({ state: "offered", courierId: w.courier.id });
      await m.jobAccept.acceptJob(w.courier, job.id, now);
      await m.release.releaseJob(w.courier, job.id, now);
      await m.db.deliveryJob.update({ where: { id: job.id }, data: { state: "canceled", courierId: null } });
    }
    expect(await m.db.courierState.findUniqueOrThrow({ where: { userId: w.courier.id } })).toMatchObject({ releaseCount: 1, releasePausedUntil: null });
  });
});
