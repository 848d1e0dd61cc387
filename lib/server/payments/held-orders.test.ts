import { describe, expect, it } from "vitest";
import type { User } from "@/lib/generated/prisma/client";
import { submitOrderSchema, type SubmitOrderInput } from "@/lib/contract/orders/checkout-rules";
import { placeOrderSchema } from "@/lib/contract/orders/rules";
import { setUpTestDatabase } from "../platform/testing/db";

// The races a card payment had and the held order (docs/architecture/payments.md), against a real
// migrated database (SQLite, or PostgreSQL with TEST_DATABASE_URL: npm run test:postgres): a 3-D
// Secure authorization brought back 20 times at once places one order and voids nothing; a held
// order paid 20 times at once charges one card once; a held order moves no further than accepted,
// its board card says so, and it is canceled as a rejection when not paid in time.

setUpTestDatabase({ TEST_PAYMENTS_WEBHOOK_DELAY_MS: "0", HELD_ORDER_MINUTES: "30" });

const m = {
  db: (await import("../platform/db")).db,
  sql: await import("../platform/sql"),
  place: await import("../orders/place"),
  accept: await import("../orders/accept"),
  ready: await import("../orders/ready"),
  outForDelivery: await import("../orders/out-for-delivery"),
  deliver: await import("../orders/deliver"),
  incoming: await import("../orders/incoming"),
  toJson: await import("../orders/to-json"),
  unpaid: await import("../orders/unpaid"),
  provider: await import("./providers/test/provider"),
  methods: await import("./methods"),
  checkout: await import("./card-checkout"),
  paid: await import("../orders/testing/place-paid"),
  orderPayment: await import("./order-payment"),
  check: await import("../ledger/check"),
  fixtures: await import("../platform/testing/fixtures"),
  offer: await import("../dispatch/offer"),
};

const card = submitOrderSchema.parse({ deliveryOption: "standard", tipPercent: 15, paymentMethod: "card" });
type Shop = Awaited<ReturnType<typeof m.fixtures.shop>>;

const checkout = (user: User, s: Shop, submit: SubmitOrderInput = card) =>
  m.paid.placePaid(user, { cart: placeOrderSchema.parse({ restaurantId: s.restaurant.id, items: [{ menuItemId: s.dish.id, quantity: 2 }], submit }) }, submit);

async function saveCard(user: User, number: string, makeDefault: boolean) {
  const token = await m.provider.tokenize({ number, expMonth: 12, expYear: 2034, cvc: "123", postalCode: "94110" });
  return m.methods.saveCard(user, { paymentMethodId: token.id, makeDefault });
}

async function customerWith(number: string): Promise<User> {
  const user = await m.fixtures.customer("card");
  await saveCard(user, number, true);
  return user;
}

/** An accepted card order whose capture failed (test card 0341), and a good card the customer saved. */
async function heldOrder() {
  const s = await m.fixtures.shop();
  const user = await customerWith("4000000000000341");
  const order = await checkout(user, s);
  await m.accept.acceptOrder(s.owner, s.restaurant.id, order.id, 20);
  expect(await m.db.payment.findFirstOrThrow({ where: { orderId: order.id } })).toMatchObject({ state: "capture_failed" });
  const good = await saveCard(user, "4242424242424242", false);
  return { s, user, order, good };
}

const settled = <T>(results: PromiseSettledResult<T>[]) => ({
  won: results.filter((result) => result.status === "fulfilled").length,
  statuses: results.flatMap((result) => (result.status === "rejected" ? [(result.reason as { status?: number }).status] : [])),
});
/** Every authorization the provider made on the customer's cards, Nosh's Payment row or not. */
const intentsOf = async (user: User) =>
  m.db.testProviderIntent.findMany({ where: { cardId: { in: (await m.db.paymentMethod.findMany({ where: { userId: user.id } })).map((c) => c.providerId) } } });
const ledgerProblems = () => m.sql.sqlTransaction((sql) => m.check.ledgerProblems(sql));
const paymentEntries = (orderId: number) => m.db.ledgerEntry.count({ where: { orderId, kind: "payment" } });

