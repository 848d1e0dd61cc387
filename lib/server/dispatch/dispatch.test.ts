import { ALLERGENS } from "@/lib/shared/menu/allergens";
import { describe, expect, it } from "vitest";
import type { User } from "@/lib/generated/prisma/client";
import { submitOrderSchema } from "@/lib/contract/orders/checkout-rules";
import { COURIER_SAID, positionInputSchema } from "@/lib/contract/couriers/rules";
import { restaurantInput, setUpTestDatabase, walletCentsOf } from "../platform/testing/db";
import { paymentFor } from "../orders/testing/payment";
import { englishIssue, inEnglish } from "@/lib/contract/testing/in-english";
import { rejectionOf } from "@/lib/shared/orders/order-stages";

// Delivery jobs against a real, migrated database (SQLite, or PostgreSQL with TEST_DATABASE_URL):
// the state machine and the order it drives, dispatch to the nearest courier, accepting races,
// the owner's buttons, money (the courier's earning credited once, the ledger adding up), and
// the position rules (docs/architecture/couriers.md).

setUpTestDatabase({ DISPATCH_OFFER_SECONDS: "5", COURIER_MAX_JOBS: "2", DISPATCH_GIVE_UP_MINUTES: "10" });

const m = {
  db: (await import("../platform/db")).db,
  sql: await import("../platform/sql"),
  ledger: await import("../wallet/ledger"),
  manage: await import("../restaurants/manage"),
  create: await import("../orders/create"),
  place: await import("../orders/place"),
  accept: await import("../orders/accept"),
  reject: await import("../orders/reject"),
  ready: await import("../orders/ready"),
  out: await import("../orders/out-for-delivery"),
  deliver: await import("../orders/deliver"),
  complete: await import("../orders/complete"),
  read: await import("../orders/read"),
  incoming: await import("../orders/incoming"),
  json: await import("../orders/to-json"),
  jobAccept: await import("../courier-steps/accept"),
  decline: await import("../courier-steps/decline"),
  release: await import("../courier-steps/release"),
  arrived: await import("../courier-steps/arrived"),
  pickedUp: await import("../courier-steps/picked-up"),
  delivered: await import("../courier-steps/delivered"),
  failed: await import("../courier-steps/failed"),
  assign: await import("./assign"),
  tick: await import("./tick"),
  offer: await import("./offer"),
  offerNow: await import("./testing/offer-now"),
  positions: await import("./positions"),
  state: await import("./state"),
  jobs: await import("./read"),
  guard: await import("./guard"),
  deliveries: await import("../operators/deliveries"),
  jobWords: await import("./job-words"),
  throttle: await import("../platform/throttle"),
  check: await import("../ledger/check"),
};

const HERE = { lat: 37.7599, lng: -122.4148 };
/** About `km` north of the restaurant. */
const north = (km: number) => ({ lat: HERE.lat + km / 111.32, lng: HERE.lng });

const wallet = submitOrderSchema.parse({ deliveryOption: "standard", tipPercent: 15, paymentMethod: "wallet" });

async function customer(): Promise<User> {
  const user = await m.db.user.create({ data: { firstName: "Ada", address: "1 Main St", city: "San Francisco", state: "CA", zip: "94110", ...north(2) } });
  await m.db.$transaction((tx) => m.ledger.moveWallet(m.sql.sqlOf(tx), { userId: user.id, amountCents: 20_000, kind: "topup" }));
  return m.db.user.findUniqueOrThrow({ where: { id: user.id } });
}

async function shop() {
  const owner = await m.db.user.create({ data: { firstName: "Owner", restaurantOwner: true } });
  const restaurant = await m.manage.createRestaurant(owner, restaurantInput());
  await m.db.restaurant.update({ where: { id: restaurant.id }, data: HERE });
  const dish = await m.db.menuItem.create({
    data: { restaurantId: restaurant.id, name: "Dumplings", description: "Six.", priceCents: 1_000, foodImage: "/d.webp", foodType: "appetizer" },
  });
  return { owner, restaurant, dish };
}

/** A courier on shift at `at`, their position taken at `positionAt`. */
async function courier(at: { lat: number; lng: number }, positionAt = new Date(), name = "Dev") {
  const user = await m.db.user.create({ data: { firstName: name, courier: true } });
  await m.db.courierState.create({ data: { userId: user.id, onShift: true, ...at, positionAt } });
  return { id: user.id, firstName: name };
}

/** A placed delivery order, then accepted by the restaurant (which creates its job), and its job offered (the tick's part). */
async function acceptedOrder(now = new Date(), place?: Awaited<ReturnType<typeof shop>>) {
  const user = await customer();
  const s = place ?? (await shop());
  const active = await m.db.$transaction((tx) =>
    m.create.createOrder(m.sql.sqlOf(tx), user, { restaurantId: s.restaurant.id, items: [{ menuItemId: s.dish.id, quantity: 2 }] }),
  );
  const placed = await m.db.$transaction((tx) => m.place.placeOrder(m.sql.sqlOf(tx), user, { activeOrderId: active.id }, wallet, paymentFor(wallet)));
  const order = await m.accept.acceptOrder(s.owner, s.restaurant.id, placed.id, 15, now);
  await m.offerNow.offerNow(order.id, now);
  const job = await m.db.deliveryJob.findUniqueOrThrow({ where: { orderId: order.id } });
  return { user, ...s, order, job };
}

const jobOf = (id: number) => m.db.deliveryJob.findUniqueOrThrow({ where: { id } });
const eventsOf = async (orderId: number) =>
  (await m.db.orderEvent.findMany({ where: { orderId, stage: { not: "notification" } }, orderBy: { id: "asc" } })).map((event) => ({
    stage: event.stage,
    userId: event.userId,
    restaurantId: event.restaurantId,
    detail: event.detail ? (JSON.parse(event.detail) as unknown) : null,
  }));
/** The courier's last position is `at`, taken `ago` ms before now (as if they had ridden there). */
const standAt = (courierId: number, at: { lat: number; lng: number }, ago = 0, accuracy: number | null = null) =>
  m.db.courierState.update({ where: { userId: courierId }, data: { ...at, accuracy, positionAt: new Date(Date.now() - ago) } });
const courierLines = (courierId: number) => m.db.ledgerLine.findMany({ where: { account: `courier:${courierId}` }, include: { entry: true } });
const activeJobs = async (courierId: number) => (await m.db.courierState.findUniqueOrThrow({ where: { userId: courierId } })).activeJobs;

async function ledgerMatchesBalance(userId: number) {
  const rows = await m.db.walletTransaction.findMany({ where: { userId }, orderBy: { id: "asc" } });
  const walletCents = await walletCentsOf(m.db, userId);
  expect(rows.reduce((sum, row) => sum + row.amountCents, 0)).toBe(walletCents);
}

/** Every courier in the test is taken off shift, so earlier tests' couriers do not take later tests' offers. */
async function everyoneOffShift() {
  await m.db.courierState.updateMany({ data: { onShift: false } });
}

