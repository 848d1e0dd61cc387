import { describe, expect, it } from "vitest";
import { restaurantInput, setUpTestDatabase } from "../platform/testing/db";

// Reconciliation: the test provider's records against the ledger, on a real
// database. After card orders, a refund and a paid payout it finds nothing; a capture the provider
// made that the ledger never heard of is found, raised once (a row and each operator told), and
// running again raises nothing more.

setUpTestDatabase({ TEST_PAYMENTS_WEBHOOK_DELAY_MS: "0" });

const m = {
  db: (await import("../platform/db")).db,
  sql: await import("../platform/sql"),
  manage: await import("../restaurants/manage"),
  accept: await import("../orders/accept"),
  complete: await import("../orders/complete"),
  orders: await import("../ledger/orders"),
  payments: await import("../payments/card-checkout"),
  sync: await import("../payments/sync"),
  lifecycle: await import("./lifecycle"),
  accounts: await import("./accounts"),
  reconcile: await import("./reconcile"),
  webhook: await import("./webhook"),
  webhooks: await import("../payments/webhooks"),
  testProvider: await import("../payments/providers/test/provider"),
  testPayouts: await import("../payments/providers/test/payouts"),
  methods: await import("../payments/methods"),
  topUp: await import("../payments/top-up"),
  tip: await import("../orders/tip-raise"),
  issues: await import("./reconciliation-issues"),
  check: await import("../ledger/check"),
};

/** After the grace: what just moved counts. */
const soon = () => new Date(Date.now() + m.reconcile.RECONCILE_GRACE_MS + 60_000);

async function settle() {
  await m.lifecycle.sendPayouts();
  await m.testPayouts.advanceTestPayouts(new Date());
  await m.testProvider.deliverTestWebhooks(async (body, signature) => {
    await m.webhooks.handleWebhook("test", body, signature, new Date(), m.webhook.applyPayoutWebhook);
    return true;
  });
}

async function cardOrder(restaurant: { id: number; name: string }) {
  const customer = await m.db.user.create({ data: { firstName: "Ada" } });
  const money = { subtotalCents: 4_000, deliveryFeeCents: 0, priorityFeeCents: 0, serviceFeeCents: 300, tipCents: 0, discountCents: 0 };
  return m.payments.cardCheckout(
    customer,
    { paymentMethod: "card" },
    { fields: "", returnPath: "/checkout" },
    async () => 4_300,
    (payment) =>
      m.db.$transaction(async (tx) => {
        const placed = await tx.order.create({
          data: {
            userId: customer.id,
            restaurantId: restaurant.id,
            restaurantName: restaurant.name,
            stage: "placed",
            paymentMethod: "card",
            pickup: true,
            ...money,
            totalCents: 4_300,
            submittedAt: new Date(),
          },
        });
        await payment.pay(m.sql.sqlOf(tx), { id: placed.id, totalCents: 4_300 });
        return placed;
      }),
  );
}

