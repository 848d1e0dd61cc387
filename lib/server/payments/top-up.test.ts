import { describe, expect, it } from "vitest";
import type { User } from "@/lib/generated/prisma/client";
import { submitOrderSchema, type SubmitOrderInput } from "@/lib/contract/orders/checkout-rules";
import { placeOrderSchema } from "@/lib/contract/orders/rules";
import { setUpTestDatabase } from "../platform/testing/db";
import { rejectionOf } from "@/lib/shared/orders/order-stages";

// Wallet money is paid for (docs/architecture/payments.md "Wallet top-ups"),
// against a real migrated database (SQLite, or PostgreSQL: npm run test:postgres): a card top-up
// through the test provider adds paid money once however many requests share its Idempotency-Key;
// a decline adds nothing; a 3-D Secure card adds after its challenge; the operator's limits; the
// wallet spends its credit first and a refund gives each part back to where it came from; a card
// refund reaches external only from the provider's confirmation, once.

setUpTestDatabase({ TEST_PAYMENTS_WEBHOOK_DELAY_MS: "0" });

const m = {
  db: (await import("../platform/db")).db,
  sql: await import("../platform/sql"),
  config: (await import("../platform/config")).config(),
  place: await import("../orders/place"),
  accept: await import("../orders/accept"),
  reject: await import("../orders/reject"),
  cancel: await import("../orders/cancel"),
  provider: await import("./providers/test/provider"),
  methods: await import("./methods"),
  checkout: await import("./card-checkout"),
  paid: await import("../orders/testing/place-paid"),
  sync: await import("./sync"),
  webhooks: await import("./webhooks"),
  topUp: await import("./top-up"),
  ledgerOrders: await import("../ledger/orders"),
  parts: await import("../ledger/wallet-parts"),
  payouts: await import("../payouts/lifecycle"),
  complete: await import("../orders/complete"),
  check: await import("../ledger/check"),
  fixtures: await import("../platform/testing/fixtures"),
};

type Shop = Awaited<ReturnType<typeof m.fixtures.shop>>;
const cartOf = (s: Shop) => ({ restaurantId: s.restaurant.id, items: [{ menuItemId: s.dish.id, quantity: 2 }] });
const place = (user: User, s: Shop, submit: SubmitOrderInput) => m.paid.placePaid(user, { cart: placeOrderSchema.parse({ ...cartOf(s), submit }) }, submit);
const byCard = submitOrderSchema.parse({ deliveryOption: "standard", tipPercent: 15, paymentMethod: "card" });

/** A customer with `creditCents` of promotional credit whose default card is `number`. */
async function customerWith(number: string, creditCents = 0): Promise<User> {
  const user = await m.fixtures.customer("topup", { walletCents: creditCents });
  const token = await m.provider.tokenize({ number, expMonth: 12, expYear: 2034, cvc: "123", postalCode: "94110" });
  await m.methods.saveCard(user, { paymentMethodId: token.id, makeDefault: true });
  return user;
}

const balances = (user: User) => m.sql.sqlTransaction((sql) => m.parts.walletBalances(sql, user.id));
const ledgerProblems = () => m.sql.sqlTransaction((sql) => m.check.ledgerProblems(sql));
const linesOf = async (where: object) =>
  (await m.db.ledgerLine.findMany({ where: { entry: where }, orderBy: { id: "asc" } })).map(({ account, amountCents }) => ({ account, amountCents }));
const deliverWebhooks = () =>
  m.provider.deliverTestWebhooks(async (body, signature) => {
    await m.webhooks.handleWebhook("test", body, signature);
    return true;
  });

