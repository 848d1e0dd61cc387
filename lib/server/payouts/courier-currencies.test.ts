import { describe, expect, it } from "vitest";
import type { User } from "@/lib/generated/prisma/client";
import { submitOrderSchema } from "@/lib/contract/orders/checkout-rules";
import { marketInputSchema } from "@/lib/contract/markets/rules";
import { placeOrderSchema } from "@/lib/contract/orders/rules";
import { courierPayCents } from "@/lib/shared/delivery/delivery";
import { setUpTestDatabase } from "../platform/testing/db";
import { inEnglish } from "@/lib/contract/testing/in-english";

// A courier's money in two currencies (docs/architecture/ledger.md "Currencies"), on a real
// migrated database: a courier delivers a USD order and a Mexico City one (MXN); each pay lands on
// the courier's account in its order's currency, the earnings answer each currency's figures
// (each equal to its account), and payouts pay each currency's balance apart, in that currency,
// leaving both accounts at zero with every ledger invariant holding.

setUpTestDatabase({ TEST_PAYMENTS_WEBHOOK_DELAY_MS: "0" });

const m = {
  db: (await import("../platform/db")).db,
  sql: await import("../platform/sql"),
  markets: await import("../markets/markets"),
  accept: await import("../orders/accept"),
  complete: await import("../orders/complete"),
  provider: await import("../payments/providers/test/provider"),
  testPayouts: await import("../payments/providers/test/payouts"),
  methods: await import("../payments/methods"),
  paid: await import("../orders/testing/place-paid"),
  webhooks: await import("../payments/webhooks"),
  check: await import("../ledger/check"),
  fixtures: await import("../platform/testing/fixtures"),
  payouts: await import("./lifecycle"),
  courier: await import("./courier"),
  accounts: await import("./accounts"),
  webhook: await import("./webhook"),
};

const delivered = submitOrderSchema.parse({ deliveryOption: "standard", tipPercent: 15, paymentMethod: "card" });
type Shop = Awaited<ReturnType<typeof m.fixtures.shop>>;

async function customerWithCard(): Promise<User> {
  const user = await m.fixtures.customer("card");
  const token = await m.provider.tokenize({ number: "4242424242424242", expMonth: 12, expYear: 2034, cvc: "123", postalCode: "94110" });
  await m.methods.saveCard(user, { paymentMethodId: token.id, makeDefault: true });
  return user;
}

async function settlePayouts() {
  await m.payouts.sendPayouts();
  await m.testPayouts.advanceTestPayouts(new Date());
  await m.provider.deliverTestWebhooks(async (body, signature) => {
    await m.webhooks.handleWebhook("test", body, signature, new Date(), m.webhook.applyPayoutWebhook);
    return true;
  });
}

/** An order of `s` paid by card, accepted, its job held and delivered by `courierId`, then closed: settled as a delivery settles. */
async function deliver(user: User, s: Shop, courierId: number) {
  const cart = placeOrderSchema.parse({ restaurantId: s.restaurant.id, items: [{ menuItemId: s.dish.id, quantity: 2 }], submit: delivered });
  const order = await m.paid.placePaid(user, { cart }, delivered);
  await m.accept.acceptOrder(s.owner, s.restaurant.id, order.id, 20);
  await m.db.deliveryJob.update({ where: { orderId: order.id }, data: { courierId, state: "delivered" } });
  await m.complete.closeIncomingOrder(s.owner, s.restaurant.id, order.id, "Completed");
  return m.db.order.findUniqueOrThrow({ where: { id: order.id } });
}

const balance = async (id: string) => (await m.db.ledgerAccount.findUnique({ where: { id } }))?.balanceCents ?? 0;

