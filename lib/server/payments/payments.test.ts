import { describe, expect, it, vi } from "vitest";
import type { User } from "@/lib/generated/prisma/client";
import { submitOrderSchema, type SubmitOrderInput } from "@/lib/contract/orders/checkout-rules";
import { placeOrderSchema } from "@/lib/contract/orders/rules";
import { setUpTestDatabase } from "../platform/testing/db";
import { rejectionOf } from "@/lib/shared/orders/order-stages";
import { inEnglish } from "@/lib/contract/testing/in-english";

// Card payments through the built-in test provider (docs/architecture/payments.md), against a real
// migrated database (SQLite, or PostgreSQL with TEST_DATABASE_URL: npm run test:postgres): the
// provider's tokenization, a decline and a 3-D Secure challenge placing nothing, authorize at
// placement, capture at accept (once, whatever the number of accepts at once), void on reject and
// cancel, a failed capture's hold and its fix, refunds through the provider, and webhooks handled
// once, in any order, a forged one refused.

setUpTestDatabase({ TEST_PAYMENTS_WEBHOOK_DELAY_MS: "0" });

const m = {
  db: (await import("../platform/db")).db,
  sql: await import("../platform/sql"),
  place: await import("../orders/place"),
  create: await import("../orders/create"),
  accept: await import("../orders/accept"),
  reject: await import("../orders/reject"),
  cancel: await import("../orders/cancel"),
  provider: await import("./providers/test/provider"),
  methods: await import("./methods"),
  checkout: await import("./card-checkout"),
  paid: await import("../orders/testing/place-paid"),
  sync: await import("./sync"),
  webhooks: await import("./webhooks"),
  orderPayment: await import("./order-payment"),
  check: await import("../ledger/check"),
  fixtures: await import("../platform/testing/fixtures"),
};

const card = submitOrderSchema.parse({ deliveryOption: "standard", tipPercent: 15, paymentMethod: "card" });
type Shop = Awaited<ReturnType<typeof m.fixtures.shop>>;
const cartOf = (s: Shop) => ({ restaurantId: s.restaurant.id, items: [{ menuItemId: s.dish.id, quantity: 2 }] });

/** The one-call checkout as POST /api/orders runs it. */
const checkout = (user: User, s: Shop, submit: SubmitOrderInput = card) => m.paid.placePaid(user, { cart: placeOrderSchema.parse({ ...cartOf(s), submit }) }, submit);

/** A customer whose default card is `number` (tokenized as the browser would, then saved). */
async function customerWith(number: string): Promise<User> {
  const user = await m.fixtures.customer("card");
  const token = await m.provider.tokenize({ number, expMonth: 12, expYear: 2034, cvc: "123", postalCode: "94110" });
  await m.methods.saveCard(user, { paymentMethodId: token.id, makeDefault: true });
  return user;
}

const paymentOf = (orderId: number) => m.db.payment.findFirstOrThrow({ where: { orderId }, orderBy: { id: "desc" } });
const entries = (orderId: number, kind: string) => m.db.ledgerEntry.findMany({ where: { orderId, kind }, include: { lines: true } });
const ledgerProblems = () => m.sql.sqlTransaction((sql) => m.check.ledgerProblems(sql));
const intentOf = async (orderId: number) => m.db.testProviderIntent.findUniqueOrThrow({ where: { id: (await paymentOf(orderId)).intentId } });
/** The test provider's due webhooks delivered through the route's own handler. */
const deliverWebhooks = () =>
  m.provider.deliverTestWebhooks(async (body, signature) => {
    await m.webhooks.handleWebhook("test", body, signature);
    return true;
  });