describe("a wallet top-up is a card payment", () => {
  it("20 top-ups at once with one Idempotency-Key charge the card once and add once, as paid money", async () => {
    const user = await customerWith("4242424242424242", 1_000);
    const answers = await Promise.all(Array.from({ length: 20 }, () => m.topUp.topUpByCard(user, user.id, { amountCents: 5_000 }, "key-20")));
    for (const answer of answers) expect(answer.topUp).toMatchObject({ state: "captured", card: "Visa •••• 4242", amount: 50 });
    expect(await balances(user)).toEqual({ paidCents: 5_000, promotionalCents: 1_000, totalCents: 6_000 });
    expect(answers.at(-1)).toMatchObject({ wallet: 60, paid: 50, promotional: 10 });
    const payments = await m.db.payment.findMany({ where: { userId: user.id, purpose: "topup" } });
    expect(payments).toEqual([expect.objectContaining({ state: "captured", capturedCents: 5_000 })]);
    expect(await m.db.testProviderIntent.findUniqueOrThrow({ where: { id: payments[0]!.intentId } })).toMatchObject({ status: "succeeded", capturedCents: 5_000 });
    expect(await linesOf({ kind: "topup", key: `topup:${payments[0]!.id}` })).toEqual([
      { account: "external", amountCents: -5_000 },
      { account: `wallet-paid:${user.id}`, amountCents: 5_000 },
    ]);
    // The statement shows it once, with the whole balance after.
    expect(await m.db.walletTransaction.findMany({ where: { userId: user.id, kind: "topup" }, select: { amountCents: true, balanceAfterCents: true } })).toEqual([
      { amountCents: 1_000, balanceAfterCents: 1_000 },
      { amountCents: 5_000, balanceAfterCents: 6_000 },
    ]);
    // Its webhooks replayed change nothing; the same key with another amount is refused.
    await deliverWebhooks();
    expect(await balances(user)).toMatchObject({ paidCents: 5_000 });
    await expect(m.topUp.topUpByCard(user, user.id, { amountCents: 6_000 }, "key-20")).rejects.toMatchObject({ status: 422 });
    expect(await ledgerProblems()).toEqual([]);
  });

  it("a declined card adds nothing and says why; a 3-D Secure card adds only after its challenge", async () => {
    for (const [number, message] of [
      ["4000000000000002", "Your card was declined. Try another card."],
      ["4000000000009995", "Your card has insufficient funds. Try another card."],
      ["4000000000000341", "Your card was declined. Try another card."],
    ] as const) {
      const user = await customerWith(number);
      await expect(m.topUp.topUpByCard(user, user.id, { amountCents: 2_000 }, null)).rejects.toMatchObject({
        status: 402,
        message,
        errors: { paymentMethodId: message },
      });
      expect(await balances(user)).toMatchObject({ totalCents: 0 });
      expect(await m.db.ledgerEntry.count({ where: { kind: "topup", lines: { some: { account: `wallet-paid:${user.id}` } } } })).toBe(0);
    }
    const user = await customerWith("4000002500003155");
    const challenge = await m.topUp
      .topUpByCard(user, user.id, { amountCents: 2_000 }, null)
      .catch((error: { status: number; extra: { payment: { intentId: string } } }) => error);
    expect(challenge).toMatchObject({ status: 402, extra: { payment: { state: "requires_action", challengeUrl: expect.stringMatching(/^\/test-provider\/3ds\/pi_/) } } });
    const intentId = (challenge as { extra: { payment: { intentId: string } } }).extra.payment.intentId;
    expect(await balances(user)).toMatchObject({ totalCents: 0 });
    await m.provider.completeChallenge(intentId, true);
    const added = await m.topUp.topUpByCard(user, user.id, { amountCents: 2_000, paymentIntent: intentId }, null);
    expect(added).toMatchObject({ wallet: 20, paid: 20, topUp: { state: "captured" } });
    // Coming back twice adds nothing more; someone else cannot use the intent.
    await m.topUp.topUpByCard(user, user.id, { amountCents: 2_000, paymentIntent: intentId }, null);
    expect(await balances(user)).toMatchObject({ paidCents: 2_000 });
    const other = await customerWith("4242424242424242");
    await expect(m.topUp.topUpByCard(other, other.id, { amountCents: 2_000, paymentIntent: intentId }, null)).rejects.toMatchObject({
      status: 400,
      errors: { paymentIntent: expect.any(String) },
    });
    await expect(m.topUp.topUpByCard(other, user.id, { amountCents: 2_000 }, null)).rejects.toMatchObject({ status: 403 });
    expect(await ledgerProblems()).toEqual([]);
  });

  it("the operator's limits: per top-up and per day, a 400 naming amount, nothing charged", async () => {
    const user = await customerWith("4242424242424242");
    const { topUpMinCents, topUpMaxCents, topUpDailyMaxCents } = m.config.money;
    await expect(m.topUp.topUpByCard(user, user.id, { amountCents: topUpMinCents - 1 }, null)).rejects.toMatchObject({
      status: 400,
      errors: { amount: expect.any(String) },
    });
    await expect(m.topUp.topUpByCard(user, user.id, { amountCents: topUpMaxCents + 1 }, null)).rejects.toMatchObject({
      status: 400,
      errors: { amount: expect.any(String) },
    });
    const daily = m.config.money.topUpDailyMaxCents;
    m.config.money.topUpDailyMaxCents = 3_000;
    try {
      await m.topUp.topUpByCard(user, user.id, { amountCents: 2_000 }, null);
      await expect(m.topUp.topUpByCard(user, user.id, { amountCents: 1_500 }, null)).rejects.toMatchObject({
        status: 400,
        errors: { amount: "Top-ups are limited to $30.00 a day; you can add $10.00 more today" },
      });
    } finally {
      m.config.money.topUpDailyMaxCents = daily;
    }
    expect(topUpDailyMaxCents).toBeGreaterThan(0);
    expect(await m.db.payment.count({ where: { userId: user.id, purpose: "topup" } })).toBe(1);
    expect(await balances(user)).toMatchObject({ paidCents: 2_000 });
  });
});

