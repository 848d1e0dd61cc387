import { describe, expect, it } from "vitest";
import { restaurantInput, setUpTestDatabase } from "../platform/testing/db";

// Payouts to a verified payout account (docs/architecture/payouts.md), on a real
// database with the built-in test provider (no delay): bank details checked field by field; a
// payout waits while the account is pending verification; only the provider's webhook ends a
// payout (payout.paid moves it to external, payout.failed back to the balance), once however many
// times the event arrives at once.

setUpTestDatabase({ TEST_PAYMENTS_WEBHOOK_DELAY_MS: "0" });

const m = {
  db: (await import("../platform/db")).db,
  sql: await import("../platform/sql"),
  manage: await import("../restaurants/manage"),
  complete: await import("../orders/complete"),
  payments: await import("../payments/card-checkout"),
  post: await import("../ledger/post"),
  check: await import("../ledger/check"),
  lifecycle: await import("./lifecycle"),
  restaurant: await import("./restaurant"),
  accounts: await import("./accounts"),
  webhook: await import("./webhook"),
  webhooks: await import("../payments/webhooks"),
  testProvider: await import("../payments/providers/test/provider"),
  testPayouts: await import("../payments/providers/test/payouts"),
};

const BANK = { holderName: "Ada Lovelace", routingNumber: "110000000" };
const VERIFIES = "000123456789";
const STAYS_PENDING = "000999999991";
const PAYOUTS_FAIL = "000111111116";

const balance = (account: string) => m.sql.sqlTransaction((sql) => m.post.balanceOf(sql, account));
const deliver = (body: string) => m.webhooks.handleWebhook("test", body, m.testProvider.signWebhook(body), new Date(), m.webhook.applyPayoutWebhook);

/** Waiting payouts sent, the provider's clock moved on and its due webhooks delivered through the route's handler. */
async function settle() {
  await m.lifecycle.sendPayouts();
  await m.testPayouts.advanceTestPayouts(new Date());
  await m.testProvider.deliverTestWebhooks(async (body) => {
    await deliver(body);
    return true;
  });
}

let owners = 0;

/** An owner (email verified: payouts wait for it) and restaurant with a delivered card order whose report window has closed: `later`, when 26.00 is available. */
async function restaurantWithEarnings() {
  const owner = await m.db.user.create({ data: { firstName: "Owner", email: `owner${++owners}@example.com`, emailVerifiedAt: new Date(), restaurantOwner: true } });
  const restaurant = await m.manage.createRestaurant(owner, restaurantInput());
  const customer = await m.db.user.create({ data: { firstName: "Ada" } });
  const money = { subtotalCents: 4_000, deliveryFeeCents: 0, priorityFeeCents: 0, serviceFeeCents: 300, tipCents: 0, discountCents: 800 };
  const totalCents = 3_500;
  const order = await m.payments.cardCheckout(
    customer,
    { paymentMethod: "card" },
    { fields: "", returnPath: "/checkout" },
    async () => totalCents,
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
            totalCents,
            submittedAt: new Date(),
          },
        });
        await payment.pay(m.sql.sqlOf(tx), { id: placed.id, totalCents: totalCents });
        return placed;
      }),
  );
  await m.complete.closeIncomingOrder(owner, restaurant.id, order.id, "Completed");
  const closedAt = (await m.db.order.findUniqueOrThrow({ where: { id: order.id } })).closedAt!;
  return { owner, restaurant, account: `restaurant:${restaurant.id}`, later: new Date(closedAt.getTime() + 49 * 3600 * 1000) };
}

const problems = () => m.sql.sqlTransaction((sql) => m.check.ledgerProblems(sql));