describe("a courier's earnings in two currencies", () => {
  it("answers each currency's earnings, equal to its account, and pays each out apart in its currency", async () => {
    const operator = await m.db.user.create({ data: { firstName: "Op", operator: true } });
    const market = await m.markets.openMarket(
      operator,
      marketInputSchema.parse({ code: "mexico-city", name: "Ciudad de México", currency: "MXN", timeZone: "America/Mexico_City", languages: ["es", "en"] }),
    );
    const mx = await m.fixtures.shop("mx", "Taquería");
    await m.markets.assignRestaurantMarket(operator, mx.restaurant.id, { marketId: market.id });
    const us = await m.fixtures.shop("us");
    const user = await customerWithCard();
    const dev = await m.db.user.create({ data: { firstName: "Dev", email: "dev-two-currencies@example.com", emailVerifiedAt: new Date(), courier: true } });
    const courier = { id: dev.id, firstName: "Dev" };
    const later = new Date(Date.now() + 49 * 3600_000);

    // USD only: the answer as it always was, no other currency named.
    const dollars = await deliver(user, us, dev.id);
    expect(dollars.currency).toBe("USD");
    const usdOnly = await m.courier.courierEarnings(courier, later);
    expect(usdOnly).not.toHaveProperty("currencies");
    expect(usdOnly).toMatchObject({ available: courierPayCents(dollars) / 100, days: [expect.objectContaining({ deliveries: 1 })] });

    // The MXN delivery's pay (delivery and priority fees, tip, in pesos) on the courier's MXN account.
    const pesos = await deliver(user, mx, dev.id);
    expect(pesos.currency).toBe("MXN");
    const usdCents = await balance(`courier:${dev.id}`);
    const mxnCents = await balance(`courier:${dev.id}:MXN`);
    expect([usdCents, mxnCents]).toEqual([courierPayCents(dollars), courierPayCents(pesos)]);
    expect(mxnCents).toBeGreaterThan(0);
    expect(await m.db.ledgerAccount.findUniqueOrThrow({ where: { id: `courier:${dev.id}:MXN` } })).toMatchObject({ currency: "MXN" });

    // Each currency's figures, each equal to its account; pending until the report window closes.
    const now = await m.courier.courierEarnings(courier);
    expect(now).toMatchObject({ available: 0, pending: usdCents / 100, currencies: [{ currency: "MXN", available: 0, pending: mxnCents / 100 }] });
    const earnings = await m.courier.courierEarnings(courier, later);
    expect(earnings).toMatchObject({ available: usdCents / 100, pending: 0, inFlight: null });
    expect(earnings.entries).toEqual([expect.objectContaining({ kind: "delivery", orderId: dollars.id, amount: usdCents / 100 })]);
    expect(earnings.currencies).toEqual([
      expect.objectContaining({
        currency: "MXN",
        available: mxnCents / 100,
        pending: 0,
        inFlight: null,
        entries: [expect.objectContaining({ kind: "delivery", orderId: pesos.id, restaurantName: "Taquería", amount: mxnCents / 100 })],
        days: [expect.objectContaining({ deliveries: 1, earnings: mxnCents / 100 })],
      }),
    ]);

    // Paid out apart: a payout moves one currency's balance, never more than it holds.
    await m.accounts.savePayoutAccount(`courier:${dev.id}`, { holderName: "Dev", routingNumber: "110000000", accountNumber: "000123456789" });
    await settlePayouts();
    await expect(m.courier.payOutCourier(courier, mxnCents + 1, "MXN", later)).rejects.toMatchObject({ status: 409 });
    const paid = await Promise.all([m.courier.payOutCourier(courier, usdCents, "USD", later), m.courier.payOutCourier(courier, mxnCents, "MXN", later)]);
    expect(paid).toEqual([expect.objectContaining({ amount: usdCents / 100 }), expect.objectContaining({ amount: mxnCents / 100 })]);
    // One on its way per currency: a second MXN payout waits for the first.
    await expect(m.courier.payOutCourier(courier, 1, "MXN", later)).rejects.toMatchObject({ status: 409, message: inEnglish(m.payouts.PAYOUT_IN_FLIGHT_MESSAGE) });
    const inFlight = await m.courier.courierEarnings(courier, later);
    expect(inFlight.inFlight).toMatchObject({ reference: paid[0].reference });
    expect(inFlight.currencies?.[0]?.inFlight).toMatchObject({ reference: paid[1].reference });

    await settlePayouts();
    const rows = await m.db.payout.findMany({ where: { account: { startsWith: `courier:${dev.id}` } }, orderBy: { currency: "asc" } });
    expect(rows.map(({ account, currency, amountCents, state }) => ({ account, currency, amountCents, state }))).toEqual([
      { account: `courier:${dev.id}:MXN`, currency: "MXN", amountCents: mxnCents, state: "paid" },
      { account: `courier:${dev.id}`, currency: "USD", amountCents: usdCents, state: "paid" },
    ]);
    for (const row of rows) {
      expect(await m.db.testProviderPayout.findFirstOrThrow({ where: { amountCents: row.amountCents, currency: row.currency } })).toBeTruthy();
      const lines = await m.db.ledgerLine.findMany({ where: { entry: { payoutId: row.id } }, include: { entry: true } });
      expect(lines.every((line) => line.entry.currency === row.currency)).toBe(true);
    }
    expect([await balance(`courier:${dev.id}`), await balance(`courier:${dev.id}:MXN`)]).toEqual([0, 0]);
    const after = await m.courier.courierEarnings(courier, later);
    expect(after).toMatchObject({ available: 0, currencies: [{ currency: "MXN", available: 0, payouts: [{ reference: paid[1].reference, state: "paid" }] }] });
    const told = await m.db.notification.findMany({ where: { kind: "payout_made", userId: dev.id } });
    const toldIn = told.map((row) => JSON.parse(row.payload) as { currency?: string; amount: number }).map((payload) => [payload.currency ?? "USD", payload.amount]);
    expect(new Set(toldIn.map((pair) => pair.join(" ")))).toEqual(new Set([`MXN ${mxnCents / 100}`, `USD ${usdCents / 100}`]));

    // Nothing created or destroyed: every invariant holds, each currency balanced on its own.
    expect(await m.sql.sqlTransaction((sql) => m.check.ledgerProblems(sql))).toEqual([]);
    const sums = await m.db.ledgerAccount.groupBy({ by: ["currency"], _sum: { balanceCents: true } });
    expect(sums.map((row) => [row.currency, row._sum.balanceCents]).sort()).toEqual([
      ["MXN", 0],
      ["USD", 0],
    ]);
  });
});