describe("the test provider's tokenization", () => {
  it("checks the card (Luhn, test number, expiry, CVC, postal code) and keeps only its behaviour, brand and last four", async () => {
    const base = { expMonth: 12, expYear: 2034, cvc: "123", postalCode: "94110" };
    await expect(m.provider.tokenize({ ...base, number: "4242424242424241" })).rejects.toMatchObject({ status: 400, errors: { number: "Your card number is invalid." } });
    await expect(m.provider.tokenize({ ...base, number: "4111111111111111" })).rejects.toMatchObject({
      status: 400,
      errors: { number: expect.stringMatching(/not a test card/) },
    });
    await expect(m.provider.tokenize({ ...base, number: "4242424242424242", expYear: 2020 })).rejects.toMatchObject({ errors: { expYear: expect.any(String) } });
    await expect(m.provider.tokenize({ ...base, number: "4242424242424242", cvc: "1" })).rejects.toMatchObject({ errors: { cvc: expect.any(String) } });
    const token = await m.provider.tokenize({ ...base, number: "4242 4242 4242 4242" });
    expect(token).toMatchObject({ id: expect.stringMatching(/^pm_/), brand: "Visa", last4: "4242", expMonth: 12, expYear: 2034 });
    expect(JSON.stringify(await m.db.testProviderCard.findMany())).not.toContain("4242424242424242");
  });

  it("the number reaches no log and no error: a tokenization, a refused one and a checkout write nothing of it to stdout, stderr or the console", async () => {
    const written: string[] = [];
    const spies = [
      vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => (written.push(String(chunk)), true)),
      vi.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array) => (written.push(String(chunk)), true)),
      ...(["log", "info", "warn", "error", "debug"] as const).map((level) =>
        vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void written.push(args.map(String).join(" "))),
      ),
    ];
    try {
      const s = await m.fixtures.shop();
      const user = await customerWith("4000000000000002");
      const refused = await m.provider.tokenize({ number: "4000000000000000", expMonth: 1, expYear: 2020, cvc: "1", postalCode: "" }).catch((error: Error) => error);
      await checkout(user, s).catch(() => undefined);
      expect(JSON.stringify(refused)).not.toContain("4000000000000000");
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
    expect(written.filter((text) => /4000000000000002|4000000000000000/.test(text))).toEqual([]);
  });

  it("with demo data on, every account starts with the always-succeeding Visa 4242 as its default card; listing the cards writes nothing", async () => {
    const user = await m.fixtures.customer("demo");
    // A GET of the cards only reads: an account made without the card lists none and stays so.
    expect(await m.methods.listCards(user)).toEqual([]);
    expect(await m.db.paymentMethod.count({ where: { userId: user.id } })).toBe(0);
    // Saved where the account is created (or at its first card payment); a race saves one.
    await Promise.all([m.methods.saveDemoCard(user.id), m.methods.saveDemoCard(user.id)]);
    const [first, ...rest] = await Promise.all([m.methods.listCards(user), m.methods.listCards(user)]);
    expect(first.map(m.methods.cardToJson)).toEqual([expect.objectContaining({ brand: "Visa", last4: "4242", isDefault: true, label: "Visa •••• 4242, test" })]);
    expect(rest[0]).toHaveLength(1);
    expect(await m.db.paymentMethod.count({ where: { userId: user.id } })).toBe(1);
  });
});

