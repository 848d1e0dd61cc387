import { describe, expect, it } from "vitest";
import type { User } from "@/lib/generated/prisma/client";
import { placeOrderSchema } from "@/lib/contract/orders/rules";
import { submitOrderSchema, type SubmitOrderInput } from "@/lib/contract/orders/checkout-rules";
import { setUpTestDatabase } from "../platform/testing/db";

// Raising the tip after delivery on a real migrated database, through the real
// calls (checkout, the kitchen's close, the raise): paid to the courier once however many raises
// race, never lowered, not after an hour, a declined card changes nothing; the ledger's invariants
// (check.ts) hold after each.

setUpTestDatabase();

const m = {
  db: (await import("../platform/db")).db,
  sql: await import("../platform/sql"),
  place: await import("./place"),
  complete: await import("./complete"),
  tip: await import("./tip-raise"),
  post: await import("../ledger/post"),
  check: await import("../ledger/check"),
  checkout: await import("../payments/card-checkout"),
  paid: await import("./testing/place-paid"),
  provider: await import("../payments/providers/test/provider"),
  methods: await import("../payments/methods"),
  fixtures: await import("../platform/testing/fixtures"),
};

type Shop = Awaited<ReturnType<typeof m.fixtures.shop>>;
const HOUR = 3600_000;
const balance = (id: string) => m.sql.sqlTransaction((sql) => m.post.balanceOf(sql, id));
const ledgerProblems = () => m.sql.sqlTransaction((sql) => m.check.ledgerProblems(sql));
const submit = (paymentMethod: "wallet" | "card"): SubmitOrderInput => submitOrderSchema.parse({ deliveryOption: "standard", tip: 2, paymentMethod });

/** The customer's order of two dishes (tip $2), placed, carried by `courier` (a delivered job) and closed by the kitchen: delivered now. */
async function delivered(s: Shop, user: User, courier: User, paymentMethod: "wallet" | "card") {
  const input = submit(paymentMethod);
  const cart = placeOrderSchema.parse({ restaurantId: s.restaurant.id, items: [{ menuItemId: s.dish.id, quantity: 2 }], submit: input });
  const order = await m.paid.placePaid(user, { cart }, input);
  await m.db.deliveryJob.create({
    data: {
      orderId: order.id,
      restaurantId: s.restaurant.id,
      userId: user.id,
      state: "delivered",
      courierId: courier.id,
      payCents: order.deliveryFeeCents + order.priorityFeeCents + order.tipCents,
      pickupLat: 0,
      pickupLng: 0,
      dropoffLat: 0,
      dropoffLng: 0,
      dropoffAddress: "1 Main St",
      itemsCount: 2,
    },
  });
  await m.complete.closeIncomingOrder(s.owner, s.restaurant.id, order.id, "Completed");
  return m.db.order.findUniqueOrThrow({ where: { id: order.id } });
}

async function people(card?: string) {
  const s = await m.fixtures.shop();
  const user = await m.fixtures.customer("tipper");
  if (card) {
    const token = await m.provider.tokenize({ number: card, expMonth: 12, expYear: 2034, cvc: "123", postalCode: "94110" });
    await m.methods.saveCard(user, { paymentMethodId: token.id, makeDefault: true });
  }
  const courier = await m.db.user.create({ data: { firstName: "Cora", email: `cora${Date.now()}${Math.random()}@example.com` } });
  return { s, user, courier };
}

