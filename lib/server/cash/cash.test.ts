import { describe, expect, it } from "vitest";
import { submitOrderSchema } from "@/lib/contract/orders/checkout-rules";
import { setUpTestDatabase } from "../platform/testing/db";

// Cash at the door (docs/architecture/ledger.md "Cash at the door"), on a real migrated database (SQLite, and PostgreSQL
// through e2e/runners/test-postgres.mjs): the checkout's cash and its refusals, the courier's
// collection (once, however many taps), the ledger (the courier's cash account owes the total, the
// delivery split as for a card, no money created), deposits and the deduction at a payout under
// concurrency, the dispatch's cash limit, a refusal and the card-only limit, a problem report's
// refund to the wallet, and the liability equal to the undeposited cash.

setUpTestDatabase();

const m = {
  db: (await import("../platform/db")).db,
  sql: await import("../platform/sql"),
  post: await import("../ledger/post"),
  check: await import("../ledger/check"),
  refund: await import("../ledger/refund"),
  fixtures: await import("../platform/testing/fixtures"),
  create: await import("../orders/create"),
  place: await import("../orders/place"),
  payAndPlace: await import("../orders/pay-and-place"),
  accept: await import("../orders/accept"),
  offerNow: await import("../dispatch/testing/offer-now"),
  jobAccept: await import("../courier-steps/accept"),
  decline: await import("../courier-steps/decline"),
  arrived: await import("../courier-steps/arrived"),
  pickedUp: await import("../courier-steps/picked-up"),
  delivered: await import("../courier-steps/delivered"),
  cashSteps: await import("../courier-steps/cash"),
  admin: await import("./admin"),
  payouts: await import("../payouts/courier"),
  assign: await import("../dispatch/assign"),
};

const HERE = { lat: 37.7599, lng: -122.4148 };
const DOOR = { lat: HERE.lat + 0.01, lng: HERE.lng };
const LATER = () => new Date(Date.now() + 30 * 86_400_000);
const checkout = (body: Record<string, unknown>) => submitOrderSchema.parse({ deliveryOption: "standard", tipPercent: 15, paymentMethod: "cash", ...body });
const balance = (id: string) => m.sql.sqlTransaction((sql) => m.post.balanceOf(sql, id));
const ledgerProblems = () => m.sql.sqlTransaction((sql) => m.check.ledgerProblems(sql));
const operator = async () => m.db.user.create({ data: { firstName: "Op", operator: true, email: `op${Math.random()}@example.com` } });

async function market(enabled: boolean, limitCents = 100_000) {
  await m.db.market.update({ where: { id: 1 }, data: { cashEnabled: enabled, cashLimitCents: limitCents } });
}

async function newCourier() {
  const user = await m.db.user.create({ data: { firstName: "Dev", courier: true, email: `dev${Math.random()}@example.com`, emailVerifiedAt: new Date() } });
  await m.db.courierState.create({ data: { userId: user.id, onShift: true, ...HERE, positionAt: new Date() } });
  return { id: user.id, firstName: "Dev" };
}

/** The customer's Active order of one $10 dish at the shop, and how to place it paid as `input` says (through the checkout's payAndPlace). */
async function cart(s: Awaited<ReturnType<typeof m.fixtures.shop>>, customer: Awaited<ReturnType<typeof m.fixtures.customer>>) {
  const active = await m.db.$transaction((tx) =>
    m.create.createOrder(m.sql.sqlOf(tx), customer, { restaurantId: s.restaurant.id, items: [{ menuItemId: s.dish.id, quantity: 1 }] }),
  );
  const place = (input: ReturnType<typeof checkout>) =>
    m.payAndPlace.payAndPlace(
      customer,
      input,
      { fields: "", returnPath: "/checkout" },
      async () => 0,
      (payment) => m.db.$transaction((tx) => m.place.placeOrder(m.sql.sqlOf(tx), customer, { activeOrderId: active.id }, input, payment)),
    );
  return { activeId: active.id, place };
}

/** A cash order placed, accepted and offered to `courier` (the only one on shift), accepted and picked up. */
async function pickedUpCashOrder(courier?: { id: number; firstName: string }, bill = 50) {
  await m.db.courierState.updateMany({ data: { onShift: false } });
  const dev = courier ?? (await newCourier());
  await m.db.courierState.update({ where: { userId: dev.id }, data: { onShift: true, ...HERE, positionAt: new Date() } });
  const s = await m.fixtures.shop();
  await m.db.restaurant.update({ where: { id: s.restaurant.id }, data: HERE });
  const customer = await m.fixtures.customer("cash", DOOR);
  const placed = await (await cart(s, customer)).place(checkout({ cashBill: bill }));
  await m.accept.acceptOrder(s.owner, s.restaurant.id, placed.id, 20);
  expect(await m.offerNow.offerNow(placed.id)).toBe(dev.id);
  const job = await m.db.deliveryJob.findUniqueOrThrow({ where: { orderId: placed.id } });
  await m.jobAccept.acceptJob(dev, job.id);
  await m.arrived.arrivedAtPickup(dev, job.id);
  await m.pickedUp.pickedUp(dev, job.id, new Date(), { handedOver: true });
  await m.db.courierState.update({ where: { userId: dev.id }, data: { ...DOOR, positionAt: new Date() } });
  const order = await m.db.order.findUniqueOrThrow({ where: { id: placed.id } });
  return { s, customer, courier: dev, order, jobId: job.id };
}