describe("card checkout: authorized at placement, captured at accept, voided when the order ends without food", () => {
  it("a declined card places nothing, changes nothing and answers 402 naming the payment method", async () => {
    const s = await m.fixtures.shop();
    for (const [number, message] of [
      ["4000000000000002", "Your card was declined. Try another card."],
      ["4000000000009995", "Your card has insufficient funds. Try another card."],
      ["4000000000000069", "Your card has expired. Check the expiry date or try another card."],
      ["4000000000000127", "Your card's security code (CVC) is incorrect."],
    ] as const) {
      const user = await customerWith(number);
      await expect(checkout(user, s)).rejects.toMatchObject({ status: 402, message, errors: { "submit.paymentMethod": message } });
      expect(await m.db.order.count({ where: { userId: user.id } })).toBe(0);
    }
    // The two-step submit: the Active order stays Active.
    const user = await customerWith("4000000000000002");
    const active = await m.db.$transaction((tx) => m.create.createOrder(m.sql.sqlOf(tx), user, cartOf(s)));
    const submit = () => m.paid.placePaid(user, { activeOrderId: active.id }, card);
    await expect(submit()).rejects.toMatchObject({ status: 402, errors: { paymentMethod: "Your card was declined. Try another card." } });
    expect(await m.db.order.findUniqueOrThrow({ where: { id: active.id } })).toMatchObject({ stage: null });
    expect(await m.db.ledgerEntry.count({ where: { orderId: active.id } })).toBe(0);
  });

  it("a 3-D Secure card places the order only after the challenge is passed; a failed challenge places nothing", async () => {
    const s = await m.fixtures.shop();
    const user = await customerWith("4000002500003155");
    const challenge = await checkout(user, s).catch((error: { status: number; extra: { payment: { intentId: string; challengeUrl: string } } }) => error);
    expect(challenge).toMatchObject({ status: 402, extra: { payment: { state: "requires_action", challengeUrl: expect.stringMatching(/^\/test-provider\/3ds\/pi_/) } } });
    const intentId = (challenge as { extra: { payment: { intentId: string } } }).extra.payment.intentId;
    expect(await m.db.order.count({ where: { userId: user.id } })).toBe(0);
    // The orphan sweep leaves a challenge still open alone (it voided one made a second before: a CI flake of the checkout journey).
    await m.sync.syncPayments();
    expect(await m.db.payment.findFirstOrThrow({ where: { intentId } })).toMatchObject({ state: "requires_action" });
    // Sent back before the challenge: the challenge again.
    await expect(checkout(user, s, { ...card, paymentIntent: intentId })).rejects.toMatchObject({ status: 402, extra: { payment: { state: "requires_action" } } });
    await m.provider.completeChallenge(intentId, true);
    const order = await checkout(user, s, { ...card, paymentIntent: intentId });
    expect(order).toMatchObject({ stage: "placed", paymentMethod: "card" });
    expect(await paymentOf(order.id)).toMatchObject({ state: "authorized", intentId, amountCents: order.totalCents });
    // The same intent cannot pay for a second order.
    await expect(checkout(user, s, { ...card, paymentIntent: intentId })).rejects.toMatchObject({ status: 409 });

    const failing = await checkout(user, s).catch((error: { extra: { payment: { intentId: string } } }) => error.extra.payment.intentId);
    await m.provider.completeChallenge(failing as string, false);
    await expect(checkout(user, s, { ...card, paymentIntent: failing as string })).rejects.toMatchObject({
      status: 402,
      message: "Your bank could not confirm this payment. Try again or use another card.",
    });
    expect(await m.db.order.count({ where: { userId: user.id } })).toBe(1);
  });

  it("accept captures (the ledger's card payment written from the capture), reject and cancel void (nothing charged)", async () => {
    const s = await m.fixtures.shop();
    const user = await customerWith("4242424242424242");
    const [a, b, c] = [await checkout(user, s), await checkout(user, s), await checkout(user, s)];
    expect(await entries(a.id, "payment")).toEqual([]);

    await m.accept.acceptOrder(s.owner, s.restaurant.id, a.id, 20);
    expect(await paymentOf(a.id)).toMatchObject({ state: "captured", capturedCents: a.totalCents });
    const [payment] = await entries(a.id, "payment");
    expect(payment!.lines.map(({ account, amountCents }) => ({ account, amountCents }))).toEqual(
      expect.arrayContaining([
        { account: "external", amountCents: -a.totalCents },
        { account: "clearing", amountCents: a.totalCents },
      ]),
    );

    await m.reject.rejectOrder(s.owner, s.restaurant.id, b.id, rejectionOf("closing", "early"));
    await m.cancel.cancelOrder(user, c.id);
    for (const order of [b, c]) {
      expect(await paymentOf(order.id)).toMatchObject({ state: "voided", capturedCents: 0 });
      expect(await intentOf(order.id)).toMatchObject({ status: "canceled", capturedCents: 0 });
      expect(await m.db.ledgerLine.count({ where: { entry: { orderId: order.id } } })).toBe(0);
      expect((await m.orderPayment.readOrderPayment(user, order.id)).payment).toMatchObject({ state: "voided", message: expect.stringMatching(/^Nothing was charged/) });
    }

    // Rejected after the capture: the ledger's refund to the card goes back through the provider's refund.
    await m.reject.rejectOrder(s.owner, s.restaurant.id, a.id, rejectionOf("out_of_stock"));
    expect(await intentOf(a.id)).toMatchObject({ status: "succeeded", capturedCents: a.totalCents, refundedCents: a.totalCents });
    expect(await paymentOf(a.id)).toMatchObject({ refundedCents: a.totalCents });
    expect(await ledgerProblems()).toEqual([]);
  });

  it("a late kitchen's card order canceled: the captured payment refunded through the provider once, however many cancels race", async () => {
    const s = await m.fixtures.shop();
    const user = await customerWith("4242424242424242");
    const order = await checkout(user, s);
    await m.accept.acceptOrder(s.owner, s.restaurant.id, order.id, 20);
    expect(await paymentOf(order.id)).toMatchObject({ state: "captured", capturedCents: order.totalCents });
    // Past the end of its window (the page's, which the acceptance promised).
    const { promisedArrivalBy } = await m.db.order.findUniqueOrThrow({ where: { id: order.id }, select: { promisedArrivalBy: true } });
    const late = new Date(promisedArrivalBy!.getTime() + 60_000);
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => m.cancel.cancelOrder(user, order.id, late)));
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    await Promise.all([m.sync.syncPayments(), m.sync.syncOrderPayment(order.id)]);
    expect(await intentOf(order.id)).toMatchObject({ capturedCents: order.totalCents, refundedCents: order.totalCents });
    expect(await paymentOf(order.id)).toMatchObject({ refundedCents: order.totalCents });
    // One refund of the order, and one posting of the provider's confirmation of it (card-refunds -> external).
    const refunds = await entries(order.id, "refund");
    expect(refunds.filter((entry) => !entry.key?.startsWith("card-refund:"))).toHaveLength(1);
    expect(refunds.filter((entry) => entry.key?.startsWith("card-refund:"))).toHaveLength(1);
    expect(await ledgerProblems()).toEqual([]);
  });

  it("20 accepts at once capture exactly once", async () => {
    const s = await m.fixtures.shop();
    const user = await customerWith("4242424242424242");
    const order = await checkout(user, s);
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => m.accept.acceptOrder(s.owner, s.restaurant.id, order.id, 20)));
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    expect(await intentOf(order.id)).toMatchObject({ status: "succeeded", capturedCents: order.totalCents });
    expect(await m.db.testProviderEvent.count({ where: { intentId: (await paymentOf(order.id)).intentId, type: "payment_intent.succeeded" } })).toBe(1);
    expect(await entries(order.id, "payment")).toHaveLength(1);
    // The payments.sync job and more syncs at once move nothing more.
    await Promise.all([m.sync.syncPayments(), m.sync.syncOrderPayment(order.id), m.sync.syncOrderPayment(order.id)]);
    expect(await entries(order.id, "payment")).toHaveLength(1);
    expect(await ledgerProblems()).toEqual([]);
  });

  it("a capture that fails puts the order on hold until the customer pays with another card", async () => {
    const s = await m.fixtures.shop();
    const user = await customerWith("4000000000000341");
    const order = await checkout(user, s);
    await m.accept.acceptOrder(s.owner, s.restaurant.id, order.id, 20);
    expect(await paymentOf(order.id)).toMatchObject({ state: "capture_failed", failureCode: "capture_failed" });
    const held = (await m.orderPayment.readOrderPayment(user, order.id)).payment;
    expect(held).toMatchObject({ state: "capture_failed", actionNeeded: true, message: expect.stringMatching(/could not be charged/) });
    expect(await entries(order.id, "payment")).toEqual([]);

    const token = await m.provider.tokenize({ number: "4242424242424242", expMonth: 1, expYear: 2031, cvc: "999", postalCode: "10001" });
    const good = await m.methods.saveCard(user, { paymentMethodId: token.id });
    const fixed = await m.orderPayment.fixHeldPayment(user, order.id, { paymentMethodId: good.id });
    expect(fixed.payment).toMatchObject({ state: "captured", actionNeeded: false, captured: order.totalCents / 100 });
    expect(await entries(order.id, "payment")).toHaveLength(1);
    await expect(m.orderPayment.fixHeldPayment(user, order.id, { paymentMethodId: good.id })).rejects.toMatchObject({ status: 409 });
    expect(await ledgerProblems()).toEqual([]);
  });
});