describe("raising the tip after delivery", () => {
  it("a wallet order: 20 parallel raises to the same amount raise once; the courier is paid the difference once from the wallet", async () => {
    const { s, user, courier } = await people();
    const order = await delivered(s, user, courier, "wallet");
    const courierBefore = await balance(m.post.account.courier(courier.id));
    const walletBefore = (await balance(m.post.account.wallet(user.id))) + (await balance(m.post.account.walletPaid(user.id)));
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => m.tip.raiseTip(user, order.id, 500)));
    expect(results.filter((result) => result.status === "rejected")).toEqual([]);
    const after = await m.db.order.findUniqueOrThrow({ where: { id: order.id } });
    expect(after.tipCents).toBe(500);
    expect(after.totalCents).toBe(order.totalCents + 300);
    expect(await balance(m.post.account.courier(courier.id))).toBe(courierBefore + 300);
    const walletAfter = (await balance(m.post.account.wallet(user.id))) + (await balance(m.post.account.walletPaid(user.id)));
    expect(walletAfter).toBe(walletBefore - 300);
    expect(await m.db.ledgerEntry.count({ where: { orderId: order.id, key: { startsWith: `order:${order.id}:tip:` } } })).toBe(1);
    expect((await m.db.deliveryJob.findUniqueOrThrow({ where: { orderId: order.id } })).payCents).toBe(order.deliveryFeeCents + order.priorityFeeCents + 500);
    expect(await ledgerProblems()).toEqual([]);
  });

  it("lowering is refused beside `tip`, an hour after delivery too, and above the ceiling; nothing changes", async () => {
    const { s, user, courier } = await people();
    const order = await delivered(s, user, courier, "wallet");
    const courierBefore = await balance(m.post.account.courier(courier.id));
    await expect(m.tip.raiseTip(user, order.id, 100)).rejects.toMatchObject({ status: 400, errors: { tip: "The tip can only be raised: it is $2.00" } });
    const late = new Date(order.closedAt!.getTime() + HOUR + 60_000);
    await expect(m.tip.raiseTip(user, order.id, 600, late)).rejects.toMatchObject({
      status: 409,
      errors: { tip: "The tip can be raised only within an hour of delivery" },
    });
    await expect(m.tip.raiseTip(user, order.id, 50_000)).rejects.toMatchObject({ status: 400, errors: { tip: expect.stringMatching(/^A tip can be at most/) } });
    // Someone else's order looks missing.
    const stranger = await m.fixtures.customer("stranger");
    await expect(m.tip.raiseTip(stranger, order.id, 600)).rejects.toMatchObject({ status: 404 });
    expect((await m.db.order.findUniqueOrThrow({ where: { id: order.id } })).tipCents).toBe(200);
    expect(await balance(m.post.account.courier(courier.id))).toBe(courierBefore);
    expect(await ledgerProblems()).toEqual([]);
  });

  it("a card order: a new charge of the difference through the provider, once for 20 parallel raises; the courier is paid once", async () => {
    const { s, user, courier } = await people();
    const order = await delivered(s, user, courier, "card");
    const courierBefore = await balance(m.post.account.courier(courier.id));
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => m.tip.raiseTip(user, order.id, 700)));
    expect(results.filter((result) => result.status === "rejected")).toEqual([]);
    expect((await m.db.order.findUniqueOrThrow({ where: { id: order.id } })).tipCents).toBe(700);
    expect(await balance(m.post.account.courier(courier.id))).toBe(courierBefore + 500);
    const charges = await m.db.testProviderIntent.findMany({ where: { returnUrl: `/orders/${order.id}` } });
    expect(charges.map((charge) => [charge.amountCents, charge.capturedCents])).toEqual([[500, 500]]);
    expect(await ledgerProblems()).toEqual([]);
  });

  it("a declined card changes nothing: 402 beside `tip`", async () => {
    const { s, user, courier } = await people();
    const order = await delivered(s, user, courier, "card");
    // The card on file is replaced by one that declines, after the order was paid.
    const token = await m.provider.tokenize({ number: "4000000000000002", expMonth: 12, expYear: 2034, cvc: "123", postalCode: "94110" });
    await m.methods.saveCard(user, { paymentMethodId: token.id, makeDefault: true });
    const courierBefore = await balance(m.post.account.courier(courier.id));
    await expect(m.tip.raiseTip(user, order.id, 900)).rejects.toMatchObject({ status: 402, errors: { tip: "Your card was declined. Try another card." } });
    const after = await m.db.order.findUniqueOrThrow({ where: { id: order.id } });
    expect([after.tipCents, after.totalCents]).toEqual([order.tipCents, order.totalCents]);
    expect(await balance(m.post.account.courier(courier.id))).toBe(courierBefore);
    expect(await m.db.ledgerEntry.count({ where: { key: { startsWith: `order:${order.id}:tip:` } } })).toBe(0);
    expect(await ledgerProblems()).toEqual([]);
  });

  it("a card whose bank asks for 3-D Secure: the challenge's 402 (nothing changed), then the raise with the authorized charge; a failed challenge changes nothing, another card does", async () => {
    const { s, user, courier } = await people();
    const order = await delivered(s, user, courier, "card");
    const token = await m.provider.tokenize({ number: "4000002500003155", expMonth: 12, expYear: 2034, cvc: "123", postalCode: "94110" });
    const secure = await m.methods.saveCard(user, { paymentMethodId: token.id, makeDefault: true });
    const courierBefore = await balance(m.post.account.courier(courier.id));
    const asked = async (tip: number, pay: { paymentMethodId?: number; paymentIntent?: string } = {}) => {
      const error = await m.tip.raiseTip(user, order.id, tip, new Date(), pay).then(
        () => null,
        (failure: unknown) =>
          failure as { status: number; errors: Record<string, string>; extra?: { payment?: { state: string; intentId: string; challengeUrl: string } } },
      );
      return error;
    };
    const unchanged = async () => {
      const after = await m.db.order.findUniqueOrThrow({ where: { id: order.id } });
      expect([after.tipCents, after.totalCents]).toEqual([order.tipCents, order.totalCents]);
      expect(await balance(m.post.account.courier(courier.id))).toBe(courierBefore);
    };

    // Failed: the challenge's 402, then the bank refuses; nothing changes.
    const first = await asked(600);
    expect(first).toMatchObject({ status: 402, errors: { tip: "Confirm this payment with your bank to raise the tip." } });
    const failed = first!.extra!.payment!;
    expect(failed).toMatchObject({ state: "requires_action", challengeUrl: `/test-provider/3ds/${failed.intentId}` });
    await unchanged();
    await m.provider.completeChallenge(failed.intentId, false);
    expect(await asked(600, { paymentIntent: failed.intentId })).toMatchObject({ status: 402, errors: { tip: expect.stringMatching(/bank/) } });
    await unchanged();

    // Another card: the test Visa, charged at once.
    const visa = (await m.methods.listCards(user)).find((card) => card.last4 === "4242")!;
    expect(await asked(600, { paymentMethodId: visa.id })).toBeNull();
    expect((await m.db.order.findUniqueOrThrow({ where: { id: order.id } })).tipCents).toBe(600);

    // Passed: the same card again for a further raise, the challenge then the raise; once, however many times it is sent.
    const second = await asked(900, { paymentMethodId: secure.id });
    const passed = second!.extra!.payment!;
    expect(second).toMatchObject({ status: 402 });
    // Someone else's order, or another amount, cannot use it.
    expect(await asked(1000, { paymentIntent: passed.intentId })).toMatchObject({ status: 400, errors: { tip: expect.any(String) } });
    await m.provider.completeChallenge(passed.intentId, true);
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => m.tip.raiseTip(user, order.id, 900, new Date(), { paymentIntent: passed.intentId })));
    expect(results.filter((result) => result.status === "rejected")).toEqual([]);
    expect((await m.db.order.findUniqueOrThrow({ where: { id: order.id } })).tipCents).toBe(900);
    expect(await balance(m.post.account.courier(courier.id))).toBe(courierBefore + 700);
    const charge = await m.db.testProviderIntent.findUniqueOrThrow({ where: { id: passed.intentId } });
    expect([charge.amountCents, charge.capturedCents]).toEqual([300, 300]);
    expect(await m.db.payment.findMany({ where: { intentId: passed.intentId }, select: { state: true, purpose: true, orderId: true } })).toEqual([
      { state: "captured", purpose: "tip", orderId: null },
    ]);
    expect(await ledgerProblems()).toEqual([]);
  });

  it("a 3-D Secure charge another request captured but had not written yet (a duplicate in flight, or one that stopped there): the raise is recorded once on it, and the charge cannot pay a later raise", async () => {
    const { s, user, courier } = await people();
    const order = await delivered(s, user, courier, "card");
    const token = await m.provider.tokenize({ number: "4000002500003155", expMonth: 12, expYear: 2034, cvc: "123", postalCode: "94110" });
    const secure = await m.methods.saveCard(user, { paymentMethodId: token.id, makeDefault: true });
    const courierBefore = await balance(m.post.account.courier(courier.id));
    const challenge = await m.tip
      .raiseTip(user, order.id, 900, new Date(), { paymentMethodId: secure.id })
      .catch((failure: { extra: { payment: { intentId: string } } }) => failure);
    const intentId = (challenge as { extra: { payment: { intentId: string } } }).extra.payment.intentId;
    await m.provider.completeChallenge(intentId, true);
    // What the request that got there first did before its write: the provider's capture.
    await m.provider.testProvider.capture(intentId, `capture:${intentId}`);

    await m.tip.raiseTip(user, order.id, 900, new Date(), { paymentIntent: intentId });
    expect((await m.db.order.findUniqueOrThrow({ where: { id: order.id } })).tipCents).toBe(900);
    expect(await balance(m.post.account.courier(courier.id))).toBe(courierBefore + 900 - order.tipCents);
    // The same raise again is the order as it stands; its charge for another raise is refused.
    await m.tip.raiseTip(user, order.id, 900, new Date(), { paymentIntent: intentId });
    const sameAmountAgain = 900 + (900 - order.tipCents);
    const again = await m.tip.raiseTip(user, order.id, sameAmountAgain, new Date(), { paymentIntent: intentId }).catch((failure: unknown) => failure);
    expect(again).toMatchObject({ status: 409, errors: { paymentIntent: "Already used" } });
    expect((await m.db.order.findUniqueOrThrow({ where: { id: order.id } })).tipCents).toBe(900);
    expect(await balance(m.post.account.courier(courier.id))).toBe(courierBefore + 900 - order.tipCents);
    expect(await ledgerProblems()).toEqual([]);
  });

  it("the courier's earnings count the delivery once, its pay with the raise, in the day's list and in today's", async () => {
    const { courierEarnings } = await import("../payouts/courier");
    const { courierSummary } = await import("../dispatch/state");
    const { s, user, courier } = await people();
    const order = await delivered(s, user, courier, "wallet");
    await m.db.deliveryJob.update({ where: { orderId: order.id }, data: { closedAt: new Date() } });
    const before = await courierEarnings({ id: courier.id, firstName: "Cora" });
    const pay = before.entries.find((entry) => entry.orderId === order.id)!.amount;
    await m.tip.raiseTip(user, order.id, 500);

    const after = await courierEarnings({ id: courier.id, firstName: "Cora" });
    expect(after.entries.filter((entry) => entry.orderId === order.id)).toEqual([expect.objectContaining({ kind: "delivery", amount: pay + 3 })]);
    expect(after.days).toEqual([expect.objectContaining({ deliveries: 1, earnings: pay + 3 })]);
    expect((await courierSummary({ id: courier.id, firstName: "Cora" })).today).toEqual({ deliveries: 1, earnings: pay + 3 });
  });
});
