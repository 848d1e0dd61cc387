import { describe, expect, it } from "vitest";
import type { User } from "@/lib/generated/prisma/client";
import { submitOrderSchema } from "@/lib/contract/orders/checkout-rules";
import { placeOrderSchema } from "@/lib/contract/orders/rules";
import { setUpTestDatabase } from "../platform/testing/db";

// Disputes (chargebacks) through the built-in test provider (docs/architecture/payments.md
// "Disputes"), against a real migrated database (SQLite, or PostgreSQL with TEST_DATABASE_URL:
// npm run test:postgres): the disputing card's charge disputed after capture, the amount out of
// the restaurant's balance, won (back) or lost (kept out), a restaurant paid out already owing it,
// the evidence submitted once, and 20 deliveries of one event at once posting once. The ledger's
// invariants hold after each.

setUpTestDatabase({ TEST_PAYMENTS_WEBHOOK_DELAY_MS: "0", EARNINGS_HOLD_SECONDS: "0" });

const m = {
  db: (await import("../platform/db")).db,
  sql: await import("../platform/sql"),
  place: await import("../orders/place"),
  accept: await import("../orders/accept"),
  complete: await import("../orders/complete"),
  provider: await import("./providers/test/provider"),
  testDisputes: await import("./providers/test/disputes"),
  methods: await import("./methods"),
  checkout: await import("./card-checkout"),
  webhooks: await import("./webhooks"),
  orderPayment: await import("./order-payment"),
  check: await import("../ledger/check"),
  post: await import("../ledger/post"),
  payouts: await import("../payouts/lifecycle"),
  restaurantPayouts: await import("../payouts/restaurant"),
  admin: await import("../operators/disputes"),
  fixtures: await import("../platform/testing/fixtures"),
};

const card = submitOrderSchema.parse({ deliveryOption: "pickup", tip: 0, paymentMethod: "card" });
type Shop = Awaited<ReturnType<typeof m.fixtures.shop>>;
const operator = { id: 0, firstName: "Nia" };

const inTx = <T>(work: (sql: import("../platform/sql").Sql) => Promise<T>) => m.sql.sqlTransaction(work);
const ledgerProblems = () => inTx((sql) => m.check.ledgerProblems(sql));
const balance = (account: string) => inTx((sql) => m.post.balanceOf(sql, account));
const disputeEntries = (orderId: number) =>
  m.db.ledgerEntry.findMany({ where: { orderId, kind: "dispute" }, include: { lines: { select: { account: true, amountCents: true } } }, orderBy: { id: "asc" } });
/** The test provider's due webhooks delivered through the route's own handler. */
/**
 * The test provider's webhooks due within the next second, sent to the route's handler: a move's
 * event is due a millisecond after it (after the capture's own event), so a delivery asked in the
 * same millisecond would find it not due yet.
 */
const deliverWebhooks = () =>
  m.provider.deliverTestWebhooks(
    async (body, signature) => {
      await m.webhooks.handleWebhook("test", body, signature);
      return true;
    },
    new Date(Date.now() + 1_000),
  );

async function customerWith(number: string): Promise<User> {
  const user = await m.fixtures.customer("card");
  const token = await m.provider.tokenize({ number, expMonth: 12, expYear: 2034, cvc: "123", postalCode: "94110" });
  await m.methods.saveCard(user, { paymentMethodId: token.id, makeDefault: true });
  return user;
}

/** A pickup paid by `number`, accepted (captured) and completed (settled): the restaurant's share is its. */
async function completedOrder(s: Shop, user: User) {
  const input = placeOrderSchema.parse({ restaurantId: s.restaurant.id, items: [{ menuItemId: s.dish.id, quantity: 2 }], submit: card });
  const order = await (await import("../orders/testing/place-paid")).placePaid(user, { cart: input }, card);
  await m.accept.acceptOrder(s.owner, s.restaurant.id, order.id, 20);
  await m.complete.closeIncomingOrder(s.owner, s.restaurant.id, order.id, "Completed");
  return m.db.order.findUniqueOrThrow({ where: { id: order.id } });
}