describe("reconciliation with the payment provider", () => {
  it("finds nothing after captures, a refund and a paid payout; a provider capture with no ledger line is found and raised once", async () => {
    const operator = await m.db.user.create({ data: { firstName: "Op", operator: true } });
    const owner = await m.db.user.create({ data: { firstName: "Owner", restaurantOwner: true } });
    const restaurant = await m.manage.createRestaurant(owner, restaurantInput());
    const delivered = await cardOrder(restaurant);
    await m.complete.closeIncomingOrder(owner, restaurant.id, delivered.id, "Completed");
    const refunded = await cardOrder(restaurant);
    await m.accept.acceptOrder(owner, restaurant.id, refunded.id, 20);
    await m.complete.closeIncomingOrder(owner, restaurant.id, refunded.id, "Completed");
    // A support refund in full: the ledger gives it back to the card, the sync refunds it at the provider.
    await m.sql.sqlTransaction((sql) => m.orders.refundOrder(sql, refunded.id));
    await m.sync.syncPayments();
    const account = `restaurant:${restaurant.id}`;
    await m.accounts.savePayoutAccount(account, { holderName: "Ada Lovelace", routingNumber: "110000000", accountNumber: "000123456789" });
    await settle();
    const closedAt = (await m.db.order.findUniqueOrThrow({ where: { id: delivered.id } })).closedAt!;
    const payout = await m.lifecycle.requestPayout(account, 1_500, "amount", new Date(closedAt.getTime() + 49 * 3600_000));
    await settle();
    expect(await m.db.payout.findUniqueOrThrow({ where: { id: payout.id } })).toMatchObject({ state: "paid" });
    expect((await m.db.testProviderIntent.findMany()).map((intent) => intent.refundedCents).filter(Boolean)).toEqual([4_300]);

    // A wallet top-up by card: its capture is the ledger's external -> wallet-paid entry, no order's.
    const saver = await m.db.user.create({ data: { firstName: "Grace", email: "grace@example.com" } });
    const token = await m.testProvider.tokenize({ number: "4242424242424242", expMonth: 12, expYear: 2034, cvc: "123", postalCode: "94110" });
    await m.methods.saveCard(saver, { paymentMethodId: token.id, makeDefault: true });
    await m.topUp.topUpByCard(saver, saver.id, { amountCents: 2_000 }, "reconcile-top-up");

    // A tip raised by card after delivery (its Payment, purpose tip), and two different raises racing:
    // whichever loses has its charge given back at the provider and in the ledger.
    const tipper = await m.db.user.findUniqueOrThrow({ where: { id: delivered.userId } });
    await m.tip.raiseTip(tipper, delivered.id, 300);
    await Promise.allSettled([m.tip.raiseTip(tipper, delivered.id, 500), m.tip.raiseTip(tipper, delivered.id, 700)]);
    await settle();
    const tipPayments = await m.db.payment.findMany({ where: { purpose: "tip", userId: tipper.id } });
    const kept = tipPayments.reduce((sum, payment) => sum + payment.capturedCents - payment.refundedCents, 0);
    expect(kept).toBe((await m.db.order.findUniqueOrThrow({ where: { id: delivered.id } })).tipCents);

    expect(await m.reconcile.reconciliationDifferences(soon())).toEqual([]);
    expect(await m.reconcile.reconciliationDifferences(soon(), new Date(0))).toEqual([]);
    expect(await m.sql.sqlTransaction((sql) => m.check.ledgerProblems(sql))).toEqual([]);

    // A capture at the provider the ledger never heard of (no payment row, no ledger line).
    const card = await m.testProvider.tokenize({ number: "4242424242424242", expMonth: 12, expYear: 2034, cvc: "123", postalCode: "94110" });
    const stray = await m.testProvider.testProvider.authorize({
      amountCents: 999,
      currency: "USD",
      paymentMethodId: card.id,
      idempotencyKey: "stray",
      returnUrl: "/",
    });
    await m.testProvider.testProvider.capture(stray.id, "stray-capture");
    // Within the grace (the webhook may be on its way): not yet.
    expect(await m.reconcile.reconciliationDifferences(new Date())).toEqual([]);
    const differences = [{ kind: "capture", objectId: stray.id, providerCents: 999, ledgerCents: 0 }];
    expect(await m.reconcile.reconciliationDifferences(soon())).toEqual(differences);

    const [first, second] = await Promise.all([m.reconcile.reconcile(soon()), m.reconcile.reconcile(soon())]);
    expect(first!.raised + second!.raised).toBe(1);
    expect((await m.reconcile.reconcile(soon())).raised).toBe(0);
    expect(await m.issues.listReconciliationIssues("open")).toEqual([
      expect.objectContaining({ kind: "capture", objectId: stray.id, provider: 9.99, ledger: 0, resolution: null }),
    ]);
    const told = await m.db.notification.findMany({ where: { userId: operator.id, kind: "operator_reconciliation", channel: "in_app" } });
    expect(told).toHaveLength(1);
    expect(JSON.parse(told[0]!.payload).note).toBe(`capture ${stray.id}: the provider has $9.99, the ledger $0.00`);
  });
});