describe("a delivery from accept to delivered", () => {
  it("offers the nearest courier, who accepts, collects and delivers; the order follows and they are paid once", async () => {
    await everyoneOffShift();
    const near = await courier(north(0.5), new Date(), "Near");
    await courier(north(3), new Date(), "Far");
    const { user, restaurant, owner, order, job } = await acceptedOrder();
    expect(job).toMatchObject({ state: "offered", courierId: near.id, payCents: order.deliveryFeeCents + order.priorityFeeCents + order.tipCents, itemsCount: 2 });
    expect(job.dropoffAddress).toBe("1 Main St, San Francisco, CA 94110");

    const offered = await m.jobs.courierJobs(near.id);
    expect(offered).toEqual([
      expect.objectContaining({
        id: job.id,
        orderId: order.id,
        state: "offered",
        pay: job.payCents / 100,
        itemsCount: 2,
        restaurant: expect.objectContaining({ id: restaurant.id, name: restaurant.name, ...HERE }),
        // An offer: of the drop-off only its area and the trip: no street, point, name or instructions.
        dropoff: { area: "San Francisco, CA 94110", tripKm: 2 },
        distanceKm: 0.5,
        flagged: false,
      }),
    ]);
    expect(offered[0]!.offerExpiresAt).toBe(job.offerExpiresAt!.toISOString());

    // Accepted a second into the 5 s offer, whatever the machine's load made of the steps above.
    const accepted = await m.jobAccept.acceptJob(near, job.id, new Date(job.offerExpiresAt!.getTime() - 4_000));
    expect(accepted).toMatchObject({ state: "assigned", offerExpiresAt: null });
    // Accepted: the whole drop-off.
    expect(accepted.dropoff).toEqual({
      address: "1 Main St, San Francisco, CA 94110",
      customerFirstName: "Ada",
      instructions: null,
      leaveAtDoor: false,
      doorPhotoUrl: null,
      ...north(2),
    });
    expect(await activeJobs(near.id)).toBe(1);
    // The owner's buttons now answer 409.
    await m.ready.markReady(owner, restaurant.id, order.id);
    await expect(m.out.markOutForDelivery(owner, restaurant.id, order.id)).rejects.toMatchObject({ status: 409, message: m.guard.COURIER_DELIVERING });

    // 500 m from the restaurant: too far to have arrived (courier-steps/at-stop.ts); at the door, yes.
    await expect(m.arrived.arrivedAtPickup(near, job.id)).rejects.toMatchObject({
      status: 409,
      message: "You are 500 m from the restaurant: mark it arrived when you are there",
    });
    expect(await jobOf(job.id)).toMatchObject({ state: "assigned", flaggedAt: null });
    await standAt(near.id, HERE);
    await m.arrived.arrivedAtPickup(near, job.id);
    await expect(m.delivered.deliveredJob(near, job.id)).rejects.toMatchObject({
      status: 409,
      message: "This job is waiting at the restaurant, so it cannot be marked delivered",
    });
    expect(await m.pickedUp.pickedUp(near, job.id)).toMatchObject({ state: "picked_up", distanceKm: 2 });
    expect((await m.db.order.findUniqueOrThrow({ where: { id: order.id } })).stage).toBe("out_for_delivery");
    await expect(m.deliver.markDelivered(owner, restaurant.id, order.id)).rejects.toMatchObject({ status: 409, message: m.guard.COURIER_DELIVERING });

    // The customer's order JSON: the courier, the delivery with the rounded position and the arrival window; the timeline has stages only.
    const json = (await m.read.findReadableOrder(user, order.id))!.json;
    expect(json.courier).toEqual({ id: near.id, firstName: "Near" });
    expect(json.delivery).toMatchObject({ state: "picked_up", gaveUp: false, restaurant: HERE, position: { lat: 37.7599, lng: -122.4148 }, distanceKm: 2 });
    expect(json.delivery!.etaFrom! < json.delivery!.etaTo!).toBe(true);
    expect(json.timeline.map((step) => step.stage)).toEqual(["placed", "accepted", "ready", "out_for_delivery"]);

    // At the drop-off (within 250 m): two "delivered" at once: one goes through, the pay is credited once.
    await standAt(near.id, north(2.1));
    const results = await Promise.allSettled([m.delivered.deliveredJob(near, job.id), m.delivered.deliveredJob(near, job.id)]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    expect(results.find((result) => result.status === "rejected")).toMatchObject({ reason: { status: 409 } });
    const closed = await m.db.order.findUniqueOrThrow({ where: { id: order.id } });
    expect(closed.stage).toBe("delivered");
    expect(closed.closedAt).not.toBeNull();
    // The pay is the settlement's courier line (lib/server/ledger/orders.ts): once, in the courier's earnings account.
    const earnings = await m.db.ledgerLine.findMany({ where: { account: `courier:${near.id}` }, include: { entry: true } });
    expect(earnings).toEqual([expect.objectContaining({ amountCents: job.payCents, entry: expect.objectContaining({ kind: "settlement", orderId: order.id }) })]);
    await ledgerMatchesBalance(near.id);
    expect(await activeJobs(near.id)).toBe(0);
    expect((await m.state.courierSummary(near)).today).toEqual({ deliveries: 1, earnings: job.payCents / 100 });

    expect((await eventsOf(order.id)).map((event) => event.stage)).toEqual([
      "placed",
      "accepted",
      "job_offered",
      "courier_assigned",
      "ready",
      "courier_arrived",
      "out_for_delivery",
      "delivered",
    ]);
    const events = await eventsOf(order.id);
    expect(events.find((event) => event.stage === "job_offered")).toEqual({
      stage: "job_offered",
      userId: near.id,
      restaurantId: null,
      detail: { jobId: job.id, offerExpiresAt: job.offerExpiresAt!.toISOString() },
    });
    expect(events.find((event) => event.stage === "courier_assigned")).toEqual({
      stage: "courier_assigned",
      userId: user.id,
      restaurantId: restaurant.id,
      detail: { courierId: near.id, firstName: "Near" },
    });
  });

  it("a pickup order, or one whose drop-off is unknown, gets no job", async () => {
    const s = await shop();
    const user = await m.db.user.create({ data: { firstName: "Nomad" } });
    await m.db.$transaction((tx) => m.ledger.moveWallet(m.sql.sqlOf(tx), { userId: user.id, amountCents: 10_000, kind: "topup" }));
    const active = await m.db.$transaction((tx) =>
      m.create.createOrder(m.sql.sqlOf(tx), user, { restaurantId: s.restaurant.id, items: [{ menuItemId: s.dish.id, quantity: 1 }] }),
    );
    const placed = await m.db.$transaction((tx) => m.place.placeOrder(m.sql.sqlOf(tx), user, { activeOrderId: active.id }, wallet, paymentFor(wallet)));
    const order = await m.accept.acceptOrder(s.owner, s.restaurant.id, placed.id, 15);
    expect(await m.db.deliveryJob.findUnique({ where: { orderId: order.id } })).toBeNull();
    expect(m.json.incomingOrderToJson(order)).toMatchObject({ courier: null, delivery: null });
  });
});

describe("accepting races", () => {
  it("20 couriers offered the job in turn accept at once: the one it is offered to gets it, 19 get 409, and one never offered gets 404", async () => {
    await everyoneOffShift();
    const start = new Date(Date.now() + 60_000);
    // Positions dated ahead, so they stay fresh through the 20 rounds of offers.
    const couriers = [];
    for (let i = 0; i < 20; i++) couriers.push(await courier(north(0.2 + i * 0.1), new Date(start.getTime() + 100_000), `C${i}`));
    const { job } = await acceptedOrder(start);
    expect((await jobOf(job.id)).courierId).toBe(couriers[0]!.id);
    let at = start;
    for (let i = 1; i < 20; i++) {
      at = new Date(at.getTime() + 6_000);
      expect(await m.tick.expireOffers(at)).toBe(1);
      expect(await m.tick.offerWaitingJobs(at)).toBe(1);
      // Offers expire in turn and go to the next nearest, never twice to the same courier.
      expect(await jobOf(job.id)).toMatchObject({ state: "offered", courierId: couriers[i]!.id });
    }
    await everyoneOffShift();
    const stranger = await courier(north(0.1), at, "Stranger");
    const results = await Promise.allSettled([...couriers, stranger].map((c) => m.jobAccept.acceptJob(c, job.id, new Date(at.getTime() + 1_000))));
    const statuses = results.map((result) => (result.status === "fulfilled" ? 200 : (result.reason as { status: number }).status));
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses[19]).toBe(200);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    expect(statuses[20]).toBe(404);
    const losers = results.slice(0, 19).map((result) => (result as PromiseRejectedResult).reason as Error);
    expect(new Set(losers.map((error) => error.message))).toEqual(new Set([inEnglish(m.jobAccept.TAKEN_BY_ANOTHER)]));
    expect(await jobOf(job.id)).toMatchObject({ state: "assigned", courierId: couriers[19]!.id });
    expect(await activeJobs(couriers[19]!.id)).toBe(1);
  });

  it("an offer that ran out cannot be accepted (409), and a missing job is a 404", async () => {
    await everyoneOffShift();
    const c = await courier(north(0.3));
    const { job } = await acceptedOrder();
    await expect(m.jobAccept.acceptJob(c, job.id, new Date(job.offerExpiresAt!.getTime() + 1))).rejects.toMatchObject({
      status: 409,
      message: inEnglish(m.jobAccept.OFFER_EXPIRED),
    });
    await expect(m.jobAccept.acceptJob(c, 999_999)).rejects.toMatchObject({ status: 404 });
  });
});