describe("two requests at once settle once", () => {
  it("a 3-D Secure authorization brought back to checkout 20 times at once: one order, the others 409, the authorization kept and captured once", async () => {
    const s = await m.fixtures.shop();
    const user = await customerWith("4000002500003155");
    const intentId = await checkout(user, s).catch((error: { extra: { payment: { intentId: string } } }) => error.extra.payment.intentId);
    await m.provider.completeChallenge(intentId as string, true);
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => checkout(user, s, { ...card, paymentIntent: intentId as string })));
    const { won, statuses } = settled(results);
    expect(won).toBe(1);
    expect(statuses).toEqual(Array(19).fill(409));
    const [order, ...others] = await m.db.order.findMany({ where: { userId: user.id, stage: { not: null } } });
    expect(others).toEqual([]);
    // Still authorized (not voided by a loser), and captured when the restaurant accepts.
    expect(await m.db.payment.findFirstOrThrow({ where: { intentId: intentId as string } })).toMatchObject({ orderId: order!.id, state: "authorized" });
    await m.accept.acceptOrder(s.owner, s.restaurant.id, order!.id, 20);
    expect(await m.db.testProviderIntent.findUniqueOrThrow({ where: { id: intentId as string } })).toMatchObject({
      status: "succeeded",
      capturedCents: order!.totalCents,
    });
    expect(await paymentEntries(order!.id)).toBe(1);
    expect(await ledgerProblems()).toEqual([]);
  });

  it("a held order's 'Pay with my default card' 20 times at once: one authorization and one capture, the others 409, nothing charged twice", async () => {
    const { user, order, good } = await heldOrder();
    await m.db.paymentMethod.updateMany({ where: { userId: user.id }, data: { isDefault: false } });
    await m.db.paymentMethod.update({ where: { id: good.id }, data: { isDefault: true } });
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => m.orderPayment.fixHeldPayment(user, order.id, {})));
    const { won, statuses } = settled(results);
    expect(won).toBe(1);
    expect(statuses).toEqual(Array(19).fill(409));
    // The provider: the failed one, and one more authorization, captured once.
    const intents = await intentsOf(user);
    expect(intents.map((intent) => intent.status).sort()).toEqual(["failed", "succeeded"]);
    expect(intents.reduce((sum, intent) => sum + intent.capturedCents, 0)).toBe(order.totalCents);
    expect(await paymentEntries(order.id)).toBe(1);
    expect(await ledgerProblems()).toEqual([]);
  });

  it("a held order's other card declined gives the claim back: the customer pays with the next card", async () => {
    const { user, order, good } = await heldOrder();
    const declined = await saveCard(user, "4000000000000002", false);
    await expect(m.orderPayment.fixHeldPayment(user, order.id, { paymentMethodId: declined.id })).rejects.toMatchObject({ status: 402 });
    await expect(m.orderPayment.fixHeldPayment(user, order.id, { paymentMethodId: good.id })).resolves.toMatchObject({ payment: { state: "captured" } });
  });
});