describe("cash at the door", () => {
  it("placed, collected and delivered: the courier owes the total, earns the delivery pay, the restaurant and platform booked as for a card; nothing created", async () => {
    await market(true);
    const { s, courier, order, jobId } = await pickedUpCashOrder(undefined, 50);
    expect(order.paymentMethod).toBe("cash");
    expect(await m.db.cashOrder.findUniqueOrThrow({ where: { orderId: order.id } })).toMatchObject({ billCents: 5_000, collectedAt: null });
    // Nothing moved at placement: a cash order's payment is the collection.
    expect(await m.db.ledgerEntry.count({ where: { orderId: order.id } })).toBe(0);
    const job = (await m.sql.sqlTransaction((sql) => import("../dispatch/read").then((r) => r.jobJson(sql, jobId, courier.id)))).cash;
    expect(job).toEqual({ amount: order.totalCents / 100, bill: 50, change: (5_000 - order.totalCents) / 100, currency: "USD", collected: false });

    await expect(m.delivered.deliveredJob(courier, jobId)).rejects.toMatchObject({ status: 409, errors: { cash: expect.stringContaining("collected") } });
    const restaurantBefore = await balance(m.post.account.restaurant(s.restaurant.id));
    expect((await m.cashSteps.collectCash(courier, jobId)).cash).toMatchObject({ collected: true });
    await m.delivered.deliveredJob(courier, jobId);

    expect(await balance(m.post.account.courierCash(courier.id))).toBe(-order.totalCents);
    const pay = order.deliveryFeeCents + order.priorityFeeCents + order.tipCents;
    expect(await balance(m.post.account.courier(courier.id))).toBe(pay);
    const commission = Math.floor((order.subtotalCents * 15) / 100);
    expect((await balance(m.post.account.restaurant(s.restaurant.id))) - restaurantBefore).toBe(order.subtotalCents - commission - order.discountCents);
    expect(await m.db.ledgerEntry.count({ where: { orderId: order.id, kind: "settlement" } })).toBe(1);
    expect(await ledgerProblems()).toEqual([]);
  });

  it("checkout refuses cash with the field named and writes nothing: a bill below the total, no bill, a market without cash, a pickup, a customer limited to cards", async () => {
    await market(true);
    const s = await m.fixtures.shop();
    await m.db.restaurant.update({ where: { id: s.restaurant.id }, data: HERE });
    const customer = await m.fixtures.customer("refused", DOOR);
    const { activeId, place } = await cart(s, customer);
    await expect(place(checkout({ cashBill: 5 }))).rejects.toMatchObject({
      status: 400,
      errors: { cashBill: expect.stringMatching(/^The bill must be at least the total, \$\d+\.\d\d\.$/) },
    });
    await expect(place(checkout({}))).rejects.toMatchObject({ status: 400, errors: { cashBill: expect.any(String) } });
    await expect(place(checkout({ cashBill: 50, deliveryOption: "pickup" }))).rejects.toMatchObject({
      status: 400,
      errors: { paymentMethod: expect.stringContaining("delivery") },
    });
    await m.admin.limitToCard(await operator(), customer.id, true);
    await expect(place(checkout({ cashBill: 50 }))).rejects.toMatchObject({ status: 400, errors: { paymentMethod: expect.stringContaining("card or wallet only") } });
    await m.admin.limitToCard(await operator(), customer.id, false);
    await market(false);
    await expect(place(checkout({ cashBill: 50 }))).rejects.toMatchObject({
      status: 400,
      errors: { paymentMethod: "Cash is not accepted in this market: pay by card or wallet." },
    });
    expect((await m.db.order.findUniqueOrThrow({ where: { id: activeId } })).stage).toBeNull();
    // The same cart by wallet is placed as ever.
    expect((await place(checkout({ paymentMethod: "wallet" }))).stage).toBe("placed");
  });

  it("two collected taps at once: one collects, the other is a 409, one payment entry", async () => {
    await market(true);
    const { courier, order, jobId } = await pickedUpCashOrder();
    const taps = await Promise.allSettled([m.cashSteps.collectCash(courier, jobId), m.cashSteps.collectCash(courier, jobId)]);
    expect(taps.filter((tap) => tap.status === "fulfilled")).toHaveLength(1);
    expect(taps.find((tap) => tap.status === "rejected")).toMatchObject({ reason: { status: 409 } });
    expect(await m.db.ledgerEntry.count({ where: { orderId: order.id, kind: "payment" } })).toBe(1);
    expect(await balance(m.post.account.courierCash(courier.id))).toBe(-order.totalCents);
    expect(await ledgerProblems()).toEqual([]);
  });

  it("a deposit and a payout at once never take back more than the courier holds; the payout pays what is left after the deduction", async () => {
    await market(true);
    const { courier, order, jobId } = await pickedUpCashOrder();
    await m.cashSteps.collectCash(courier, jobId);
    await m.delivered.deliveredJob(courier, jobId);
    const owed = order.totalCents;
    const earned = await balance(m.post.account.courier(courier.id));
    const op = await operator();
    const results = await Promise.allSettled([
      m.admin.recordDeposit(op, { courierId: courier.id, amount: owed, method: "bank", reference: "B-1" }),
      m.payouts.payOutCourier(courier, 1, "USD", LATER()),
    ]);
    const cash = await balance(m.post.account.courierCash(courier.id));
    const deposits = await m.db.cashDeposit.findMany({ where: { courierId: courier.id } });
    expect(cash).toBeLessThanOrEqual(0);
    expect(deposits.reduce((sum, d) => sum + d.amountCents, 0)).toBe(owed + cash);
    expect(results.some((result) => result.status === "fulfilled")).toBe(true);
    expect(await ledgerProblems()).toEqual([]);
    // What is left is deducted at the next payout: at most the earnings less the cash deducted.
    const courierLeft = await balance(m.post.account.courier(courier.id));
    if (cash < 0) expect(courierLeft).toBeGreaterThanOrEqual(0);
    expect(earned).toBeGreaterThan(0);
  });

  it("a payout deducts the cash held from the earnings first: more than what is left is a 409 naming amount", async () => {
    await market(true);
    const courier = await newCourier();
    // Earnings first (a cash order's pay), then a second cash order collected: the courier holds more cash than they earned.
    const first = await pickedUpCashOrder(courier, 100);
    await m.cashSteps.collectCash(courier, first.jobId);
    await m.delivered.deliveredJob(courier, first.jobId);
    const earned = await balance(m.post.account.courier(courier.id));
    await m.admin.recordDeposit(await operator(), { courierId: courier.id, amount: first.order.totalCents - 100, method: "office" });
    expect(await balance(m.post.account.courierCash(courier.id))).toBe(-100);
    await expect(m.payouts.payOutCourier(courier, earned, "USD", LATER())).rejects.toMatchObject({ status: 409, errors: { amount: expect.stringContaining("at most") } });
    const payout = await m.payouts.payOutCourier(courier, earned - 100, "USD", LATER());
    expect(payout.amount).toBe((earned - 100) / 100);
    expect(await balance(m.post.account.courierCash(courier.id))).toBe(0);
    expect(await m.db.cashDeposit.count({ where: { courierId: courier.id, method: "payout" } })).toBe(1);
    expect(await ledgerProblems()).toEqual([]);
  });

  it("dispatch offers no cash order to a courier over the market's cash limit, nor does the owner's hand assignment (a 409 naming the limit, nothing changed); a card or wallet order, and the cash order once deposited", async () => {
    const courier = await newCourier();
    await market(true, 100_000);
    const first = await pickedUpCashOrder(courier);
    await m.cashSteps.collectCash(courier, first.jobId);
    await m.delivered.deliveredJob(courier, first.jobId);
    await market(true, first.order.totalCents - 1);
    await m.db.courierState.update({ where: { userId: courier.id }, data: { ...HERE, positionAt: new Date() } });
    const s = await m.fixtures.shop();
    await m.db.restaurant.update({ where: { id: s.restaurant.id }, data: HERE });
    const customer = await m.fixtures.customer("limit", DOOR);
    const cashOrder = await (await cart(s, customer)).place(checkout({ cashBill: 50 }));
    await m.accept.acceptOrder(s.owner, s.restaurant.id, cashOrder.id, 20);
    expect(await m.offerNow.offerNow(cashOrder.id)).toBeNull();
    const job = await m.db.deliveryJob.findUniqueOrThrow({ where: { orderId: cashOrder.id } });
    const state = await m.db.courierState.findUniqueOrThrow({ where: { userId: courier.id } });
    const limit = `$${((first.order.totalCents - 1) / 100).toFixed(2)}`;
    const refusal = `This courier holds more undeposited cash than the market's limit of ${limit}: choose another courier for a cash order, or record their deposit first.`;
    await expect(m.assign.assignCourier(s.owner, s.restaurant.id, cashOrder.id, courier.id)).rejects.toMatchObject({
      status: 409,
      message: refusal,
      errors: { courierId: refusal },
    });
    expect(await m.db.deliveryJob.findUniqueOrThrow({ where: { orderId: cashOrder.id } })).toEqual(job);
    expect(await m.db.deliveryOffer.count({ where: { jobId: job.id } })).toBe(0);
    expect((await m.db.courierState.findUniqueOrThrow({ where: { userId: courier.id } })).activeJobs).toBe(state.activeJobs);
    expect(await m.db.orderEvent.count({ where: { orderId: cashOrder.id, stage: "courier_assigned" } })).toBe(0);
    const walletOrder = await (await cart(s, customer)).place(checkout({ paymentMethod: "wallet" }));
    await m.accept.acceptOrder(s.owner, s.restaurant.id, walletOrder.id, 20);
    expect(await m.offerNow.offerNow(walletOrder.id)).toBe(courier.id);
    await m.decline.declineJob(courier, (await m.db.deliveryJob.findUniqueOrThrow({ where: { orderId: walletOrder.id } })).id);
    // Deposited, the courier is under the limit again: offered the cash order.
    await m.admin.recordDeposit(await operator(), { courierId: courier.id, amount: first.order.totalCents, method: "bank" });
    expect(await m.offerNow.offerNow(cashOrder.id)).toBe(courier.id);
  });

  it("a refusal fails the delivery with nothing collected, is reported, and the operator limits the customer to cards", async () => {
    await market(true);
    const { courier, customer, order, jobId } = await pickedUpCashOrder();
    const job = await m.cashSteps.refuseCash(courier, jobId);
    expect(job.state).toBe("failed");
    expect((await m.db.order.findUniqueOrThrow({ where: { id: order.id } })).stage).toBe("canceled");
    expect(await balance(m.post.account.courierCash(courier.id))).toBe(0);
    const report = await m.admin.cashReport(await operator());
    expect(report.refusals[0]).toMatchObject({ orderId: order.id, customerId: customer.id, cardOnly: false });
    await m.admin.limitToCard(await operator(), customer.id, true);
    expect((await m.admin.cashReport(await operator())).refusals[0]).toMatchObject({ orderId: order.id, cardOnly: true });
    await expect(m.cashSteps.collectCash(courier, jobId)).rejects.toMatchObject({ status: 409 });
    expect(await ledgerProblems()).toEqual([]);
  });

  it("a problem report's refund on a cash order goes to the wallet's paid money, never to a card", async () => {
    await market(true);
    const { courier, customer, order, jobId } = await pickedUpCashOrder();
    await m.cashSteps.collectCash(courier, jobId);
    await m.delivered.deliveredJob(courier, jobId);
    const paidBefore = await balance(m.post.account.walletPaid(customer.id));
    await m.sql.sqlTransaction(async (sql) => {
      const plan = await m.refund.planRefund(sql, order.id, {
        order: { userId: customer.id, paymentMethod: "cash", restaurantId: order.restaurantId },
        items: 500,
        fees: 0,
        platformLiable: false,
      });
      expect(plan.lines.some((line) => line.account === m.post.account.cardRefunds)).toBe(false);
      await m.refund.postPartialRefund(sql, `problem-test:${order.id}`, order.id, plan, new Date());
    });
    expect(await balance(m.post.account.walletPaid(customer.id))).toBe(paidBefore + 500);
    expect(await balance(m.post.account.courierCash(courier.id))).toBe(-order.totalCents);
    expect(await ledgerProblems()).toEqual([]);
  });

  it("the ledger's cash liability equals the couriers' undeposited cash in the operator's report", async () => {
    const report = await m.admin.cashReport(await operator());
    const accounts = await m.db.ledgerAccount.findMany({ where: { kind: "courier-cash" } });
    const booked = -accounts.reduce((sum, a) => sum + a.balanceCents, 0);
    const cashOrders = await m.db.cashOrder.findMany({ where: { collectedAt: { not: null } } });
    const collected = await m.db.order.aggregate({
      where: { id: { in: cashOrders.map((row) => row.orderId) }, stage: { in: ["out_for_delivery", "delivered"] } },
      _sum: { totalCents: true },
    });
    const deposited = await m.db.cashDeposit.aggregate({ _sum: { amountCents: true } });
    expect(booked).toBeGreaterThan(0);
    expect(booked).toBe((collected._sum.totalCents ?? 0) - (deposited._sum.amountCents ?? 0));
    expect(Math.round((report.total.find((t) => t.currency === "USD")?.owed ?? 0) * 100)).toBe(booked);
    expect(report.couriers.reduce((sum, c) => sum + Math.round(c.owed * 100), 0)).toBe(booked);
  });
});