describe("dispatch", () => {
  it("a decline offers the job at once to the next nearest; a timeout (the tick) too, and the courier hears job_withdrawn", async () => {
    await everyoneOffShift();
    const a = await courier(north(0.2), new Date(), "A");
    const b = await courier(north(0.4), new Date(), "B");
    const c = await courier(north(0.6), new Date(), "C");
    const { job, order } = await acceptedOrder();
    expect((await jobOf(job.id)).courierId).toBe(a.id);
    expect(await m.decline.declineJob(a, job.id)).toMatchObject({ state: "unassigned" });
    expect(await jobOf(job.id)).toMatchObject({ state: "offered", courierId: b.id });
    const offer = await jobOf(job.id);
    const later = new Date(offer.offerExpiresAt!.getTime() + 1);
    // (Jobs of earlier tests are in the same database: count at least this one.)
    expect(await m.tick.dispatchTick(later)).toMatchObject({ expired: expect.any(Number), offered: expect.any(Number) });
    expect(await jobOf(job.id)).toMatchObject({ state: "offered", courierId: c.id });
    expect(await m.db.deliveryOffer.findMany({ where: { jobId: job.id }, orderBy: { id: "asc" }, select: { courierId: true, answer: true } })).toEqual([
      { courierId: a.id, answer: "declined" },
      { courierId: b.id, answer: "expired" },
      { courierId: c.id, answer: null },
    ]);
    expect((await eventsOf(order.id)).filter((event) => event.stage === "job_withdrawn")).toEqual([
      { stage: "job_withdrawn", userId: b.id, restaurantId: null, detail: { jobId: job.id } },
    ]);
    // A courier with an open offer gets no second one.
    const second = await acceptedOrder();
    expect(second.job).toMatchObject({ state: "offered" });
    expect([a.id, b.id]).toContain(second.job.courierId);
  });

  it("skips couriers off shift, with a stale position, or at the job limit", async () => {
    await everyoneOffShift();
    const stale = await courier(north(0.1), new Date(Date.now() - 3 * 60_000), "Stale");
    const full = await courier(north(0.2), new Date(), "Full");
    await m.db.courierState.update({ where: { userId: full.id }, data: { activeJobs: 2 } });
    const off = await courier(north(0.3), new Date(), "Off");
    await m.state.setShift(off, false);
    const ok = await courier(north(3), new Date(), "Ok");
    const { job } = await acceptedOrder();
    expect(job.courierId).toBe(ok.id);
    expect([stale.id, full.id, off.id]).not.toContain(job.courierId);
  });

  it("ticks running at once (every process ticks) give a courier one offer: three jobs waiting, offered at once, one DeliveryOffer, one job_offered", async () => {
    await everyoneOffShift();
    const s = await shop();
    const waiting = [await acceptedOrder(undefined, s), await acceptedOrder(undefined, s), await acceptedOrder(undefined, s)];
    expect(waiting.map(({ job }) => job.state)).toEqual(["unassigned", "unassigned", "unassigned"]);
    const solo = await courier(north(0.4), new Date(), "Solo");
    // Two processes' ticks at different jobs, interleaved: the first has offered its job to the
    // courier and not yet committed when the second finds the same courier for another job. The
    // second waits for the courier's row (PostgreSQL's row lock; SQLite's one writer), then sees
    // the open offer and offers nothing.
    const [a, b] = [waiting[0]!.job, waiting[1]!.job];
    let commit!: () => void;
    const committing = new Promise<void>((resolve) => (commit = resolve));
    let offeredFirst!: () => void;
    const firstOffered = new Promise<void>((resolve) => (offeredFirst = resolve));
    const first = m.db.$transaction(async (tx) => {
      const id = await m.offer.offerJob(tx, a);
      offeredFirst();
      await committing;
      return id;
    });
    await firstOffered;
    const second = m.db.$transaction((tx) => m.offer.offerJob(tx, b));
    // Commit the first once the second is done (it must not be: it waits) or after half a second.
    await Promise.race([second, new Promise((resolve) => setTimeout(resolve, 500))]);
    commit();
    expect(await Promise.all([first, second])).toEqual([solo.id, null]);
    // Then whole ticks at once: nothing more.
    expect(await Promise.all(Array.from({ length: 3 }, () => m.tick.offerWaitingJobs()))).toEqual([0, 0, 0]);
    expect(await m.db.deliveryOffer.findMany({ where: { courierId: solo.id }, select: { answer: true } })).toEqual([{ answer: null }]);
    expect(await m.db.deliveryJob.count({ where: { courierId: solo.id, state: "offered" } })).toBe(1);
    expect(await m.db.orderEvent.count({ where: { userId: solo.id, stage: "job_offered" } })).toBe(1);
    // Later tests' ticks must not find these jobs waiting.
    await m.db.deliveryJob.updateMany({ where: { id: { in: waiting.map(({ job }) => job.id) } }, data: { state: "canceled", courierId: null, offerExpiresAt: null } });
  });

  it("gives up after DISPATCH_GIVE_UP_MINUTES once (courier_not_found) and keeps offering", async () => {
    await everyoneOffShift();
    const { job, order } = await acceptedOrder();
    expect(job).toMatchObject({ state: "unassigned", courierId: null });
    const later = new Date(job.createdAt.getTime() + 10 * 60_000 + 1);
    expect(await m.tick.giveUp(later)).toBeGreaterThanOrEqual(1);
    expect(await m.tick.giveUp(later)).toBe(0);
    expect((await jobOf(job.id)).gaveUpAt).toEqual(later);
    expect((await eventsOf(order.id)).filter((event) => event.stage === "courier_not_found")).toHaveLength(1);
    const c = await courier(north(1));
    await m.tick.offerWaitingJobs();
    expect(await jobOf(job.id)).toMatchObject({ state: "offered", courierId: c.id });
    const json = m.json.incomingOrderToJson(
      await m.incoming.getIncomingOrder(
        order.restaurant
          ? { id: (await m.db.restaurant.findUniqueOrThrow({ where: { id: order.restaurantId! } })).ownerId, guestAccount: false }
          : { id: 0, guestAccount: false },
        order.restaurantId!,
        order.id,
      ),
    );
    expect(json.delivery).toMatchObject({ state: "offered", gaveUp: true });
    expect(json.courier).toBeNull();
  });

  it("release before pickup frees the courier, tells the order's streams and offers the job to someone else", async () => {
    await everyoneOffShift();
    const a = await courier(north(0.2), new Date(), "A");
    const { job, order } = await acceptedOrder();
    await m.jobAccept.acceptJob(a, job.id);
    const b = await courier(north(0.9), new Date(), "B");
    expect(await m.release.releaseJob(a, job.id)).toMatchObject({ state: "unassigned" });
    expect(await activeJobs(a.id)).toBe(0);
    expect(await jobOf(job.id)).toMatchObject({ state: "offered", courierId: b.id });
    expect((await eventsOf(order.id)).map((event) => event.stage)).toContain("courier_released");
    // The job is no longer theirs: 409 (they were offered it), and another courier's move is a 404.
    await expect(m.arrived.arrivedAtPickup(a, job.id)).rejects.toMatchObject({ status: 409 });
    const stranger = await courier(north(9), new Date(), "Stranger");
    await expect(m.arrived.arrivedAtPickup(stranger, job.id)).rejects.toMatchObject({ status: 404 });
  });

  it("the owner assigns by hand: an open offer is withdrawn; off shift or full is a 409", async () => {
    await everyoneOffShift();
    const a = await courier(north(0.2), new Date(), "A");
    const { job, order, owner, restaurant } = await acceptedOrder();
    expect(job.courierId).toBe(a.id);
    const b = await courier(north(3), new Date(), "B");
    const listed = await m.state.nearbyCouriers(owner, restaurant.id, order.id);
    // Every courier on shift nearby, with their state: A has the open offer.
    expect(listed).toEqual([
      { id: a.id, firstName: "A", distance: "under 1 km", activeJobs: 0, state: "offered" },
      { id: b.id, firstName: "B", distance: "1-3 km", activeJobs: 0, state: "free" },
    ]);
    const off = await courier(north(1), new Date(), "Off");
    await m.state.setShift(off, false);
    await expect(m.assign.assignCourier(owner, restaurant.id, order.id, off.id)).rejects.toMatchObject({ status: 409, message: inEnglish(m.assign.COURIER_OFF_SHIFT) });
    const stranger = await m.db.user.create({ data: { firstName: "Not a courier" } });
    await expect(m.assign.assignCourier(owner, restaurant.id, order.id, stranger.id)).rejects.toMatchObject({ status: 404 });
    await expect(m.assign.assignCourier({ id: stranger.id, guestAccount: false }, restaurant.id, order.id, b.id)).rejects.toMatchObject({ status: 404 });
    await m.assign.assignCourier(owner, restaurant.id, order.id, b.id);
    expect(await jobOf(job.id)).toMatchObject({ state: "assigned", courierId: b.id });
    expect(await activeJobs(b.id)).toBe(1);
    const events = await eventsOf(order.id);
    expect(events.filter((event) => event.stage.startsWith("job_")).map(({ stage, userId, detail }) => ({ stage, userId, detail }))).toEqual([
      { stage: "job_offered", userId: a.id, detail: { jobId: job.id, offerExpiresAt: job.offerExpiresAt!.toISOString() } },
      { stage: "job_withdrawn", userId: a.id, detail: { jobId: job.id } },
      { stage: "job_offered", userId: b.id, detail: { jobId: job.id, assigned: true } },
    ]);
    await expect(m.assign.assignCourier(owner, restaurant.id, order.id, a.id)).rejects.toMatchObject({ status: 409 });
  });

  it("the owner assigns while the tick offers the same courier the same job: the owner's assignment stands, never a deadlock or a 409", async () => {
    // On PostgreSQL the two took their row locks in opposite orders (the job then the courier,
    // the courier then the job): a deadlock (503) or a 409 when the offer won the read
    // (e2e/couriers/api.spec.ts's manual assign, flaky there). SQLite runs them one after another.
    for (let round = 0; round < 6; round++) {
      await everyoneOffShift();
      const { job, order, owner, restaurant } = await acceptedOrder();
      expect(job.state).toBe("unassigned");
      const c = await courier(north(1), new Date(), `Round ${round}`);
      const [assigned] = await Promise.all([m.assign.assignCourier(owner, restaurant.id, order.id, c.id), m.tick.offerWaitingJobs()]);
      expect(assigned).toBe(order.id);
      expect(await jobOf(job.id)).toMatchObject({ state: "assigned", courierId: c.id });
      expect(await activeJobs(c.id)).toBe(1);
    }
  });
});

