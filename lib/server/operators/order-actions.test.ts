import { describe, expect, it } from "vitest";
import type { User } from "@/lib/generated/prisma/client";
import { orderActionSchema } from "@/lib/contract/operators/rules";
import { submitOrderSchema } from "@/lib/contract/orders/checkout-rules";
import { restaurantInput, setUpTestDatabase, walletCentsOf } from "../platform/testing/db";
import { paymentFor } from "../orders/testing/payment";
import { inEnglish } from "@/lib/contract/testing/in-english";

// The operator's orders on a real, migrated database (docs/architecture/operator.md "Orders"):
// "needs attention" finds orders ready or out too long with no courier (and not one a courier
// holds); a partial refund goes through the ledger's refund planner, never beyond what came in;
// a cancel refunds the rest in full; a reassignment frees the courier and offers the job again;
// each writes its audit row, and an operator's own order is refused with none.

setUpTestDatabase({ DISPATCH_OFFER_SECONDS: "30", LATE_PICKUP_MINUTES: "5" });

const m = {
  db: (await import("../platform/db")).db,
  sql: await import("../platform/sql"),
  ledger: await import("../wallet/ledger"),
  manage: await import("../restaurants/manage"),
  create: await import("../orders/create"),
  place: await import("../orders/place"),
  accept: await import("../orders/accept"),
  offerNow: await import("../dispatch/testing/offer-now"),
  ready: await import("../orders/ready"),
  out: await import("../orders/out-for-delivery"),
  jobAccept: await import("../courier-steps/accept"),
  check: await import("../ledger/check"),
  orders: await import("./orders"),
  detail: await import("./order-detail"),
  actions: await import("./order-actions"),
  dashboard: await import("./dashboard"),
};
const { db } = m;

const HERE = { lat: 37.7599, lng: -122.4148 };
const north = (km: number) => ({ lat: HERE.lat + km / 111.32, lng: HERE.lng });
const MIN = 60_000;
const wallet = submitOrderSchema.parse({ deliveryOption: "standard", tipPercent: 15, paymentMethod: "wallet" });
const card = submitOrderSchema.parse({ deliveryOption: "standard", tipPercent: 15, paymentMethod: "card" });

const operator = () => db.user.create({ data: { firstName: "Nia", operator: true } });

async function customer(): Promise<User> {
  const user = await db.user.create({ data: { firstName: "Ada", address: "1 Main St", city: "San Francisco", state: "CA", zip: "94110", ...north(2) } });
  await db.$transaction((tx) => m.ledger.moveWallet(m.sql.sqlOf(tx), { userId: user.id, amountCents: 20_000, kind: "topup" }));
  return db.user.findUniqueOrThrow({ where: { id: user.id } });
}

async function shop(ownerId?: number) {
  const owner = ownerId ? await db.user.findUniqueOrThrow({ where: { id: ownerId } }) : await db.user.create({ data: { firstName: "Owner", restaurantOwner: true } });
  const restaurant = await m.manage.createRestaurant(owner, restaurantInput("Stuck Noodle Bar"));
  await db.restaurant.update({ where: { id: restaurant.id }, data: HERE });
  const dish = await db.menuItem.create({
    data: { restaurantId: restaurant.id, name: "Dumplings", description: "Six.", priceCents: 1_000, foodImage: "/d.webp", foodType: "appetizer" },
  });
  return { owner, restaurant, dish };
}
type Shop = Awaited<ReturnType<typeof shop>>;

async function placed(s: Shop, user: User, submit = wallet) {
  const active = await db.$transaction((tx) =>
    m.create.createOrder(m.sql.sqlOf(tx), user, { restaurantId: s.restaurant.id, items: [{ menuItemId: s.dish.id, quantity: 2 }] }),
  );
  return db.$transaction((tx) => m.place.placeOrder(m.sql.sqlOf(tx), user, { activeOrderId: active.id }, submit, paymentFor(submit)));
}

/** Accepted at `at`, ready a minute later; `out`: the owner sends it out themselves (its job canceled). */
async function stuck(s: Shop, user: User, at: Date, out = false) {
  const order = await placed(s, user);
  await m.accept.acceptOrder(s.owner, s.restaurant.id, order.id, 15, at);
  await m.ready.markReady(s.owner, s.restaurant.id, order.id, new Date(at.getTime() + MIN));
  if (out) await m.out.markOutForDelivery(s.owner, s.restaurant.id, order.id, new Date(at.getTime() + 2 * MIN));
  return order;
}

