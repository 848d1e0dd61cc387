import { describe, expect, it } from "vitest";
import type { User } from "@/lib/generated/prisma/client";
import { submitOrderSchema } from "@/lib/contract/orders/checkout-rules";
import { orderActionSchema } from "@/lib/contract/operators/rules";
import { placeOrderSchema } from "@/lib/contract/orders/rules";
import { problemReportSchema } from "@/lib/contract/problems/rules";
import { CHARGE_DISPUTED } from "@/lib/shared/money/disputes";
import { setUpTestDatabase } from "../platform/testing/db";
import { inEnglish } from "@/lib/contract/testing/in-english";
import { rejectionOf } from "@/lib/shared/orders/order-stages";

// Every refund path against a disputed card charge (docs/architecture/disputes.md "Refunds of a
// disputed charge"), through the built-in test provider's disputing card 4000 0000 0000 0259, on a
// real migrated database (SQLite, or PostgreSQL under `npm run test:postgres`): a problem report,
// a reject, an order change, an operator's refund and a refused courier's pay never give the card
// back more than was captured less what its bank took back; a refund the provider refuses as
// disputed (charge_disputed) is asked once, and the dispute settles what it owed; refunds and a
// dispute racing on one order move the money once. Judged by the provider's own totals (captured,
// refunded, disputed) and the ledger's invariants.

setUpTestDatabase({ TEST_PAYMENTS_WEBHOOK_DELAY_MS: "0", EARNINGS_HOLD_SECONDS: "0" });

const m = {
  db: (await import("../platform/db")).db,
  sql: await import("../platform/sql"),
  accept: await import("../orders/accept"),
  reject: await import("../orders/reject"),
  complete: await import("../orders/complete"),
  paid: await import("../orders/testing/place-paid"),
  provider: await import("./providers/test/provider"),
  testDisputes: await import("./providers/test/disputes"),
  methods: await import("./methods"),
  webhooks: await import("./webhooks"),
  sync: await import("./sync"),
  disputes: await import("./disputes"),
  payments: await import("./queries/sync-claims"),
  check: await import("../ledger/check"),
  post: await import("../ledger/post"),
  ledgerOrders: await import("../ledger/orders"),
  refund: await import("../ledger/refund"),
  report: await import("../problems/report"),
  owner: await import("../problems/decide-as-owner"),
  actions: await import("../operators/order-actions"),
  detail: await import("../operators/order-detail"),
  mark: await import("../order-changes/mark"),
  answer: await import("../order-changes/answer"),
  fixtures: await import("../platform/testing/fixtures"),
};

const DISPUTING = "4000000000000259";
const inTx = <T>(work: (sql: import("../platform/sql").Sql) => Promise<T>) => m.sql.sqlTransaction(work);
const ledgerProblems = () => inTx((sql) => m.check.ledgerProblems(sql));
const balance = (id: string) => inTx((sql) => m.post.balanceOf(sql, id));
/** The test provider's webhooks due within the next second, through the route's handler. */
const deliverWebhooks = () =>
  m.provider.deliverTestWebhooks(
    async (body, signature) => {
      await m.webhooks.handleWebhook("test", body, signature);
      return true;
    },
    new Date(Date.now() + 1_000),
  );
/** Everything the jobs would do: events sent, the provider asked for what is owed, twice over. */
const settleAll = async () => {
  for (let pass = 0; pass < 2; pass++) {
    await deliverWebhooks();
    await m.sync.syncPayments();
  }
  await deliverWebhooks();
};

async function customerWith(number: string): Promise<User> {
  const user = await m.fixtures.customer("disputer");
  const token = await m.provider.tokenize({ number, expMonth: 12, expYear: 2034, cvc: "123", postalCode: "94110" });
  await m.methods.saveCard(user, { paymentMethodId: token.id, makeDefault: true });
  return user;
}