describe("the matching (docs/architecture/dispatch-matching.md)", () => {
  /** Earlier tests' jobs still waiting are out of the way: a tick weighs every waiting job. */
  const noOtherJobs = () =>
    m.db.deliveryJob.updateMany({ where: { state: { in: ["unassigned", "offered"] } }, data: { state: "canceled", courierId: null, offerExpiresAt: null } });
  /** Jobs of `count` accepted orders, waiting (nobody on shift when they were made). */
  async function waitingJobs(count: number, place?: Awaited<ReturnType<typeof shop>>) {
    await everyoneOffShift();
    await noOtherJobs();
    const made = [];
    for (let i = 0; i < count; i++) made.push(await acceptedOrder(undefined, place ?? (await shopAt(north(i * 3)))));
    return made;
  }
  /** A shop `at` a place. */
  async function shopAt(at: { lat: number; lng: number }) {
    const s = await shop();
    await m.db.restaurant.update({ where: { id: s.restaurant.id }, data: at });
    return s;
  }
  const cancelAll = (jobs: { job: { id: number } }[]) =>
    m.db.deliveryJob.updateMany({ where: { id: { in: jobs.map(({ job }) => job.id) } }, data: { state: "canceled", courierId: null, offerExpiresAt: null } });

  it("one tick offers several jobs to several couriers at once, each to the courier nearest it, never oldest first", async () => {
    const made = await waitingJobs(3);
    // Their restaurants stand 3 km apart, the oldest's first.
    // The courier by the newest job's restaurant, one by the oldest's, one by the middle one's.
    const byNewest = await courier(north(6.01), new Date(), "Newest");
    const byOldest = await courier(north(0.01), new Date(), "Oldest");
    const byMiddle = await courier(north(3.01), new Date(), "Middle");
    expect(await m.tick.offerWaitingJobs()).toBe(3);
    expect((await Promise.all(made.map(({ job }) => jobOf(job.id)))).map((job) => [job.state, job.courierId])).toEqual([
      ["offered", byOldest.id],
      ["offered", byMiddle.id],
      ["offered", byNewest.id],
    ]);
    // One open offer each, one job_offered each.
    for (const c of [byNewest, byOldest, byMiddle]) expect(await m.db.orderEvent.count({ where: { userId: c.id, stage: "job_offered" } })).toBe(1);
    await cancelAll(made);
  });

  it("two orders of one restaurant go to one courier as one trip, accepted together; a decline gives both back", async () => {
    await everyoneOffShift();
    const s = await shop();
    const made = await waitingJobs(2, s);
    const c = await courier(north(0.5), new Date(), "Batcher");
    expect(await m.tick.offerWaitingJobs()).toBe(2);
    const [first, second] = await Promise.all(made.map(({ job }) => jobOf(job.id)));
    expect([first!.state, second!.state, first!.courierId, second!.courierId]).toEqual(["offered", "offered", c.id, c.id]);
    expect(first!.batchId).toBe(first!.id);
    expect(second!.batchId).toBe(first!.id);
    // Declined: both wait again, neither offered back to them.
    await m.decline.declineJob(c, second!.id);
    expect((await Promise.all(made.map(({ job }) => jobOf(job.id)))).map((job) => [job.state, job.batchId])).toEqual([
      ["unassigned", null],
      ["unassigned", null],
    ]);
    // Another courier: offered both, accepts one, holds both.
    const d = await courier(north(0.4), new Date(), "Taker");
    expect(await m.tick.offerWaitingJobs()).toBe(2);
    await m.jobAccept.acceptJob(d, first!.id);
    expect((await Promise.all(made.map(({ job }) => jobOf(job.id)))).map((job) => [job.state, job.courierId])).toEqual([
      ["assigned", d.id],
      ["assigned", d.id],
    ]);
    expect(await activeJobs(d.id)).toBe(2);
    expect((await eventsOf(made[1]!.order.id)).filter((event) => event.stage === "courier_assigned")).toHaveLength(1);
    // Each customer is told their order rides with another, and about how much longer (within the matching's cap).
    const riding = async (i: number) => (await m.read.findReadableOrder(made[i]!.user, made[i]!.order.id))!.json.delivery?.ridingWith;
    for (const i of [0, 1]) {
      const told = await riding(i);
      expect(told).toEqual({ extraMinutes: (await jobOf(made[i]!.job.id)).batchExtraMinutes });
      expect(told!.extraMinutes).toBeLessThanOrEqual(8);
    }
    // One given back: the other rides alone, and says nothing of a shared trip.
    await m.release.releaseJob(d, made[1]!.job.id);
    expect(await riding(0)).toBeUndefined();
    // Holding jobs, they get no more offers (the other courier gone off shift).
    await m.state.setShift(c, false);
    const third = await acceptedOrder(undefined, s);
    expect(third.job.courierId).toBeNull();
    await cancelAll([...made, third]);
    await m.db.courierState.update({ where: { userId: d.id }, data: { activeJobs: 0 } });
  });

  it("a customer's saved allergy: never in one trip with an order holding it, and printed for the kitchen on the board's order", async () => {
    await everyoneOffShift();
    await noOtherJobs();
    const s = await shop();
    const PEANUTS = 1 << ALLERGENS.indexOf("peanuts");
    await m.db.menuItem.update({ where: { id: s.dish.id }, data: { allergens: PEANUTS } });
    const made = [await acceptedOrder(undefined, s), await acceptedOrder(undefined, s)];
    await m.db.user.update({ where: { id: made[0]!.user.id }, data: { avoidAllergens: PEANUTS } });
    const board = m.json.incomingOrderToJson(await m.incoming.getIncomingOrder(s.owner, s.restaurant.id, made[0]!.order.id));
    expect(board.allergies).toEqual(["peanuts"]);
    expect(m.json.incomingOrderToJson(await m.incoming.getIncomingOrder(s.owner, s.restaurant.id, made[1]!.order.id)).allergies).toBeUndefined();
    const c = await courier(north(0.5), new Date(), "Careful");
    // Two orders of one restaurant would ride together; the allergic customer's goes alone.
    expect(await m.tick.offerWaitingJobs()).toBe(1);
    const jobs = await Promise.all(made.map(({ job }) => jobOf(job.id)));
    expect(jobs.map((job) => [job.courierId, job.batchId])).toEqual(expect.arrayContaining([[c.id, null]]));
    expect(jobs.filter((job) => job.courierId === c.id)).toHaveLength(1);
    await cancelAll(made);
  });

  it("a courier who lets three offers run out gets no more until they tap I'm here (going on shift again)", async () => {
    await everyoneOffShift();
    await noOtherJobs();
    const s = await shop();
    const sleeper = await courier(north(0.1), new Date(), "Sleeper");
    let now = new Date();
    for (let i = 0; i < 3; i++) {
      const { job } = await acceptedOrder(now, s);
      expect(job.courierId).toBe(sleeper.id);
      now = new Date(job.offerExpiresAt!.getTime() + 1);
      await m.tick.expireOffers(now);
      await m.db.deliveryJob.update({ where: { id: job.id }, data: { state: "canceled" } });
      await standAt(sleeper.id, north(0.1));
    }
    expect((await m.state.courierSummary(sleeper)).courier.offersPaused).toBe(true);
    const { job, order, owner, restaurant } = await acceptedOrder(undefined, s);
    expect(job.courierId).toBeNull();
    expect(await m.state.nearbyCouriers(owner, restaurant.id, order.id)).toEqual([expect.objectContaining({ id: sleeper.id, state: "paused" })]);
    await m.state.setShift(sleeper, true); // "I'm here"
    expect((await m.state.courierSummary(sleeper)).courier.offersPaused).toBe(false);
    expect(await m.tick.offerWaitingJobs()).toBeGreaterThanOrEqual(1);
    expect(await jobOf(job.id)).toMatchObject({ state: "offered", courierId: sleeper.id });
    // An answer ends the run: two expiries then an accept leave them unpaused.
    await m.db.courierState.update({ where: { userId: sleeper.id }, data: { expiredStreak: 2 } });
    await m.jobAccept.acceptJob(sleeper, job.id);
    expect((await m.db.courierState.findUniqueOrThrow({ where: { userId: sleeper.id } })).expiredStreak).toBe(0);
  });

  it("ticks racing over the same couriers and jobs never offer one job to two couriers, nor a courier two offers", async () => {
    const made = await waitingJobs(4);
    for (let i = 0; i < 3; i++) await courier(north(i * 3 + 0.2), new Date(), `Racer ${i}`);
    const offered = await Promise.all(Array.from({ length: 4 }, () => m.tick.offerWaitingJobs()));
    expect(offered.reduce((a, b) => a + b, 0)).toBe(3);
    const jobs = await Promise.all(made.map(({ job }) => jobOf(job.id)));
    const couriers = jobs.filter((job) => job.state === "offered").map((job) => job.courierId);
    expect(new Set(couriers).size).toBe(3);
    expect(await m.db.deliveryOffer.count({ where: { jobId: { in: jobs.map((job) => job.id) } } })).toBe(3);
    await cancelAll(made);
  });
});