async function operatorUser() {
  const user = await m.db.user.create({ data: { firstName: "Nia", email: `nia${Date.now()}${Math.random()}@example.com`, operator: true } });
  return { id: user.id, firstName: user.firstName };
}

describe("a disputed charge", () => {
  it("created, then lost: the amount leaves the restaurant's balance and stays out; the order says Disputed; the statement lists it", async () => {
    const s = await m.fixtures.shop();
    const user = await customerWith("4000000000000259");
    const restaurant = m.post.account.restaurant(s.restaurant.id);
    const order = await completedOrder(s, user);
    const before = await balance(restaurant);
    expect(before).toBeGreaterThan(0);
    await deliverWebhooks();

    const dispute = await m.db.dispute.findFirstOrThrow({ where: { orderId: order.id } });
    expect(dispute).toMatchObject({ provider: "test", status: "needs_response", amountCents: order.totalCents, account: restaurant, reason: "fraudulent" });
    expect(await balance(restaurant)).toBe(before - order.totalCents);
    expect((await m.db.order.findUniqueOrThrow({ where: { id: order.id } })).disputeStatus).toBe("needs_response");
    expect((await m.orderPayment.readOrderPayment(user, order.id)).payment).toMatchObject({ dispute: { status: "needs_response", label: "Disputed" } });

    // The evidence, once: the receipt, the customer and the operator's words are in it.
    const nia = await operatorUser();
    const detail = await m.admin.submitEvidence(nia, dispute.id, { explanation: "Picked up at the counter by the cardholder." });
    expect(detail).toMatchObject({ status: "under_review", evidenceSubmittedAt: expect.any(String), currency: "USD" });
    const queue = await m.admin.listDisputes(nia, { status: "open", limit: 20, offset: 0 });
    expect(queue.items.find((row) => row.id === dispute.id)).toMatchObject({ currency: "USD", restaurant: { name: expect.any(String) } });
    expect(detail.evidence.receipt).toContain(`Nosh order #${order.id}`);
    expect(detail.evidence.explanation).toBe("Picked up at the counter by the cardholder.");
    await expect(m.admin.submitEvidence(nia, dispute.id, { explanation: "Again" })).rejects.toMatchObject({ status: 409 });
    const sent = await m.db.testProviderDispute.findUniqueOrThrow({ where: { id: dispute.providerDisputeId } });
    expect(sent.status).toBe("under_review");
    expect(JSON.parse(sent.evidence!)).toMatchObject({ customerEmail: user.email, explanation: "Picked up at the counter by the cardholder." });
    expect(await m.db.auditLog.count({ where: { action: "dispute.evidence", targetId: dispute.id } })).toBe(1);

    await m.testDisputes.resolveTestDispute(dispute.providerDisputeId, "lost");
    await deliverWebhooks();
    expect(await m.db.dispute.findUniqueOrThrow({ where: { id: dispute.id } })).toMatchObject({ status: "lost", closedAt: expect.any(Date) });
    expect(await balance(restaurant)).toBe(before - order.totalCents);
    const entries = await disputeEntries(order.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]!.lines).toEqual(
      expect.arrayContaining([
        { account: restaurant, amountCents: -order.totalCents },
        { account: "external", amountCents: order.totalCents },
      ]),
    );
    const statement = await m.restaurantPayouts.restaurantPayouts(s.owner, s.restaurant.id, null);
    expect(statement.entries.find((entry) => entry.kind === "dispute")).toMatchObject({
      orderId: order.id,
      net: -order.totalCents / 100,
      reason: expect.stringMatching(/^Disputed/),
    });
    expect(await ledgerProblems()).toEqual([]);
  });

  it("created, then won: the amount comes back to the restaurant", async () => {
    const s = await m.fixtures.shop();
    const user = await customerWith("4000000000000259");
    const restaurant = m.post.account.restaurant(s.restaurant.id);
    const order = await completedOrder(s, user);
    const before = await balance(restaurant);
    await deliverWebhooks();
    const dispute = await m.db.dispute.findFirstOrThrow({ where: { orderId: order.id } });
    expect(await balance(restaurant)).toBe(before - order.totalCents);
    // Still in its report window, the order's share is held whole: the dispute is owed from the balance, not netted against it.
    const inWindow = await inTx((sql) => m.payouts.availableOf(sql, restaurant, new Date(order.closedAt!.getTime() - 1_000)));
    expect(inWindow).toMatchObject({ availableCents: 0, owedCents: order.totalCents, pending: [expect.objectContaining({ cents: before })] });
    await m.testDisputes.resolveTestDispute(dispute.providerDisputeId, "won");
    await deliverWebhooks();
    expect(await balance(restaurant)).toBe(before);
    expect((await disputeEntries(order.id)).map((entry) => entry.key)).toEqual([`dispute:${dispute.id}:withdrawn`, `dispute:${dispute.id}:returned`]);
    expect((await m.db.order.findUniqueOrThrow({ where: { id: order.id } })).disputeStatus).toBe("won");
    expect(await ledgerProblems()).toEqual([]);
  });

  it("a restaurant paid out already owes it: its balance goes below zero, nothing is available, its next earnings repay it; the platform fronts nothing", async () => {
    const s = await m.fixtures.shop();
    const user = await customerWith("4000000000000259");
    const restaurant = m.post.account.restaurant(s.restaurant.id);
    const order = await completedOrder(s, user);
    const share = await balance(restaurant);
    await m.payouts.requestPayout(restaurant, share, "amount");
    expect(await balance(restaurant)).toBe(0);
    const platform = await balance(m.post.account.platform);
    await deliverWebhooks();
    expect(await balance(restaurant)).toBe(-order.totalCents);
    expect(await balance(m.post.account.platform)).toBe(platform);
    const money = await inTx((sql) => m.payouts.availableOf(sql, restaurant));
    expect(money).toMatchObject({ availableCents: 0, owedCents: order.totalCents });
    await expect(m.payouts.requestPayout(restaurant, 1, "amount")).rejects.toMatchObject({ status: 409 });
    // The next order's share repays it first.
    const next = await completedOrder(s, await customerWith("4242424242424242"));
    expect(await balance(restaurant)).toBe(-order.totalCents + share);
    expect(next.totalCents).toBe(order.totalCents);
    expect(await ledgerProblems()).toEqual([]);
  });

  it("20 deliveries of one event at once, and the created and closed events racing, post each entry once", async () => {
    const s = await m.fixtures.shop();
    const user = await customerWith("4000000000000259");
    const restaurant = m.post.account.restaurant(s.restaurant.id);
    const order = await completedOrder(s, user);
    const before = await balance(restaurant);
    const created = await m.db.testProviderEvent.findFirstOrThrow({ where: { type: "charge.dispute.created", deliveredAt: null } });
    const results = await Promise.all(Array.from({ length: 20 }, () => m.webhooks.handleWebhook("test", created.payload, m.provider.signWebhook(created.payload))));
    expect(results.filter((result) => result.handled)).toHaveLength(1);
    expect(await m.db.dispute.count({ where: { orderId: order.id } })).toBe(1);
    expect(await balance(restaurant)).toBe(before - order.totalCents);

    // The closing event (won) twenty times at once, beside twenty more of the creation under new ids.
    const dispute = await m.db.dispute.findFirstOrThrow({ where: { orderId: order.id } });
    const closed = await m.testDisputes.resolveTestDispute(dispute.providerDisputeId, "won");
    const closing = JSON.stringify({ id: "evt_closing", type: "charge.dispute.closed", dispute: closed });
    const again = (n: number) => JSON.stringify({ ...JSON.parse(created.payload), id: `evt_again_${n}` });
    await Promise.all([
      ...Array.from({ length: 20 }, () => m.webhooks.handleWebhook("test", closing, m.provider.signWebhook(closing))),
      ...Array.from({ length: 20 }, (_, n) => m.webhooks.handleWebhook("test", again(n), m.provider.signWebhook(again(n)))),
    ]);
    expect((await disputeEntries(order.id)).map((entry) => entry.key)).toEqual([`dispute:${dispute.id}:withdrawn`, `dispute:${dispute.id}:returned`]);
    expect(await balance(restaurant)).toBe(before);
    // A creation arriving after the close moves nothing back.
    expect(await m.db.dispute.findUniqueOrThrow({ where: { id: dispute.id } })).toMatchObject({ status: "won" });
    expect(await ledgerProblems()).toEqual([]);
  });

  it("absorbed by Nosh: the restaurant is paid back from the platform's money (then external), once; won later, the money goes to Nosh", async () => {
    const s = await m.fixtures.shop();
    const user = await customerWith("4000000000000259");
    const restaurant = m.post.account.restaurant(s.restaurant.id);
    const order = await completedOrder(s, user);
    const before = await balance(restaurant);
    await deliverWebhooks();
    const dispute = await m.db.dispute.findFirstOrThrow({ where: { orderId: order.id } });
    const platform = await balance(m.post.account.platform);
    const external = await balance(m.post.account.external);
    const nia = await operatorUser();
    const answers = await Promise.allSettled(
      Array.from({ length: 5 }, () => m.admin.absorbDispute(nia, dispute.id, { action: "absorb", reason: "Our courier's fault" })),
    );
    expect(answers.filter((answer) => answer.status === "fulfilled")).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === "rejected").map((answer) => (answer as PromiseRejectedResult).reason.status)).toEqual([409, 409, 409, 409]);
    expect(await balance(restaurant)).toBe(before);
    const fromPlatform = Math.min(platform, order.totalCents);
    expect(await balance(m.post.account.platform)).toBe(platform - fromPlatform);
    expect(await balance(m.post.account.external)).toBe(external - (order.totalCents - fromPlatform));
    expect(await m.db.auditLog.count({ where: { action: "dispute.absorb", targetId: dispute.id } })).toBe(1);

    await m.testDisputes.resolveTestDispute(dispute.providerDisputeId, "won");
    await deliverWebhooks();
    expect(await balance(restaurant)).toBe(before);
    expect(await balance(m.post.account.platform)).toBe(platform - fromPlatform + order.totalCents);
    await expect(m.admin.absorbDispute(nia, dispute.id, { action: "absorb", reason: "Again" })).rejects.toMatchObject({ status: 409 });
    expect(await ledgerProblems()).toEqual([]);
  });

  it("the operator's own restaurant's dispute is refused (403), nothing submitted", async () => {
    const nia = await operatorUser();
    const owner = await m.db.user.findUniqueOrThrow({ where: { id: nia.id } });
    const s = await m.fixtures.shop();
    await m.db.restaurant.update({ where: { id: s.restaurant.id }, data: { ownerId: owner.id } });
    const user = await customerWith("4000000000000259");
    await completedOrder({ ...s, owner }, user);
    await deliverWebhooks();
    const dispute = await m.db.dispute.findFirstOrThrow({ where: { restaurantId: s.restaurant.id } });
    await expect(m.admin.submitEvidence(nia, dispute.id, { explanation: "Mine" })).rejects.toMatchObject({ status: 403 });
    expect(await m.db.dispute.findUniqueOrThrow({ where: { id: dispute.id } })).toMatchObject({ evidenceSubmittedAt: null, status: "needs_response" });
    void operator;
  });
});