/** A shop whose menu also has a $1 sauce (a claim on it is a small one, approved at once where nothing is disputed). */
async function shop() {
  const s = await m.fixtures.shop();
  const sauce = await m.db.menuItem.create({
    data: { restaurantId: s.restaurant.id, name: "Sauce", description: ".", priceCents: 100, foodImage: "/d.webp", foodType: "appetizer" },
  });
  return { ...s, sauce };
}
type Shop = Awaited<ReturnType<typeof shop>>;

/** Two dumplings and a sauce by card, accepted (captured: the disputing card is disputed at the provider now); `pickup` or delivered by a courier's job. */
async function acceptedOrder(s: Shop, user: User, deliveryOption: "pickup" | "standard" = "pickup") {
  const submit = submitOrderSchema.parse({ deliveryOption, tip: 0, paymentMethod: "card" });
  const cart = placeOrderSchema.parse({
    restaurantId: s.restaurant.id,
    items: [
      { menuItemId: s.dish.id, quantity: 2 },
      { menuItemId: s.sauce.id, quantity: 1 },
    ],
    submit,
  });
  const placed = await m.paid.placePaid(user, { cart }, submit);
  await m.accept.acceptOrder(s.owner, s.restaurant.id, placed.id, 20);
  return m.db.order.findUniqueOrThrow({ where: { id: placed.id }, include: { orderItems: { orderBy: { id: "asc" } } } });
}

async function completed(s: Shop, user: User) {
  const order = await acceptedOrder(s, user);
  await m.complete.closeIncomingOrder(s.owner, s.restaurant.id, order.id, "Completed");
  return order;
}

/** The card's totals at the provider: captured, refunded, and what its open or lost disputes hold. */
async function cardTotals(orderId: number) {
  const payment = await m.db.payment.findFirstOrThrow({ where: { orderId }, orderBy: { id: "desc" } });
  const intent = await m.db.testProviderIntent.findUniqueOrThrow({ where: { id: payment.intentId } });
  const disputes = await m.db.testProviderDispute.findMany({ where: { intentId: payment.intentId, status: { not: "won" } } });
  return { captured: intent.capturedCents, refunded: intent.refundedCents, disputed: disputes.reduce((sum, dispute) => sum + dispute.amountCents, 0) };
}
const expectNeverPastTheCharge = async (orderId: number) => {
  const card = await cardTotals(orderId);
  expect(card.refunded + card.disputed).toBeLessThanOrEqual(card.captured);
  return card;
};
/** What the order's ledger still owes its card (card-refunds' share). */
const owedToCard = async (orderId: number) => (await inTx((sql) => m.refund.orderShares(sql, orderId))).get(m.post.account.cardRefunds) ?? 0;
const dumplingsReport = (order: Awaited<ReturnType<typeof acceptedOrder>>) =>
  problemReportSchema.parse({ lines: [{ orderItemId: order.orderItems[0]!.id, quantity: 2, reason: "missing" }] });
async function operator() {
  const user = await m.db.user.create({ data: { firstName: "Nia", email: `nia${Date.now()}${Math.random()}@example.com`, operator: true } });
  return { id: user.id, firstName: user.firstName };
}