describe("orders that end without food", () => {
  it("a reject cancels the job, frees the holding courier and tells them (job_canceled)", async () => {
    await everyoneOffShift();
    const a = await courier(north(0.2));
    const { job, order, owner, restaurant } = await acceptedOrder();
    await m.jobAccept.acceptJob(a, job.id);
    await m.reject.rejectOrder(owner, restaurant.id, order.id, rejectionOf("too_busy"));
    expect(await jobOf(job.id)).toMatchObject({ state: "canceled" });
    expect(await activeJobs(a.id)).toBe(0);
    expect((await eventsOf(order.id)).filter((event) => event.stage === "job_canceled")).toEqual([
      { stage: "job_canceled", userId: a.id, restaurantId: null, detail: { jobId: job.id } },
    ]);
    expect(await m.jobs.courierJobs(a.id)).toEqual([]);
  });

  it("the owner's Out for delivery while the job still searches cancels it: the restaurant delivers", async () => {
    await everyoneOffShift();
    const { job, order, owner, restaurant } = await acceptedOrder();
    await m.ready.markReady(owner, restaurant.id, order.id);
    const out = await m.out.markOutForDelivery(owner, restaurant.id, order.id);
    expect(out.stage).toBe("out_for_delivery");
    expect(await jobOf(job.id)).toMatchObject({ state: "canceled" });
    expect(m.json.incomingOrderToJson(out).delivery).toMatchObject({ state: "canceled" });
    await m.deliver.markDelivered(owner, restaurant.id, order.id);
  });

  it("the owner's legacy Completed: 409 while a courier holds the job, and it cancels a job still searching", async () => {
    await everyoneOffShift();
    const a = await courier(north(0.2));
    const held = await acceptedOrder();
    await m.jobAccept.acceptJob(a, held.job.id);
    await expect(m.complete.closeIncomingOrder(held.owner, held.restaurant.id, held.order.id, "Completed")).rejects.toMatchObject({
      status: 409,
      message: m.guard.COURIER_DELIVERING,
    });
    await everyoneOffShift();
    const searching = await acceptedOrder();
    expect((await m.complete.closeIncomingOrder(searching.owner, searching.restaurant.id, searching.order.id, "Completed")).stage).toBe("delivered");
    expect(await jobOf(searching.job.id)).toMatchObject({ state: "canceled" });
  });

  it("a failed delivery cancels the order with the reason and refunds it; the courier is not paid", async () => {
    await everyoneOffShift();
    const a = await courier(north(0.2));
    const { job, order, user, owner, restaurant } = await acceptedOrder();
    await m.jobAccept.acceptJob(a, job.id);
    await m.arrived.arrivedAtPickup(a, job.id);
    await m.ready.markReady(owner, restaurant.id, order.id);
    await m.pickedUp.pickedUp(a, job.id);
    const note = "Nobody answered the door; see http://example.com/x";
    expect(await m.failed.failedJob(a, job.id, { reason: "unreachable", note })).toMatchObject({ state: "failed" });
    const closed = await m.db.order.findUniqueOrThrow({ where: { id: order.id } });
    // The customer reads a label from the fixed list; the courier's words are the operators' only.
    expect(closed).toMatchObject({ stage: "canceled", rejectionKey: "courierFailed", rejectionValues: '{"reason":"unreachable"}', rejectionReason: null });
    // Stored by its key, never in English; the API's words are English's, the key beside them.
    expect(await jobOf(job.id)).toMatchObject({ failureKey: "unreachable", failureReason: null, failureNote: note });
    const json = (await m.read.findReadableOrder(user, order.id))!.json;
    expect(json.delivery).toMatchObject({ state: "failed", failureReason: "Couldn't reach you", failure: { key: "unreachable" } });
    expect(JSON.stringify(json)).not.toContain("example.com");
    expect(JSON.stringify(await m.db.orderEvent.findMany({ where: { orderId: order.id } }))).not.toContain("example.com");
    expect(JSON.stringify(await m.db.notification.findMany({ where: { userId: user.id } }))).not.toContain("example.com");
    const operator = await m.db.user.create({ data: { firstName: "Op", operator: true } });
    const failedList = await m.deliveries.listAdminDeliveries(operator, { status: "failed", limit: 100, offset: 0 });
    expect(failedList.items).toContainEqual(
      expect.objectContaining({ id: job.id, failureReason: "Couldn't reach you", failure: { key: "unreachable" }, failureNote: note }),
    );
    expect(await m.db.walletTransaction.findMany({ where: { orderId: order.id }, orderBy: { id: "asc" }, select: { kind: true, amountCents: true } })).toEqual([
      { kind: "payment", amountCents: -order.totalCents },
      { kind: "refund", amountCents: order.totalCents },
    ]);
    await ledgerMatchesBalance(user.id);
    expect(await m.db.walletTransaction.count({ where: { userId: a.id } })).toBe(0);
    expect(await activeJobs(a.id)).toBe(0);
    expect((await eventsOf(order.id)).at(-1)).toMatchObject({ stage: "delivery_failed", detail: { failure: { key: "unreachable" } } });
  });
});