const auditOf = (targetId: number) => db.auditLog.findMany({ where: { targetType: "order", targetId }, orderBy: { id: "asc" } });
const refund = (amount: string, nosh?: boolean) => orderActionSchema.parse({ action: "refund", amount, reason: "Cold food", ...(nosh ? { nosh } : {}) });

describe("needs attention", () => {
  it("lists orders ready or out too long with no courier, longest waiting first, and not one a courier holds", async () => {
    await db.courierState.updateMany({ data: { onShift: false } });
    const nia = await operator();
    const s = await shop();
    const user = await customer();
    const now = new Date();
    const out = await stuck(s, user, new Date(now.getTime() - 55 * MIN), true);
    const ready = await stuck(s, user, new Date(now.getTime() - 12 * MIN));
    const fresh = await stuck(s, user, new Date(now.getTime() - 2 * MIN));
    // A courier holds this one's job: not the operator's problem.
    const held = await stuck(s, user, new Date(now.getTime() - 40 * MIN));
    const rider = await db.user.create({ data: { firstName: "Dev", courier: true } });
    await db.courierState.create({ data: { userId: rider.id, onShift: true, ...HERE, positionAt: now } });
    const job = await db.deliveryJob.findUniqueOrThrow({ where: { orderId: held.id } });
    await db.deliveryJob.update({ where: { id: job.id }, data: { state: "offered", courierId: rider.id, offerExpiresAt: new Date(now.getTime() + MIN) } });
    await db.deliveryOffer.create({ data: { jobId: job.id, courierId: rider.id, offeredAt: now } });
    await m.jobAccept.acceptJob({ id: rider.id, firstName: "Dev" }, job.id, now);

    const page = await m.orders.listAdminOrders(nia, { attention: "1", limit: 50, offset: 0 }, now);
    const mine = page.items.filter((o) => [out.id, ready.id, fresh.id, held.id].includes(o.id));
    expect(mine.map((o) => [o.id, o.attention?.reason])).toEqual([
      [out.id, "Out for delivery with no courier"],
      [ready.id, "Ready with no courier"],
    ]);
    const tile = (await m.dashboard.dashboard(nia, now)).tiles.find((t) => t.key === "needsAttention")!;
    expect(tile.value).toBeGreaterThanOrEqual(2);
    expect(tile.href).toBe("/admin/orders?attention=1");
    // The order's page says it too.
    expect((await m.detail.operatorOrderDetail(nia, out.id, now)).attention).toMatchObject({ reason: "Out for delivery with no courier" });
  });

  it("finds orders by number, customer email or name, and restaurant name", async () => {
    const nia = await operator();
    const s = await shop();
    const user = await db.user.update({ where: { id: (await customer()).id }, data: { email: `zelda.q${Date.now()}@example.com`, lastName: "Quartz" } });
    const order = await placed(s, user);
    const find = async (q: string) => (await m.orders.listAdminOrders(nia, { q, limit: 100, offset: 0 })).items.map((o) => o.id);
    expect(await find(`#${order.id}`)).toContain(order.id);
    expect(await find(user.email!.slice(0, 12))).toContain(order.id);
    expect(await find("Ada Quartz")).toContain(order.id);
    expect(await find("Stuck Noodle")).toContain(order.id);
    expect(await find("no such thing at all")).not.toContain(order.id);
    const byRestaurant = await m.orders.listAdminOrders(nia, { restaurantId: s.restaurant.id, limit: 100, offset: 0 });
    expect(byRestaurant.items.map((o) => o.id)).toEqual([order.id]);
  });
});