describe("refunds of a disputed card charge", () => {
  it("a problem report says the charge is disputed, is not approved at once, and its approval is refused: the card gets nothing past captured less disputed", async () => {
    const s = await shop();
    const user = await customerWith(DISPUTING);
    const order = await completed(s, user);
    await deliverWebhooks();
    const restaurant = m.post.account.restaurant(s.restaurant.id);
    const before = await balance(restaurant);

    // A $1 claim would be approved at once; on a disputed charge it waits, and says why.
    const sauce = problemReportSchema.parse({ lines: [{ orderItemId: order.orderItems[1]!.id, quantity: 1, reason: "missing" }] });
    const reported = await m.report.submitProblem(user, order.id, sauce, null);
    expect(reported).toMatchObject({ status: "pending", chargeDispute: "needs_response", refund: null });
    await expect(m.owner.decideAsOwner(s.owner, s.restaurant.id, reported.id, { decision: "approve_all" })).rejects.toMatchObject({
      status: 409,
      message: inEnglish(CHARGE_DISPUTED),
    });
    expect(await m.db.problemReport.findUniqueOrThrow({ where: { id: reported.id } })).toMatchObject({ status: "pending", refundCents: 0 });
    // Declined instead: nothing moves.
    const declined = await m.owner.decideAsOwner(s.owner, s.restaurant.id, reported.id, { decision: "decline", reason: "Your bank is refunding you" });
    expect(declined).toMatchObject({ status: "declined", chargeDispute: "needs_response" });
    await settleAll();
    expect(await balance(restaurant)).toBe(before);
    expect(await expectNeverPastTheCharge(order.id)).toEqual({ captured: order.totalCents, refunded: 0, disputed: order.totalCents });
    expect(await ledgerProblems()).toEqual([]);
  });

  it("approved before the dispute was heard of: the provider refuses the refund (charge_disputed) once, the sync stops asking, the dispute settles what it owed; won, the refund goes through", async () => {
    const s = await shop();
    const user = await customerWith(DISPUTING);
    const order = await completed(s, user);
    const restaurant = m.post.account.restaurant(s.restaurant.id);
    const earned = await balance(restaurant);
    const reported = await m.report.submitProblem(user, order.id, dumplingsReport(order), null);
    const approved = await m.owner.decideAsOwner(s.owner, s.restaurant.id, reported.id, { decision: "approve_all" });
    const refund = Math.round(approved.refund!.amount * 100);
    expect(refund).toBeGreaterThan(0);
    const afterRefund = await balance(restaurant);
    expect(afterRefund).toBeLessThan(earned);

    await m.sync.syncPayments();
    const refused = await m.db.payment.findFirstOrThrow({ where: { orderId: order.id } });
    expect(refused).toMatchObject({ state: "captured", refundedCents: 0, failureCode: "charge_disputed" });
    // Recorded: the job's question leaves it out, and the provider is not asked again.
    expect(await inTx((sql) => m.payments.ordersToSync(sql, 500))).not.toContain(order.id);

    await deliverWebhooks();
    const dispute = await m.db.dispute.findFirstOrThrow({ where: { orderId: order.id } });
    const withdrawn = await m.db.ledgerEntry.findUniqueOrThrow({ where: { key: `dispute:${dispute.id}:withdrawn` }, include: { lines: true } });
    expect(withdrawn.lines.map((line) => [line.account, line.amountCents])).toEqual(
      expect.arrayContaining([
        ["external", order.totalCents],
        ["card-refunds", -refund],
        [restaurant, -(order.totalCents - refund)],
      ]),
    );
    // The card is owed nothing more: its bank returned the whole charge, the refund's part included.
    expect(await owedToCard(order.id)).toBe(0);
    await settleAll();
    expect(await expectNeverPastTheCharge(order.id)).toEqual({ captured: order.totalCents, refunded: 0, disputed: order.totalCents });
    // The restaurant gave its part of the refund once, and the dispute only the rest of the charge: the refund's part is not taken twice.
    expect(await balance(restaurant)).toBe(afterRefund - (order.totalCents - refund));
    // Its receipt does not say "Refund pending" forever.
    expect((await inTx((sql) => m.ledgerOrders.receiptRefunds(sql, order))).map((line) => line.pending)).toEqual([false]);
    expect(await ledgerProblems()).toEqual([]);

    // Won: the charge stands again, and the approved refund reaches the card through the provider.
    await m.testDisputes.resolveTestDispute(dispute.providerDisputeId, "won");
    await settleAll();
    expect(await m.db.payment.findFirstOrThrow({ where: { orderId: order.id } })).toMatchObject({ failureCode: null, refundedCents: refund });
    expect(await expectNeverPastTheCharge(order.id)).toEqual({ captured: order.totalCents, refunded: refund, disputed: 0 });
    expect(await owedToCard(order.id)).toBe(0);
    expect(await ledgerProblems()).toEqual([]);
  });

  it("a reject after the capture: the whole refund owes the card nothing its bank returned, whether the dispute was heard of before or after", async () => {
    for (const heardFirst of [true, false]) {
      const s = await shop();
      const user = await customerWith(DISPUTING);
      const order = await acceptedOrder(s, user, "standard");
      if (heardFirst) await deliverWebhooks();
      await m.reject.rejectOrder(s.owner, s.restaurant.id, order.id, rejectionOf("closing", "kitchen closed"));
      await settleAll();
      const restaurant = m.post.account.restaurant(s.restaurant.id);
      // The restaurant is not charged for a charge its bank returned on an order it never made.
      expect(await balance(restaurant)).toBe(0);
      expect(await owedToCard(order.id)).toBe(0);
      expect(await expectNeverPastTheCharge(order.id)).toEqual({ captured: order.totalCents, refunded: 0, disputed: order.totalCents });
      expect(await ledgerProblems()).toEqual([]);
    }
  });

  it("an operator's refund is refused and the operator's order page shows the dispute; a dish removed from the order repays the restaurant, not the card", async () => {
    const s = await shop();
    const user = await customerWith(DISPUTING);
    const order = await acceptedOrder(s, user, "standard");
    await deliverWebhooks();
    const nia = await operator();
    const detail = await m.detail.operatorOrderDetail(nia, order.id);
    expect(detail).toMatchObject({
      refundable: 0,
      can: { refund: false },
      dispute: { status: "needs_response", amount: order.totalCents / 100, withdrawn: order.totalCents / 100, absorbed: false },
    });
    const refund = orderActionSchema.parse({ action: "refund", amount: "5.00", reason: "Cold food" });
    await expect(m.actions.actOnOrder(nia, order.id, refund)).rejects.toMatchObject({ status: 409, message: inEnglish(CHARGE_DISPUTED) });

    // The kitchen runs out of one dumpling; the customer has it removed.
    const restaurant = m.post.account.restaurant(s.restaurant.id);
    const before = await balance(restaurant);
    const changeId = await m.mark.markUnavailable(s.owner, s.restaurant.id, order.id, { orderItemId: order.orderItems[0]!.id, quantity: 1 });
    await m.answer.answerChange(user, order.id, changeId, "remove");
    const changed = await m.db.order.findUniqueOrThrow({ where: { id: order.id } });
    const removed = order.totalCents - changed.totalCents;
    expect(removed).toBeGreaterThan(0);
    expect(await balance(restaurant)).toBe(before + removed);
    expect(await owedToCard(order.id)).toBe(0);
    await m.complete.closeIncomingOrder(s.owner, s.restaurant.id, order.id, "Completed");
    await settleAll();
    expect(await expectNeverPastTheCharge(order.id)).toEqual({ captured: order.totalCents, refunded: 0, disputed: order.totalCents });
    expect(await ledgerProblems()).toEqual([]);
  });

  it("a refused courier's pay on a disputed charge goes to the restaurant that answered for the dispute, not to the card", async () => {
    const s = await shop();
    const user = await customerWith(DISPUTING);
    const courier = await m.fixtures.customer("courier");
    const submit = submitOrderSchema.parse({ deliveryOption: "standard", tipPercent: 15, paymentMethod: "card" });
    const cart = placeOrderSchema.parse({ restaurantId: s.restaurant.id, items: [{ menuItemId: s.dish.id, quantity: 2 }], submit });
    const order = await m.paid.placePaid(user, { cart }, submit);
    await m.accept.acceptOrder(s.owner, s.restaurant.id, order.id, 20);
    await deliverWebhooks();
    // Delivered by a courier whose last step was taken away from the drop-off: their pay waits for an operator.
    await m.db.deliveryJob.update({
      where: { orderId: order.id },
      data: { state: "delivered", courierId: courier.id, flaggedAt: new Date(), flagReason: "far_from_dropoff" },
    });
    await m.complete.closeIncomingOrder(s.owner, s.restaurant.id, order.id, "Completed");
    const restaurant = m.post.account.restaurant(s.restaurant.id);
    const before = await balance(restaurant);
    const held = await m.sql.sqlTransaction((sql) => m.ledgerOrders.decideCourierPay(sql, { ...order, paymentMethod: "card" }, courier.id, false));
    expect(held).toBeGreaterThan(0);
    expect(await balance(restaurant)).toBe(before + held);
    expect(await owedToCard(order.id)).toBe(0);
    await settleAll();
    expect(await expectNeverPastTheCharge(order.id)).toEqual({ captured: order.totalCents, refunded: 0, disputed: order.totalCents });
    expect(await ledgerProblems()).toEqual([]);
  });
});