describe("positions", () => {
  it("off shift is a 409, faster than once a second a 429; future and too-fast points are dropped", async () => {
    const c = await courier(north(0), new Date(Date.now() - 60_000));
    await m.state.setShift(c, false);
    await expect(m.positions.reportPositions(c, [north(0)])).rejects.toMatchObject({ status: 409, message: inEnglish(m.positions.OFF_SHIFT) });
    await m.state.setShift(c, true);
    const now = new Date();
    expect(await m.positions.reportPositions(c, [{ ...north(0.01), at: new Date(now.getTime() - 500) }], now)).toEqual({ accepted: 1, dropped: 0 });
    const error = await m.positions.reportPositions(c, [north(0.02)], new Date(now.getTime() + 500)).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 429, headers: { "Retry-After": "1" } });
    const next = new Date(now.getTime() + 1_000);
    expect(
      await m.positions.reportPositions(
        c,
        [
          { ...north(0.02), at: new Date(next.getTime() - 200) },
          // 10 km in a second: dropped.
          { ...north(10), at: new Date(next.getTime() - 100) },
          // An hour ahead: dropped.
          { ...north(0.03), at: new Date(next.getTime() + 3_600_000) },
        ],
        next,
      ),
    ).toEqual({ accepted: 1, dropped: 2 });
    const state = await m.db.courierState.findUniqueOrThrow({ where: { userId: c.id } });
    expect(state.lat).toBeCloseTo(north(0.02).lat, 6);
    expect(await m.db.courierPosition.count({ where: { courierId: c.id } })).toBe(2);
    expect(positionInputSchema.safeParse({ points: Array.from({ length: 51 }, () => north(0)) }).error?.issues.map(englishIssue)[0]).toMatchObject({ path: ["points"] });
  });

  it("a point sent with its age is dated by the server's clock less that age: a phone clock 10 minutes fast changes nothing; a negative age is the future", async () => {
    const c = await courier(north(0), new Date(Date.now() - 60_000));
    const now = new Date();
    // The phone's clock runs 10 minutes fast: its `at` says so, its age (by that same clock) does not.
    const fastAt = new Date(now.getTime() + 600_000 - 2_000);
    expect(await m.positions.reportPositions(c, [{ ...north(0.01), at: fastAt, ageMs: 2_000 }], now)).toEqual({ accepted: 1, dropped: 0 });
    const state = await m.db.courierState.findUniqueOrThrow({ where: { userId: c.id } });
    expect(state.positionAt?.getTime()).toBe(now.getTime() - 2_000);
    // Without the age, that `at` is in the future: dropped, as before.
    const later = new Date(now.getTime() + 2_000);
    expect(await m.positions.reportPositions(c, [{ ...north(0.02), at: new Date(later.getTime() + 600_000) }], later)).toEqual({ accepted: 0, dropped: 1 });
    // An age below zero beyond the clocks' allowance is a point from the future: dropped.
    const after = new Date(now.getTime() + 4_000);
    expect(await m.positions.reportPositions(c, [{ ...north(0.02), ageMs: -60_000 }], after)).toEqual({ accepted: 0, dropped: 1 });
    expect(positionInputSchema.safeParse({ ...north(0), ageMs: 1.5 }).error?.issues.map(englishIssue)[0]).toMatchObject({
      path: ["ageMs"],
      message: inEnglish(COURIER_SAID.ageMs),
    });
    expect(positionInputSchema.parse({ points: [{ ...north(0), ageMs: 300 }] })).toEqual([{ ...north(0), ageMs: 300 }]);
  });

  it("at most one stored point a second whatever the batch holds; an accuracy beyond 5 km is a 400 naming it", async () => {
    const c = await courier(north(0), new Date(Date.now() - 60_000));
    const now = new Date();
    // 50 points inside one second (the same place, or moving at a walk): one stored.
    const burst = Array.from({ length: 50 }, (_, i) => ({ ...north(i * 0.00001), at: new Date(now.getTime() - 1_000 + i * 20) }));
    expect(await m.positions.reportPositions(c, burst, now)).toEqual({ accepted: 1, dropped: 49 });
    const later = new Date(now.getTime() + 10_000);
    // Ten seconds of points, five a second: one a second stored.
    const steady = Array.from({ length: 50 }, (_, i) => ({ ...north(0.001), at: new Date(later.getTime() - 9_900 + i * 200) }));
    expect(await m.positions.reportPositions(c, steady, later)).toEqual({ accepted: 10, dropped: 40 });
    expect(await m.db.courierPosition.count({ where: { courierId: c.id } })).toBe(11);
    for (const accuracy of [1e300, 5_001, -1]) {
      expect(positionInputSchema.safeParse({ ...north(0), accuracy }).error?.issues).toEqual([expect.objectContaining({ path: ["accuracy"] })]);
    }
    expect(positionInputSchema.safeParse({ ...north(0), accuracy: 5_000 }).success).toBe(true);
  });

  it("five reports at once: one is taken and the other four are a 429 (the once-a-second claim is one conditional update)", async () => {
    const c = await courier(north(0), new Date(Date.now() - 60_000));
    const now = new Date();
    const results = await Promise.allSettled(Array.from({ length: 5 }, (_, i) => m.positions.reportPositions(c, [north(0.01 * (i + 1))], now)));
    expect(results.filter((result) => result.status === "fulfilled").map((result) => result.value)).toEqual([{ accepted: 1, dropped: 0 }]);
    expect(results.flatMap((result) => (result.status === "rejected" ? [(result.reason as { status: number }).status] : []))).toEqual([429, 429, 429, 429]);
    expect(await m.db.courierPosition.count({ where: { courierId: c.id } })).toBe(1);
  });

  it("a courier carrying food sends its rounded position to that order only; the sweep deletes old positions and their events", async () => {
    await everyoneOffShift();
    const a = await courier(north(0.2), new Date(Date.now() - 5_000));
    const { job, order, owner, restaurant } = await acceptedOrder();
    await m.jobAccept.acceptJob(a, job.id);
    await m.ready.markReady(owner, restaurant.id, order.id);
    const first = new Date();
    await m.positions.reportPositions(a, [{ lat: 37.761234, lng: -122.414876 }], first);
    expect((await eventsOf(order.id)).filter((event) => event.stage === "courier_position")).toEqual([]);
    await m.arrived.arrivedAtPickup(a, job.id);
    await m.pickedUp.pickedUp(a, job.id);
    const second = new Date(first.getTime() + 10_000);
    await m.positions.reportPositions(a, [{ lat: 37.762345, lng: -122.414876 }], second);
    // With when it was taken: the order's arrival estimate counts from it on the page as on the server (lib/shared/delivery/arrival.ts).
    expect((await eventsOf(order.id)).filter((event) => event.stage === "courier_position")).toEqual([
      {
        stage: "courier_position",
        userId: order.userId,
        restaurantId: order.restaurantId,
        detail: { lat: 37.7623, lng: -122.4149, positionAt: second.toISOString() },
      },
    ]);
    expect(await m.positions.prunePositions(new Date(first.getTime() + 60_000))).toBeGreaterThanOrEqual(2);
    expect(await m.db.courierPosition.count({ where: { courierId: a.id } })).toBe(0);
    expect((await eventsOf(order.id)).filter((event) => event.stage === "courier_position")).toEqual([]);
  });

  it("going off shift while holding a job is a 409; going off withdraws an open offer", async () => {
    await everyoneOffShift();
    const a = await courier(north(0.2));
    const { job } = await acceptedOrder();
    expect(job.courierId).toBe(a.id);
    await m.state.setShift(a, false);
    expect(await jobOf(job.id)).toMatchObject({ state: "unassigned", courierId: null });
    await m.state.setShift(a, true);
    await m.positions.reportPositions(a, [north(0.2)]);
    await m.tick.offerWaitingJobs();
    // Offered this job in the last 5 minutes: not again yet.
    expect(await jobOf(job.id)).toMatchObject({ state: "unassigned" });
    const other = await acceptedOrder();
    await m.jobAccept.acceptJob(a, other.job.id);
    await expect(m.state.setShift(a, false)).rejects.toMatchObject({ status: 409, message: m.state.HOLDING_JOBS });
  });
});