describe("the day's top-up limit holds under concurrency", () => {
  const withDailyMax = async <T>(cents: number, work: () => Promise<T>): Promise<T> => {
    const daily = m.config.money.topUpDailyMaxCents;
    m.config.money.topUpDailyMaxCents = cents;
    try {
      return await work();
    } finally {
      m.config.money.topUpDailyMaxCents = daily;
    }
  };

  it("20 top-ups at once with different keys add at most the day's max; the refused ones charge nothing", async () => {
    const user = await customerWith("4242424242424242");
    const intentsBefore = await m.db.testProviderIntent.count();
    const results = await withDailyMax(5_000, () =>
      Promise.allSettled(Array.from({ length: 20 }, (_, i) => m.topUp.topUpByCard(user, user.id, { amountCents: 1_000 }, `day-${i}`))),
    );
    const refused = results.filter((r) => r.status === "rejected");
    expect(results.length - refused.length).toBe(5);
    for (const r of refused) expect(r).toMatchObject({ reason: { status: 400, errors: { amount: expect.stringContaining("limited to $50.00 a day") } } });
    expect(await balances(user)).toMatchObject({ paidCents: 5_000 });
    expect(await m.db.payment.count({ where: { userId: user.id, purpose: "topup" } })).toBe(5);
    expect(await m.db.testProviderIntent.count()).toBe(intentsBefore + 5);
    expect(await m.db.topUpReservation.count({ where: { userId: user.id } })).toBe(0);
    expect(await ledgerProblems()).toEqual([]);
  });

  it("a declined card gives its hold on the day back", async () => {
    const user = await customerWith("4000000000000002");
    await withDailyMax(3_000, async () => {
      await expect(m.topUp.topUpByCard(user, user.id, { amountCents: 3_000 }, "declined")).rejects.toMatchObject({ status: 402 });
      const token = await m.provider.tokenize({ number: "4242424242424242", expMonth: 12, expYear: 2034, cvc: "123", postalCode: "94110" });
      await m.methods.saveCard(user, { paymentMethodId: token.id, makeDefault: true });
      await m.topUp.topUpByCard(user, user.id, { amountCents: 3_000 }, "paid");
    });
    expect(await balances(user)).toMatchObject({ paidCents: 3_000 });
    expect(await m.db.topUpReservation.count({ where: { userId: user.id } })).toBe(0);
  });
});