describe("a held order (its capture failed) waits for payment", () => {
  it("cannot be marked ready, picked up or delivered (409 naming the payment); its board card says so; once paid it moves on", async () => {
    const { s, user, order, good } = await heldOrder();
    const waiting = { status: 409, errors: { payment: "Waiting for payment" } };
    await expect(m.ready.markReady(s.owner, s.restaurant.id, order.id)).rejects.toMatchObject({
      ...waiting,
      message: "This order is waiting for payment: the customer's card could not be charged, so it cannot be marked ready until they pay.",
    });
    expect(await m.db.order.findUniqueOrThrow({ where: { id: order.id } })).toMatchObject({ stage: "accepted" });
    // Marked ready before the capture failed: still no further.
    await m.db.order.update({ where: { id: order.id }, data: { stage: "ready" } });
    await expect(m.outForDelivery.markOutForDelivery(s.owner, s.restaurant.id, order.id)).rejects.toMatchObject(waiting);
    await m.db.order.update({ where: { id: order.id }, data: { stage: "out_for_delivery" } });
    await expect(m.deliver.markDelivered(s.owner, s.restaurant.id, order.id)).rejects.toMatchObject(waiting);
    await m.db.order.update({ where: { id: order.id }, data: { stage: "accepted" } });
    expect(await paymentEntries(order.id)).toBe(0);

    const board = await m.incoming.getBoard(s.owner, s.restaurant.id);
    expect(board.orders.map(m.toJson.incomingOrderToJson).find((o) => o.id === order.id)).toMatchObject({ awaitingPayment: true });

    await m.orderPayment.fixHeldPayment(user, order.id, { paymentMethodId: good.id });
    const after = await m.incoming.getBoard(s.owner, s.restaurant.id);
    expect(after.orders.map(m.toJson.incomingOrderToJson).find((o) => o.id === order.id)?.awaitingPayment).toBeUndefined();
    await expect(m.ready.markReady(s.owner, s.restaurant.id, order.id)).resolves.toMatchObject({ stage: "ready" });
  });

  it("is offered to no courier until it is paid: its delivery job waits out of the matching, then joins it", async () => {
    const { user, order, good } = await heldOrder();
    const job = await m.db.deliveryJob.findFirstOrThrow({ where: { orderId: order.id } });
    const waiting = () => m.sql.sqlTransaction(async (sql) => [...(await m.offer.planOffers(sql, null, new Date())).jobs.keys()]);
    expect(await waiting()).not.toContain(job.id);
    await m.orderPayment.fixHeldPayment(user, order.id, { paymentMethodId: good.id });
    expect(await waiting()).toContain(job.id);
  });

  it("not paid within HELD_ORDER_MINUTES it is canceled as a rejection, once, and cannot be paid after; paid in time it is left alone", async () => {
    const { user, order, good } = await heldOrder();
    const paid = await heldOrder();
    await m.orderPayment.fixHeldPayment(paid.user, paid.order.id, { paymentMethodId: paid.good.id });
    const { updatedAt } = await m.db.payment.findFirstOrThrow({ where: { orderId: order.id } });
    expect(await m.unpaid.cancelUnpaidOrders(new Date(updatedAt.getTime() + 29 * 60_000))).toBe(0);
    const late = new Date(updatedAt.getTime() + 31 * 60_000);
    const swept = await Promise.all(Array.from({ length: 5 }, () => m.unpaid.cancelUnpaidOrders(late)));
    expect(swept.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await m.db.order.findUniqueOrThrow({ where: { id: order.id } })).toMatchObject({ stage: "rejected", rejectionKey: "unpaid", rejectionReason: null });
    expect(await m.db.order.findUniqueOrThrow({ where: { id: paid.order.id } })).toMatchObject({ stage: "accepted" });
    await expect(m.orderPayment.fixHeldPayment(user, order.id, { paymentMethodId: good.id })).rejects.toMatchObject({ status: 409 });
    expect((await intentsOf(user)).map((intent) => intent.status)).toEqual(["failed"]);
    expect(await ledgerProblems()).toEqual([]);
  });

  it("a payment and the sweep at once: the order ends either paid or canceled, never both", async () => {
    const { user, order, good } = await heldOrder();
    const { updatedAt } = await m.db.payment.findFirstOrThrow({ where: { orderId: order.id } });
    const late = new Date(updatedAt.getTime() + 31 * 60_000);
    await Promise.allSettled([
      m.unpaid.cancelUnpaidOrders(late),
      m.orderPayment.fixHeldPayment(user, order.id, { paymentMethodId: good.id }),
      m.unpaid.cancelUnpaidOrders(late),
    ]);
    const { stage } = await m.db.order.findUniqueOrThrow({ where: { id: order.id } });
    const captured = (await m.db.payment.findMany({ where: { userId: user.id } })).reduce((sum, p) => sum + p.capturedCents - p.refundedCents, 0);
    expect({ stage, captured }).toEqual(stage === "rejected" ? { stage, captured: 0 } : { stage: "accepted", captured: order.totalCents });
    expect(await ledgerProblems()).toEqual([]);
  });
});