describe("steps at a stop: a recent position near the stop, or flagged and the pay held for an operator", () => {
  /** A job picked up by a courier standing at the restaurant. */
  async function pickedUpJob(name: string) {
    await everyoneOffShift();
    const c = await courier(HERE, new Date(), name);
    const placed = await acceptedOrder();
    expect(placed.job.courierId).toBe(c.id);
    await m.jobAccept.acceptJob(c, placed.job.id);
    await m.arrived.arrivedAtPickup(c, placed.job.id);
    await m.ready.markReady(placed.owner, placed.restaurant.id, placed.order.id);
    await m.pickedUp.pickedUp(c, placed.job.id);
    return { c, ...placed };
  }
  const operator = () => m.db.user.create({ data: { firstName: "Op", operator: true } });
  const problems = () => m.db.$transaction((tx) => m.check.ledgerProblems(m.sql.sqlOf(tx)));

  it("delivered from 1.5 km away: refused; confirmed, the order is delivered but the courier is paid only when an operator approves", async () => {
    const { c, job, order, user } = await pickedUpJob("Faraway");
    await standAt(c.id, north(0.5), 0, 20);
    await expect(m.delivered.deliveredJob(c, job.id)).rejects.toMatchObject({
      status: 409,
      message: "You are 1.5 km from the drop-off: mark it delivered when you are there",
      errors: { position: "You are 1.5 km from the drop-off: mark it delivered when you are there" },
    });
    expect(await jobOf(job.id)).toMatchObject({ state: "picked_up", flaggedAt: null });

    expect(await m.delivered.deliveredJob(c, job.id, new Date(), true)).toMatchObject({ state: "delivered", flagged: true });
    expect((await m.db.order.findUniqueOrThrow({ where: { id: order.id } })).stage).toBe("delivered");
    const flagged = await jobOf(job.id);
    expect(flagged.flaggedAt).not.toBeNull();
    expect(flagged).toMatchObject({ flagReason: null, flags: JSON.stringify([{ key: "away", values: { step: "delivered", distance: 1498, accuracy: 20 } }]) });
    // Not paid: the courier's share waits in clearing.
    expect(await courierLines(c.id)).toEqual([]);
    expect((await m.state.courierSummary(c)).today).toEqual({ deliveries: 1, earnings: 0 });
    expect(await problems()).toEqual([]);

    const op = await operator();
    const listed = await m.deliveries.listAdminDeliveries(op, { limit: 100, offset: 0 });
    expect(listed.items[0]).toMatchObject({
      id: job.id,
      payDecision: null,
      flagReason: "delivered 1498 m from the drop-off (position accuracy 20 m)",
      flags: [{ key: "away", values: { step: "delivered", distance: 1498, accuracy: 20 } }],
      courier: { id: c.id, name: "Faraway" },
    });
    await expect(m.deliveries.decideDeliveryPay({ id: c.id, firstName: "Faraway" }, job.id, { action: "approve", reason: "Mine" })).rejects.toMatchObject({
      status: 403,
    });
    // Two decisions at once: one.
    const results = await Promise.allSettled([
      m.deliveries.decideDeliveryPay(op, job.id, { action: "approve", reason: "The customer confirmed it" }),
      m.deliveries.decideDeliveryPay(op, job.id, { action: "refuse", reason: "No proof" }),
    ]);
    const won = results.flatMap((r) => (r.status === "fulfilled" ? [r.value] : []));
    expect(won).toHaveLength(1);
    expect(results.find((r) => r.status === "rejected")).toMatchObject({ reason: { status: 409, message: inEnglish(m.deliveries.NOT_WAITING) } });
    if (won[0]!.payDecision === "approved") {
      expect(await courierLines(c.id)).toEqual([
        expect.objectContaining({ amountCents: job.payCents, entry: expect.objectContaining({ kind: "settlement", orderId: order.id }) }),
      ]);
    } else {
      expect(await courierLines(c.id)).toEqual([]);
    }
    expect(await m.db.auditLog.count({ where: { targetType: "delivery", targetId: job.id } })).toBe(1);
    expect(await problems()).toEqual([]);
    await ledgerMatchesBalance(user.id);
  });

  it("a refusal gives the held pay back to the customer's wallet; delivered at the drop-off is paid at once, as before", async () => {
    const { c, job, user } = await pickedUpJob("Refused");
    const paid = await walletCentsOf(m.db, user.id);
    await standAt(c.id, north(2), 3 * 60_000);
    // A position older than 2 minutes does not count, even at the door.
    await expect(m.delivered.deliveredJob(c, job.id)).rejects.toMatchObject({
      status: 409,
      message: "Nosh has no recent position for you: allow location for this site and keep the app open, then mark it delivered again",
    });
    await m.delivered.deliveredJob(c, job.id, new Date(), true);
    expect((await jobOf(job.id)).flags).toBe(JSON.stringify([{ key: "noPosition", values: { step: "delivered" } }]));
    const op = await operator();
    expect(await m.deliveries.decideDeliveryPay(op, job.id, { action: "refuse", reason: "No proof of delivery" })).toEqual({
      id: job.id,
      payDecision: "refused",
      amount: job.payCents / 100,
    });
    expect(await courierLines(c.id)).toEqual([]);
    expect(await walletCentsOf(m.db, user.id)).toBe(paid + job.payCents);
    await ledgerMatchesBalance(user.id);
    expect(await problems()).toEqual([]);

    // At the door, with a fresh position (its accuracy widens the margin: 400 m away, accuracy 200 m): paid at once.
    const next = await pickedUpJob("AtTheDoor");
    await standAt(next.c.id, north(2.4), 0, 200);
    expect(await m.delivered.deliveredJob(next.c, next.job.id)).toMatchObject({ state: "delivered", flagged: false });
    expect(await courierLines(next.c.id)).toEqual([expect.objectContaining({ amountCents: next.job.payCents })]);
    await expect(m.deliveries.decideDeliveryPay(op, next.job.id, { action: "approve", reason: "Not flagged" })).rejects.toMatchObject({ status: 404 });
  });

  it("the fix the step sends (the one the card measures from) counts when fresh: a report 1.2 km back does not refuse it", async () => {
    const door = north(2);
    const { c, job } = await pickedUpJob("Teleport");
    // The last report the server took: 1.2 km back, 5 seconds ago (the phone's newer fixes still on their way).
    await standAt(c.id, north(0.8), 5_000, 10);
    await expect(m.delivered.deliveredJob(c, job.id)).rejects.toMatchObject({
      status: 409,
      message: "You are 1.2 km from the drop-off: mark it delivered when you are there",
    });
    // A fix older than 2 minutes, one from the future, or one older than the report: the report stands.
    for (const ageMs of [3 * 60_000, -60_000, 30_000]) {
      await expect(m.delivered.deliveredJob(c, job.id, new Date(), false, null, { ...door, accuracy: 8, ageMs })).rejects.toMatchObject({ status: 409 });
    }
    // The phone's newest fix, at the door: delivered, not flagged. 1.2 km in 4 s is no ride: the track keeps the report.
    expect(await m.delivered.deliveredJob(c, job.id, new Date(), false, null, { ...door, accuracy: 8, ageMs: 1_000 })).toMatchObject({
      state: "delivered",
      flagged: false,
    });
    expect(await courierLines(c.id)).toEqual([expect.objectContaining({ amountCents: job.payCents })]);
    expect(await m.db.courierState.findUniqueOrThrow({ where: { userId: c.id } })).toMatchObject(north(0.8));

    // A fix the track's rules take (300 m in 20 s) is kept as the courier's position too; arrived counts it the same way.
    const next = await pickedUpJob("Riding");
    await standAt(next.c.id, north(1.7), 20_000);
    await m.delivered.deliveredJob(next.c, next.job.id, new Date(), false, null, { ...door, accuracy: 8, ageMs: 0 });
    expect(await m.db.courierState.findUniqueOrThrow({ where: { userId: next.c.id } })).toMatchObject({ ...door, accuracy: 8 });
    expect(await m.db.courierPosition.count({ where: { courierId: next.c.id, lat: door.lat } })).toBe(1);
    await everyoneOffShift();
    const early = await courier(north(0.2), new Date(Date.now() - 30_000), "Arriving");
    const { job: toRestaurant } = await acceptedOrder();
    await m.jobAccept.acceptJob(early, toRestaurant.id);
    await standAt(early.id, north(0.5), 30_000);
    expect(await m.arrived.arrivedAtPickup(early, toRestaurant.id, new Date(), false, { ...HERE, accuracy: 5, ageMs: 500 })).toMatchObject({
      state: "at_pickup",
      flagged: false,
    });
  });

  it("arrived and picked up away from the restaurant: refused, or confirmed and flagged", async () => {
    await everyoneOffShift();
    const c = await courier(north(0.2), new Date(), "Early");
    const { job } = await acceptedOrder();
    await m.jobAccept.acceptJob(c, job.id);
    await standAt(c.id, north(1));
    await expect(m.arrived.arrivedAtPickup(c, job.id)).rejects.toMatchObject({
      status: 409,
      errors: { position: "You are 1000 m from the restaurant: mark it arrived when you are there" },
    });
    await m.arrived.arrivedAtPickup(c, job.id, new Date(), true);
    await expect(m.pickedUp.pickedUp(c, job.id)).rejects.toMatchObject({
      status: 409,
      errors: { position: "You are 1000 m from the restaurant: mark it picked up when you are there" },
    });
    await m.pickedUp.pickedUp(c, job.id, new Date(), { confirm: true, handedOver: true });
    expect(m.jobWords.flagReasonOf(await jobOf(job.id))).toBe(
      "arrived 999 m from the restaurant (position accuracy 0 m); picked up 999 m from the restaurant (position accuracy 0 m)",
    );
    // Flagged before the door: delivered at the door still waits for an operator.
    await standAt(c.id, north(2));
    expect(await m.delivered.deliveredJob(c, job.id)).toMatchObject({ state: "delivered", flagged: true });
    expect(await courierLines(c.id)).toEqual([]);
  });
});