describe("webhooks: signed, handled once, in any order", () => {
  it("a forged signature is refused; 20 replays at once change nothing; events applied out of order end in the provider's state", async () => {
    const s = await m.fixtures.shop();
    const user = await customerWith("4242424242424242");
    const order = await checkout(user, s);
    await m.accept.acceptOrder(s.owner, s.restaurant.id, order.id, 20);
    const events = await m.db.testProviderEvent.findMany({ where: { intentId: (await paymentOf(order.id)).intentId }, orderBy: { deliverAfter: "asc" } });
    expect(events.map((event) => event.type)).toEqual(["payment_intent.amount_capturable_updated", "payment_intent.succeeded"]);

    const forged = JSON.stringify({ ...JSON.parse(events[1]!.payload), id: "evt_forged" });
    await expect(m.webhooks.handleWebhook("test", forged, "t=1,v1=00")).rejects.toMatchObject({ status: 400, message: inEnglish(m.webhooks.INVALID_SIGNATURE) });
    await expect(m.webhooks.handleWebhook("test", forged, m.provider.signWebhook(forged, new Date(), "not-the-secret-at-all"))).rejects.toMatchObject({ status: 400 });
    await expect(m.webhooks.handleWebhook("test", forged, m.provider.signWebhook(forged, new Date(Date.now() - 3_600_000)))).rejects.toMatchObject({ status: 400 });
    expect(await m.db.webhookEvent.count()).toBe(0);

    // Newest first (out of order), then each replayed 20 times at once.
    const before = await paymentOf(order.id);
    for (const event of [...events].reverse()) {
      const results = await Promise.all(Array.from({ length: 20 }, () => m.webhooks.handleWebhook("test", event.payload, m.provider.signWebhook(event.payload))));
      expect(results.filter((result) => result.handled)).toHaveLength(1);
    }
    expect(await paymentOf(order.id)).toMatchObject({ state: "captured", capturedCents: before.capturedCents, refundedCents: 0 });
    expect(await entries(order.id, "payment")).toHaveLength(1);

    // The job's delivery goes through the same handler: both events already handled, nothing changes.
    expect(await deliverWebhooks()).toBeGreaterThanOrEqual(2);
    expect(await m.db.testProviderEvent.count({ where: { deliveredAt: null } })).toBe(0);
    expect(await paymentOf(order.id)).toMatchObject({ state: "captured" });
    expect(await ledgerProblems()).toEqual([]);
  });

  it("a webhook reporting a capture the request never recorded (a crash after the provider's answer) writes the payment once", async () => {
    const s = await m.fixtures.shop();
    const user = await customerWith("4242424242424242");
    const order = await checkout(user, s);
    await m.db.order.update({ where: { id: order.id }, data: { stage: "accepted" } });
    const payment = await paymentOf(order.id);
    await m.provider.testProvider.capture(payment.intentId, `capture:${payment.id}`); // Nosh never heard the answer.
    expect(await paymentOf(order.id)).toMatchObject({ state: "authorized" });
    await deliverWebhooks();
    expect(await paymentOf(order.id)).toMatchObject({ state: "captured", capturedCents: order.totalCents });
    expect(await entries(order.id, "payment")).toHaveLength(1);
    expect(await ledgerProblems()).toEqual([]);
  });
});