describe("a dispute after a refund", () => {
  it("takes only what is still at stake: the charge less what the provider refunded", async () => {
    const s = await shop();
    const user = await customerWith("4242424242424242");
    const order = await completed(s, user);
    const nia = await operator();
    await m.actions.actOnOrder(nia, order.id, orderActionSchema.parse({ action: "refund", amount: "5.00", reason: "Cold" }));
    const payment = await m.db.payment.findFirstOrThrow({ where: { orderId: order.id } });
    expect(payment.refundedCents).toBe(500);
    // The bank's dispute names the whole charge; 5.00 of it went back to the card already.
    const row = await inTx((sql) =>
      m.disputes.applyDispute(sql, "test", {
        id: `dp_after_refund_${order.id}`,
        intentId: payment.intentId,
        amountCents: order.totalCents,
        reason: "fraudulent",
        status: "needs_response",
        evidenceDueBy: null,
      }),
    );
    const withdrawn = await m.db.ledgerEntry.findUniqueOrThrow({ where: { key: `dispute:${row!.id}:withdrawn` }, include: { lines: true } });
    expect(withdrawn.lines.find((line) => line.account === "external")?.amountCents).toBe(order.totalCents - 500);
    const detail = await m.detail.operatorOrderDetail(nia, order.id);
    expect(detail).toMatchObject({ refundable: 0, dispute: { withdrawn: (order.totalCents - 500) / 100 } });
    expect(await ledgerProblems()).toEqual([]);
  });
});