describe("refunds go back the way the money came", () => {
  it("a wallet spends its credit first, then paid money; a cancel gives each part back exactly once", async () => {
    const s = await m.fixtures.shop();
    const user = await customerWith("4242424242424242", 1_000);
    await m.topUp.topUpByCard(user, user.id, { amountCents: 5_000 }, null);
    const order = await place(user, s, m.fixtures.wallet);
    expect(await linesOf({ orderId: order.id, kind: "payment" })).toEqual(
      expect.arrayContaining([
        { account: `wallet:${user.id}`, amountCents: -1_000 },
        { account: `wallet-paid:${user.id}`, amountCents: -(order.totalCents - 1_000) },
      ]),
    );
    expect(await balances(user)).toEqual({ paidCents: 6_000 - order.totalCents, promotionalCents: 0, totalCents: 6_000 - order.totalCents });
    await Promise.allSettled(Array.from({ length: 5 }, () => m.cancel.cancelOrder(user, order.id)));
    expect(await balances(user)).toEqual({ paidCents: 5_000, promotionalCents: 1_000, totalCents: 6_000 });
    expect(await m.db.ledgerEntry.count({ where: { orderId: order.id, kind: "refund" } })).toBe(1);
    expect(await ledgerProblems()).toEqual([]);
  });

  it("an order paid with a wallet's paid money pays out; one paid (even in part) with promotional credit never does", async () => {
    const s = await m.fixtures.shop();
    const paid = await customerWith("4242424242424242");
    await m.topUp.topUpByCard(paid, paid.id, { amountCents: 10_000 }, null);
    const credit = await customerWith("4242424242424242", 20_000);
    const [fromPaid, fromCredit] = [await place(paid, s, m.fixtures.wallet), await place(credit, s, m.fixtures.wallet)];
    for (const order of [fromPaid, fromCredit]) await m.complete.closeIncomingOrder(s.owner, s.restaurant.id, order.id, "Completed");
    const restaurant = `restaurant:${s.restaurant.id}`;
    const shareOf = async (orderId: number) => (await linesOf({ orderId, kind: "settlement" })).find((line) => line.account === restaurant)!.amountCents;
    const later = new Date(Date.now() + 49 * 60 * 60_000);
    const money = await m.sql.sqlTransaction((sql) => m.payouts.availableOf(sql, restaurant, later));
    expect(money).toMatchObject({ availableCents: await shareOf(fromPaid.id), promotionalCents: await shareOf(fromCredit.id) });
    await m.sql.sqlTransaction((sql) => m.payouts.requestPayoutIn(sql, restaurant, money.availableCents, "amount", later));
    expect(await ledgerProblems()).toEqual([]);
  });

  it("a card refund is owed to the card (pending) until the provider confirms it; its answer or its webhook posts it to external once", async () => {
    const s = await m.fixtures.shop();
    const user = await customerWith("4242424242424242");
    const order = await place(user, s, byCard);
    await m.accept.acceptOrder(s.owner, s.restaurant.id, order.id, 20);
    // The refund as a reject after accept posts it, before the provider is asked.
    await m.sql.sqlTransaction(async (sql) => {
      await sql.all(`UPDATE "Order" SET "stage" = 'rejected' WHERE "id" = ?`, [order.id]);
      await m.ledgerOrders.refundOrder(sql, order.id);
    });
    expect(await linesOf({ orderId: order.id, kind: "refund" })).toEqual(expect.arrayContaining([{ account: "card-refunds", amountCents: order.totalCents }]));
    expect(await linesOf({ orderId: order.id, kind: "refund", key: { startsWith: "card-refund:" } })).toEqual([]);
    const receipt = () => m.sql.sqlTransaction((sql) => m.ledgerOrders.receiptRefunds(sql, order));
    expect(await receipt()).toEqual([expect.objectContaining({ label: "Refund pending", pending: true, cents: order.totalCents })]);

    // The provider refunds, but Nosh never hears the answer (a crash): the webhook posts it.
    const payment = await m.db.payment.findFirstOrThrow({ where: { orderId: order.id } });
    await m.provider.testProvider.refund(payment.intentId, order.totalCents, `refund:${payment.id}:${order.totalCents}`);
    expect(await linesOf({ orderId: order.id, kind: "refund", key: { startsWith: "card-refund:" } })).toEqual([]);
    await Promise.all(Array.from({ length: 3 }, () => deliverWebhooks()));
    const events = await m.db.testProviderEvent.findMany({ where: { intentId: payment.intentId } });
    for (const event of events)
      await Promise.all(Array.from({ length: 20 }, () => m.webhooks.handleWebhook("test", event.payload, m.provider.signWebhook(event.payload))));
    // And the sync, as the job would run it: the provider has refunded it all, nothing more is asked or posted.
    await Promise.all([m.sync.syncOrderPayment(order.id), m.sync.syncPayments()]);
    expect(await linesOf({ orderId: order.id, kind: "refund", key: { startsWith: "card-refund:" } })).toEqual([
      { account: "card-refunds", amountCents: -order.totalCents },
      { account: "external", amountCents: order.totalCents },
    ]);
    expect(await m.db.testProviderIntent.findUniqueOrThrow({ where: { id: payment.intentId } })).toMatchObject({ refundedCents: order.totalCents });
    expect(await receipt()).toEqual([expect.objectContaining({ label: "Refunded", pending: false })]);
    expect(await ledgerProblems()).toEqual([]);
  });

  it("a reject after accept: refunded through the provider at once, its answer confirming it", async () => {
    const s = await m.fixtures.shop();
    const user = await customerWith("4242424242424242");
    const order = await place(user, s, byCard);
    await m.accept.acceptOrder(s.owner, s.restaurant.id, order.id, 20);
    await m.reject.rejectOrder(s.owner, s.restaurant.id, order.id, rejectionOf("out_of_stock"));
    await deliverWebhooks();
    expect(await linesOf({ orderId: order.id, kind: "refund", key: { startsWith: "card-refund:" } })).toEqual([
      { account: "card-refunds", amountCents: -order.totalCents },
      { account: "external", amountCents: order.totalCents },
    ]);
    expect(await m.db.ledgerAccount.findUnique({ where: { id: "card-refunds" } })).toMatchObject({ balanceCents: 0 });
    expect(await ledgerProblems()).toEqual([]);
  });
});