describe("the owner's courier list", () => {
  it("only for an order of theirs waiting for a courier, in bands from a grid cell: no set of restaurants locates a courier", async () => {
    await everyoneOffShift();
    const { owner, restaurant, order, job } = await acceptedOrder();
    expect(job.state).toBe("unassigned");
    const c = await courier(north(0.3), new Date(), "Banded");
    expect(await m.state.nearbyCouriers(owner, restaurant.id, order.id)).toEqual([
      { id: c.id, firstName: "Banded", distance: "under 1 km", activeJobs: 0, state: "free" },
    ]);
    // Anywhere in one grid cell, every restaurant sees the same answer: moving within it changes nothing.
    for (const spot of [north(0.31), { lat: north(0.3).lat, lng: HERE.lng + 0.004 }]) {
      await standAt(c.id, spot);
      expect((await m.state.nearbyCouriers(owner, restaurant.id, order.id))[0]!.distance).toBe("under 1 km");
    }
    const other = await acceptedOrder();
    await m.db.deliveryJob.update({ where: { id: other.job.id }, data: { state: "canceled" } });
    await expect(m.state.nearbyCouriers(other.owner, other.restaurant.id, other.order.id)).rejects.toMatchObject({
      status: 409,
      message: inEnglish(m.state.NOT_WAITING_FOR_COURIER),
    });
    await expect(m.state.nearbyCouriers(other.owner, restaurant.id, order.id)).rejects.toMatchObject({ status: 404 });
    await expect(m.state.nearbyCouriers(owner, restaurant.id, other.order.id)).rejects.toMatchObject({ status: 404 });
  });

  it("25 reads at once by one account: 20 answered, 5 are a 429 (COURIER_LIST_PER_MINUTE)", async () => {
    const { owner, restaurant, order } = await acceptedOrder();
    const results = await Promise.allSettled(Array.from({ length: 25 }, () => m.state.nearbyCouriers(owner, restaurant.id, order.id)));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(20);
    expect(results.flatMap((r) => (r.status === "rejected" ? [(r.reason as { status: number }).status] : []))).toEqual([429, 429, 429, 429, 429]);
  });
});

describe("query plans (SQLite)", () => {
  const plan = async (text: string, params: unknown[]) =>
    (await m.db.$queryRawUnsafe<{ detail: string }[]>(`EXPLAIN QUERY PLAN ${text}`, ...params)).map((row) => row.detail);
  /** A full walk of a table (SCAN, with or without an index) is what must not happen. */
  const scans = (details: string[]) => details.filter((detail) => /^SCAN (?!CONSTANT)/.test(detail));

  it.skipIf(process.env.TEST_DATABASE_URL?.startsWith("postgres"))(
    "the nearest-courier search, the courier's jobs and the orders' deliveries read through indexes",
    async () => {
      const offer = await import("./queries/couriers");
      const { text, params } = offer.couriersNearSql(HERE, new Date(), 400, offer.MAY_BE_OFFERED);
      expect(scans(await plan(text, params))).toEqual([]);
      expect(scans(await plan(`SELECT "id" FROM "DeliveryJob" WHERE "courierId" = ? AND "state" = 'picked_up'`, [1]))).toEqual([]);
      expect(
        scans(await plan(`SELECT "id" FROM "DeliveryJob" WHERE "state" = 'offered' AND "offerExpiresAt" <= ? ORDER BY "offerExpiresAt" LIMIT 100`, [new Date()])),
      ).toEqual([]);
      expect(scans(await plan(`SELECT "id" FROM "DeliveryJob" WHERE "orderId" IN (?, ?, ?)`, [1, 2, 3]))).toEqual([]);
    },
  );
});

describe("the dispatch tick and the event loop", () => {
  it("a tick over several expired offers lets the event loop run between one offer and the next", async () => {
    await everyoneOffShift();
    const start = new Date(Date.now() + 60_000);
    for (let i = 0; i < 3; i++) await courier(north(0.2 + i * 0.1), new Date(start.getTime() + 100_000), `L${i}`);
    const jobs = [];
    for (let i = 0; i < 3; i++) jobs.push((await acceptedOrder(start)).job);
    for (const job of jobs) expect((await jobOf(job.id)).state).toBe("offered");
    // A setImmediate callback runs only when the loop goes round: counted while the pass runs.
    let turns = 0;
    let running = true;
    const spin = () => setImmediate(() => running && (turns++, spin()));
    spin();
    const expired = await m.tick.expireOffers(new Date(start.getTime() + 6_000));
    running = false;
    // Ours, and any an earlier test left offered.
    expect(expired).toBeGreaterThanOrEqual(3);
    for (const job of jobs) expect((await jobOf(job.id)).state).toBe("unassigned");
    expect(turns).toBeGreaterThanOrEqual(expired - 1);
    await everyoneOffShift();
  });
});

describe("the matching costed in turns", () => {
  it("gives the offers of the whole matching at once: 40 jobs, 300 couriers, each job keeping its 40 cheapest", async () => {
    const { matchOffers } = await import("@/lib/shared/delivery/dispatch-matching.mjs");
    const now = Date.now();
    // A fixed spread (no randomness): jobs and couriers on a grid around HERE, some couriers busy.
    const near = (i: number, n: number) => ({ lat: HERE.lat + ((i * 7) % n) / n / 60, lng: HERE.lng + ((i * 13) % n) / n / 60 });
    const jobs = Array.from({ length: 40 }, (_, i) => ({
      id: i + 1,
      restaurantId: (i % 9) + 1,
      pickup: near(i, 40),
      dropoff: near(i + 17, 40),
      createdAt: now - ((i * 37) % 600) * 1000,
      readyAt: now + ((i * 53) % 900) * 1000,
    }));
    const couriers = Array.from({ length: 300 }, (_, i) => ({ id: i + 1, at: near(i * 3, 300), capacity: i % 4 ? 2 : 1, busySeconds: (i % 5) * 60 }));
    const inTurns = await m.offer.matchInTurns(jobs, couriers, now);
    expect(inTurns.length).toBeGreaterThan(5);
    expect(inTurns).toEqual(matchOffers(m.offer.jobsDue(jobs, couriers, now), couriers, now));
  });
});