describe("refunds racing on one order", () => {
  it("an operator's refund, a report's approval and the dispute's webhook at once never give the card more than captured less disputed", async () => {
    for (const number of ["4242424242424242", DISPUTING]) {
      const s = await shop();
      const user = await customerWith(number);
      const order = await completed(s, user);
      const reported = await m.report.submitProblem(user, order.id, dumplingsReport(order), null);
      const [first, second] = [await operator(), await operator()];
      const most = (order.totalCents * 0.7) / 100;
      const answers = await Promise.allSettled([
        m.actions.actOnOrder(first, order.id, orderActionSchema.parse({ action: "refund", amount: most.toFixed(2), reason: "Cold" })),
        m.actions.actOnOrder(second, order.id, orderActionSchema.parse({ action: "refund", amount: most.toFixed(2), reason: "Cold" })),
        m.owner.decideAsOwner(s.owner, s.restaurant.id, reported.id, { decision: "approve_all" }),
        deliverWebhooks(),
      ]);
      // Whatever passed, the ledger never owed the card more than its charge less what its bank took back.
      for (const answer of answers) if (answer.status === "rejected") expect((answer.reason as { status: number }).status).toBeGreaterThanOrEqual(400);
      await settleAll();
      const card = await expectNeverPastTheCharge(order.id);
      if (number === DISPUTING) expect(card.disputed).toBe(order.totalCents);
      else expect(card.refunded).toBeGreaterThan(0);
      // Nothing left owed that the provider will never pay, and nothing left for the job to retry.
      expect(await owedToCard(order.id)).toBe(0);
      expect(await inTx((sql) => m.payments.ordersToSync(sql, 500))).not.toContain(order.id);
      expect(await ledgerProblems()).toEqual([]);
    }
  });
});