describe("payout accounts", () => {
  it("checks bank details by field, keeps a payout waiting while the account is pending, and pays it once verified, when the provider says so", async () => {
    const { owner, restaurant, account, later } = await restaurantWithEarnings();
    await expect(m.accounts.savePayoutAccount(account, { ...BANK, holderName: " ", accountNumber: VERIFIES })).rejects.toMatchObject({
      status: 400,
      errors: { holderName: "Enter the account holder's name." },
    });
    await expect(m.accounts.savePayoutAccount(account, { ...BANK, routingNumber: "123456789", accountNumber: VERIFIES })).rejects.toMatchObject({
      status: 400,
      errors: { routingNumber: "Enter a 9-digit routing number." },
    });
    await expect(m.accounts.savePayoutAccount(account, { ...BANK, accountNumber: "12" })).rejects.toMatchObject({
      status: 400,
      errors: { accountNumber: expect.any(String) },
    });
    await expect(m.accounts.savePayoutAccount(account, { ...BANK, accountNumber: "000123456780" })).rejects.toMatchObject({
      status: 400,
      errors: { accountNumber: expect.stringMatching(/not a test account/) },
    });
    expect(await m.accounts.payoutAccountOf(account)).toBeNull();

    expect(await m.accounts.savePayoutAccount(account, { ...BANK, accountNumber: STAYS_PENDING })).toMatchObject({
      status: "pending",
      payoutsEnabled: false,
      label: "Verification pending",
      bankLast4: "9991",
    });
    // The number itself is stored nowhere: only its last four.
    expect(JSON.stringify(await m.db.testProviderPayoutAccount.findMany())).not.toContain(STAYS_PENDING);
    expect(JSON.stringify(await m.db.payoutAccount.findMany())).not.toContain(STAYS_PENDING);

    const external = await balance("external");
    const payout = await m.restaurant.payOutRestaurant(owner, restaurant.id, 1_000, later);
    expect(payout).toMatchObject({ state: "pending", amount: 10 });
    await settle();
    // Pending verification: the payout waits (its money on its way, in clearing:payouts), nothing reaches external.
    expect(await m.db.payout.findUniqueOrThrow({ where: { id: payout.id } })).toMatchObject({ state: "pending", providerPayoutId: null });
    expect(await balance(m.lifecycle.PAYOUTS_IN_TRANSIT)).toBe(1_000);
    expect(await balance("external")).toBe(external);

    // Details that verify: pending, then verified by the provider's webhook; the payout leaves and is paid.
    expect(await m.accounts.savePayoutAccount(account, { ...BANK, accountNumber: VERIFIES })).toMatchObject({ status: "pending", bankLast4: "6789" });
    await settle();
    expect(await m.accounts.payoutAccountOf(account)).toMatchObject({ status: "verified", payoutsEnabled: true, label: "Verified" });
    // Its label in the request's language (the routes pass it); every other field as stored.
    expect(await m.accounts.payoutAccountOf(account, "es")).toMatchObject({ status: "verified", payoutsEnabled: true, label: "Verificada" });
    await m.lifecycle.sendPayouts();
    const sent = await m.db.payout.findUniqueOrThrow({ where: { id: payout.id } });
    expect(sent).toMatchObject({ state: "pending", provider: "test", providerPayoutId: expect.stringMatching(/^po_/) });
    expect(await balance("external")).toBe(external);
    await settle();
    expect(await m.db.payout.findUniqueOrThrow({ where: { id: payout.id } })).toMatchObject({ state: "paid", paidAt: expect.any(Date) });
    expect(await balance("external")).toBe(external + 1_000);
    expect(await balance(m.lifecycle.PAYOUTS_IN_TRANSIT)).toBe(0);
    expect(await problems()).toEqual([]);
  });

  it("20 deliveries at once of payout.paid settle it once", async () => {
    const { owner, restaurant, account, later } = await restaurantWithEarnings();
    await m.accounts.savePayoutAccount(account, { ...BANK, accountNumber: VERIFIES });
    await settle();
    const payout = await m.restaurant.payOutRestaurant(owner, restaurant.id, 2_600, later);
    await m.testPayouts.advanceTestPayouts(new Date());
    const { providerPayoutId } = await m.db.payout.findUniqueOrThrow({ where: { id: payout.id } });
    const event = await m.db.testProviderEvent.findFirstOrThrow({ where: { intentId: providerPayoutId!, type: "payout.paid" } });
    const external = await balance("external");
    const results = await Promise.all(Array.from({ length: 20 }, () => deliver(event.payload)));
    expect(results.filter((result) => result.handled)).toHaveLength(1);
    expect(await m.db.ledgerEntry.count({ where: { key: `payout:${payout.id}:paid` } })).toBe(1);
    expect(await balance("external")).toBe(external + 2_600);
    expect(await m.db.notification.count({ where: { kind: "payout_made", cause: `payout:${payout.id}`, channel: "in_app" } })).toBe(1);
    expect(await problems()).toEqual([]);
  });

  it("a failed payout's money returns to the balance once (20 deliveries at once), the payee is told, and payouts pause until new details", async () => {
    const { owner, restaurant, account, later } = await restaurantWithEarnings();
    await m.accounts.savePayoutAccount(account, { ...BANK, accountNumber: PAYOUTS_FAIL });
    await settle();
    expect(await m.accounts.payoutAccountOf(account)).toMatchObject({ status: "verified" });
    const before = await balance(account);
    const external = await balance("external");
    const payout = await m.restaurant.payOutRestaurant(owner, restaurant.id, 2_600, later);
    expect(await balance(account)).toBe(before - 2_600);
    await m.testPayouts.advanceTestPayouts(new Date());
    const { providerPayoutId } = await m.db.payout.findUniqueOrThrow({ where: { id: payout.id } });
    const failed = await m.db.testProviderEvent.findFirstOrThrow({ where: { intentId: providerPayoutId!, type: "payout.failed" } });
    const results = await Promise.all(Array.from({ length: 20 }, () => deliver(failed.payload)));
    expect(results.filter((result) => result.handled)).toHaveLength(1);
    expect(await m.db.payout.findUniqueOrThrow({ where: { id: payout.id } })).toMatchObject({ state: "failed", failureCode: "no_account" });
    expect(await balance(account)).toBe(before);
    expect(await balance("external")).toBe(external);
    expect(await m.db.ledgerEntry.count({ where: { key: `payout:${payout.id}:returned` } })).toBe(1);
    const told = await m.db.notification.findMany({ where: { kind: "payout_made", cause: `payout:${payout.id}:failed`, channel: "in_app" } });
    expect(told).toHaveLength(1);
    expect(told[0]!.userId).toBe(owner.id);
    expect(JSON.parse(told[0]!.payload)).toMatchObject({ stage: "failed", amount: 26 });

    // The provider paused the account (account.updated): the next payout waits until new details verify.
    await settle();
    expect((await m.accounts.payoutAccountOf(account))!.label).toMatch(/^Payouts paused: your bank returned the last payout/);
    expect((await m.accounts.payoutAccountOf(account, "es"))!.label).toMatch(/^Pagos en pausa: tu banco devolvió el último pago/);
    const next = await m.restaurant.payOutRestaurant(owner, restaurant.id, 2_600, later);
    await settle();
    expect(await m.db.payout.findUniqueOrThrow({ where: { id: next.id } })).toMatchObject({ state: "pending", providerPayoutId: null });
    expect(await problems()).toEqual([]);
  });
});

describe("an account's label", () => {
  it("says what the provider needs in the reader's language; English as it was", () => {
    const restricted = {
      status: "restricted",
      payoutsEnabled: false,
      disabledReason: "requirements.past_due",
      currentlyDue: ["individual.dob.day", "individual.dob.month", "external_account", "company.tax_id"],
    };
    expect(m.accounts.accountLabel(restricted)).toBe("More information needed: date of birth, bank account, tax id");
    expect(m.accounts.accountLabel(restricted, "es")).toBe("Se necesita más información: fecha de nacimiento, cuenta bancaria, tax id");
    expect(m.accounts.accountLabel({ status: "pending", payoutsEnabled: false, disabledReason: null, detailsSubmitted: false }, "es")).toBe("Configuración sin terminar");
    expect(m.accounts.accountLabel({ ...restricted, currentlyDue: [] })).toBe("Payouts paused: the bank details could not be verified. Check them and save them again.");
    expect(m.accounts.accountLabel({ ...restricted, disabledReason: "rejected.fraud" }, "es")).toBe(
      "Pagos en pausa: el proveedor de pagos rechazó esta cuenta. Contacta al soporte de Nosh.",
    );
  });
});