describe("an operator's refund, cancel and reassignment", () => {
  it("refunds part of a stuck order through the refund planner, never beyond what came in; cancel refunds the rest; each is audited", async () => {
    const nia = await operator();
    const s = await shop();
    const user = await customer();
    const order = await stuck(s, user, new Date(Date.now() - 60 * MIN), true);
    const before = await walletCentsOf(db, user.id);
    expect((await m.detail.operatorOrderDetail(nia, order.id)).refundable).toBe(order.totalCents / 100);

    expect(await m.actions.actOnOrder(nia, order.id, refund("5.00"))).toMatchObject({ id: order.id, action: "refund", amountCents: 500 });
    expect(await walletCentsOf(db, user.id)).toBe(before + 500);
    // More than is left: 400 naming the field and the most that is left, nothing moves.
    await expect(m.actions.actOnOrder(nia, order.id, refund("500"))).rejects.toMatchObject({
      status: 400,
      errors: { amount: `At most $${((order.totalCents - 500) / 100).toFixed(2)} is left to refund on this order` },
    });
    expect(await walletCentsOf(db, user.id)).toBe(before + 500);
    const detail = await m.detail.operatorOrderDetail(nia, order.id);
    expect(detail.refundable).toBe((order.totalCents - 500) / 100);
    expect(detail.ledger.map((e) => e.kind)).toEqual(["payment", "refund"]);
    expect(detail.timeline.map((e) => e.stage)).toEqual(expect.arrayContaining(["placed", "accepted", "ready", "out_for_delivery"]));

    // Cancel: the rest back in full, the order canceled with Nosh's reason; again: 409.
    await m.actions.actOnOrder(nia, order.id, { action: "cancel", reason: "Never arrived" });
    expect(await walletCentsOf(db, user.id)).toBe(before + order.totalCents);
    expect(await db.order.findUniqueOrThrow({ where: { id: order.id } })).toMatchObject({ stage: "canceled", rejectionKey: "operatorCanceled", rejectionReason: null });
    await expect(m.actions.actOnOrder(nia, order.id, { action: "cancel", reason: "Twice" })).rejects.toMatchObject({ status: 409 });
    await expect(m.actions.actOnOrder(nia, order.id, refund("1.00"))).rejects.toMatchObject({ status: 409, message: inEnglish(m.actions.NOTHING_TO_REFUND) });
    expect((await auditOf(order.id)).map((a) => a.action)).toEqual(["order.refund", "order.cancel"]);
    expect(await m.check.ledgerProblems(m.sql.sqlOf(db))).toEqual([]);
  });

  it("a refused amount names the most that is left in the order's own currency", () => {
    expect(inEnglish(m.actions.overRefundable(3_299, "USD"))).toBe("At most $32.99 is left to refund on this order");
    expect(inEnglish(m.actions.overRefundable(3_299, "MXN"))).toBe("At most MX$32.99 is left to refund on this order");
    expect(inEnglish(m.actions.overRefundable(3_299, "JPY"))).toBe("At most ¥3,299 is left to refund on this order");
  });

  it("refuses to refund money that never came in (a card not captured yet), and an operator's own order, with no audit row", async () => {
    const nia = await operator();
    const s = await shop();
    const cardOrder = await placed(s, await customer(), card);
    await expect(m.actions.actOnOrder(nia, cardOrder.id, refund("1.00"))).rejects.toMatchObject({ status: 409, message: inEnglish(m.actions.NOTHING_TO_REFUND) });
    const own = await shop(nia.id);
    const mine = await placed(own, await customer());
    await expect(m.actions.actOnOrder(nia, mine.id, { action: "cancel", reason: "Mine" })).rejects.toMatchObject({
      status: 403,
      message: inEnglish(m.actions.OWN_ORDER),
    });
    expect(await db.order.findUniqueOrThrow({ where: { id: mine.id } })).toMatchObject({ stage: "placed" });
    expect([...(await auditOf(cardOrder.id)), ...(await auditOf(mine.id))]).toEqual([]);
  });

  it("reassigns a delivery: the courier holding it is freed and the job is offered to someone else", async () => {
    await db.courierState.updateMany({ data: { onShift: false } });
    const nia = await operator();
    const s = await shop();
    const first = await db.user.create({ data: { firstName: "First", courier: true } });
    await db.courierState.create({ data: { userId: first.id, onShift: true, ...north(0.2), positionAt: new Date() } });
    const order = await placed(s, await customer());
    await m.accept.acceptOrder(s.owner, s.restaurant.id, order.id, 15);
    await m.offerNow.offerNow(order.id);
    const job = await db.deliveryJob.findUniqueOrThrow({ where: { orderId: order.id } });
    expect(job).toMatchObject({ state: "offered", courierId: first.id });
    await m.jobAccept.acceptJob({ id: first.id, firstName: "First" }, job.id);
    const second = await db.user.create({ data: { firstName: "Second", courier: true } });
    await db.courierState.create({ data: { userId: second.id, onShift: true, ...north(0.5), positionAt: new Date() } });

    await m.actions.actOnOrder(nia, order.id, { action: "reassign", reason: "First courier is not moving" });
    expect(await db.deliveryJob.findUniqueOrThrow({ where: { id: job.id } })).toMatchObject({ state: "offered", courierId: second.id });
    expect((await db.courierState.findUniqueOrThrow({ where: { userId: first.id } })).activeJobs).toBe(0);
    expect((await auditOf(order.id)).map((a) => a.action)).toEqual(["order.reassign"]);
    await db.courierState.updateMany({ data: { onShift: false } });
  });
});
