import { describe, expect, it } from "vitest";
import type { User } from "@/lib/generated/prisma/client";
import { submitOrderSchema, type SubmitOrderInput } from "@/lib/contract/orders/checkout-rules";
import { marketInputSchema } from "@/lib/contract/markets/rules";
import { placeOrderSchema } from "@/lib/contract/orders/rules";
import { setUpTestDatabase } from "../platform/testing/db";
import { LEDGER_BACKFILL } from "@/prisma/ledger-backfill";

// A second market in another currency (docs/architecture/languages.md "Markets and currencies"), on
// a real migrated database: an order in Mexico City is priced, authorized, captured, refunded and
// paid out in MXN (the provider told so each time), its ledger lines on the MXN accounts, every
// currency's ledger balanced on its own, and nothing of it in the default market's reports.

setUpTestDatabase({ TEST_PAYMENTS_WEBHOOK_DELAY_MS: "0" });

const m = {
  db: (await import("../platform/db")).db,
  sql: await import("../platform/sql"),
  markets: await import("./markets"),
  report: await import("./report"),
  tax: await import("../tax/report"),
  accept: await import("../orders/accept"),
  complete: await import("../orders/complete"),
  provider: await import("../payments/providers/test/provider"),
  testPayouts: await import("../payments/providers/test/payouts"),
  methods: await import("../payments/methods"),
  paid: await import("../orders/testing/place-paid"),
  sync: await import("../payments/sync"),
  webhooks: await import("../payments/webhooks"),
  check: await import("../ledger/check"),
  fixtures: await import("../platform/testing/fixtures"),
  payouts: await import("../payouts/lifecycle"),
  restaurantPayouts: await import("../payouts/restaurant"),
  statement: await import("../receipts/statement"),
  accounts: await import("../payouts/accounts"),
  webhook: await import("../payouts/webhook"),
};

const card = submitOrderSchema.parse({ deliveryOption: "pickup", tipPercent: 15, paymentMethod: "card" });
type Shop = Awaited<ReturnType<typeof m.fixtures.shop>>;
const checkout = (user: User, s: Shop, submit: SubmitOrderInput = card) =>
  m.paid.placePaid(user, { cart: placeOrderSchema.parse({ restaurantId: s.restaurant.id, items: [{ menuItemId: s.dish.id, quantity: 2 }], submit }) }, submit);

async function customerWithCard(): Promise<User> {
  const user = await m.fixtures.customer("card");
  const token = await m.provider.tokenize({ number: "4242424242424242", expMonth: 12, expYear: 2034, cvc: "123", postalCode: "94110" });
  await m.methods.saveCard(user, { paymentMethodId: token.id, makeDefault: true });
  return user;
}

const paymentOf = (orderId: number) => m.db.payment.findFirstOrThrow({ where: { orderId }, orderBy: { id: "desc" } });
const intentOf = async (orderId: number) => m.db.testProviderIntent.findUniqueOrThrow({ where: { id: (await paymentOf(orderId)).intentId } });
const linesOf = async (orderId: number, kind: string) =>
  (await m.db.ledgerEntry.findMany({ where: { orderId, kind }, include: { lines: true } })).flatMap((entry) =>
    entry.lines.map(({ account, amountCents }) => ({ currency: entry.currency, account, amountCents })),
  );
const ledgerProblems = () => m.sql.sqlTransaction((sql) => m.check.ledgerProblems(sql));

async function settlePayouts() {
  await m.payouts.sendPayouts();
  await m.testPayouts.advanceTestPayouts(new Date());
  await m.provider.deliverTestWebhooks(async (body, signature) => {
    await m.webhooks.handleWebhook("test", body, signature, new Date(), m.webhook.applyPayoutWebhook);
    return true;
  });
}

let opened = 0;

/** A market in MXN opened by an operator, and a shop moved into it. */
async function mexicoCity() {
  const operator = await m.db.user.create({ data: { firstName: "Op", operator: true } });
  const market = await m.markets.openMarket(
    operator,
    marketInputSchema.parse({ code: `mexico-city-${++opened}`, name: "Ciudad de México", currency: "MXN", timeZone: "America/Mexico_City", languages: ["es", "en"] }),
  );
  const shop = await m.fixtures.shop("mx", "Taquería");
  await m.markets.assignRestaurantMarket(operator, shop.restaurant.id, { marketId: market.id });
  return { operator, market, shop };
}

describe("markets", () => {
  it("today's market is market 1 in USD, and an operator opens a second one (a code in use is a 409)", async () => {
    expect(await m.markets.listMarkets()).toEqual([
      expect.objectContaining({ id: 1, code: "default", currency: "USD", timeZone: "America/Los_Angeles", languages: ["en", "es", "fr"] }),
    ]);
    const { operator, market, shop } = await mexicoCity();
    expect(market).toMatchObject({ currency: "MXN", timeZone: "America/Mexico_City", distanceUnit: "km", languages: ["es", "en"], taxSetup: "sales_tax" });
    expect(await m.db.restaurant.findUniqueOrThrow({ where: { id: shop.restaurant.id } })).toMatchObject({ marketId: market.id, timeZone: "America/Mexico_City" });
    const again = marketInputSchema.parse({ code: market.code, name: "Again", currency: "MXN", timeZone: "America/Mexico_City" });
    await expect(m.markets.openMarket(operator, again)).rejects.toMatchObject({ status: 409, errors: { code: expect.any(String) } });
    expect(marketInputSchema.safeParse({ ...again, currency: "XXX" }).success).toBe(false);
    expect(await m.db.auditLog.count({ where: { action: { in: ["market.open", "restaurant.market"] } } })).toBe(2);
  });

  it("an MXN order is priced, authorized, captured, settled, refunded and paid out in MXN; each currency's ledger balances; the default market's reports hold none of it", async () => {
    const { operator, market, shop } = await mexicoCity();
    const usd = await m.fixtures.shop("us");
    const user = await customerWithCard();

    // Priced and authorized in MXN: the order, its payment and the provider's intent say so.
    const order = await checkout(user, shop);
    expect(order.currency).toBe("MXN");
    expect(await paymentOf(order.id)).toMatchObject({ currency: "MXN", amountCents: order.totalCents });
    expect(await intentOf(order.id)).toMatchObject({ currency: "MXN", amountCents: order.totalCents });
    // A checkout naming another currency is refused, naming the field; USD credit in the wallet pays no MXN order.
    await expect(checkout(user, shop, { ...card, currency: "USD" })).rejects.toMatchObject({
      status: 400,
      errors: { "submit.currency": expect.stringContaining("MXN") },
    });
    await expect(checkout(user, shop, { ...card, paymentMethod: "wallet" })).rejects.toMatchObject({ status: 400 });

    // Captured at accept, on the MXN accounts; delivered: split to the restaurant (its account in MXN) and the MXN platform.
    await m.accept.acceptOrder(shop.owner, shop.restaurant.id, order.id, 20);
    expect(await linesOf(order.id, "payment")).toEqual(
      expect.arrayContaining([
        { currency: "MXN", account: "external:MXN", amountCents: -order.totalCents },
        { currency: "MXN", account: "clearing:MXN", amountCents: order.totalCents },
      ]),
    );
    await m.complete.closeIncomingOrder(shop.owner, shop.restaurant.id, order.id, "Completed");
    const settlement = await linesOf(order.id, "settlement");
    expect(settlement.map((line) => line.account).sort()).toEqual(["clearing:MXN", "platform:MXN", `restaurant:${shop.restaurant.id}`].sort());
    expect(await m.db.ledgerAccount.findUniqueOrThrow({ where: { id: `restaurant:${shop.restaurant.id}` } })).toMatchObject({ currency: "MXN" });

    // The operator's view of it: in MXN, its whole total left to refund (read from the MXN accounts).
    const detail = await (await import("../operators/order-detail")).operatorOrderDetail(operator, order.id);
    expect(detail).toMatchObject({ currency: "MXN", refundable: order.totalCents / 100 });

    // Another, captured then canceled by the kitchen: refunded to the card in MXN, through the provider.
    const refunded = await checkout(user, shop);
    await m.accept.acceptOrder(shop.owner, shop.restaurant.id, refunded.id, 20);
    await m.complete.closeIncomingOrder(shop.owner, shop.restaurant.id, refunded.id, "Canceled");
    await m.sync.syncPayments();
    expect(await intentOf(refunded.id)).toMatchObject({ currency: "MXN", refundedCents: refunded.totalCents });
    expect(await linesOf(refunded.id, "refund")).toEqual(expect.arrayContaining([{ currency: "MXN", account: "card-refunds:MXN", amountCents: refunded.totalCents }]));

    // A USD order beside it, in the default market.
    const dollars = await checkout(user, usd);
    expect(dollars.currency).toBe("USD");
    await m.accept.acceptOrder(usd.owner, usd.restaurant.id, dollars.id, 20);
    await m.complete.closeIncomingOrder(usd.owner, usd.restaurant.id, dollars.id, "Completed");

    // Paid out in MXN, after the report window; five requests at once make one payout.
    const later = new Date(Date.now() + 49 * 3600_000);
    await m.accounts.savePayoutAccount(`restaurant:${shop.restaurant.id}`, { holderName: "Ana", routingNumber: "110000000", accountNumber: "000123456789" });
    await settlePayouts();
    const { available } = await m.restaurantPayouts.restaurantPayouts(shop.owner, shop.restaurant.id, null, later);
    expect(available).toBeGreaterThan(0);
    const asked = await Promise.allSettled(
      Array.from({ length: 5 }, () => m.restaurantPayouts.payOutRestaurant(shop.owner, shop.restaurant.id, Math.round(available * 100), later)),
    );
    expect(asked.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    await settlePayouts();
    const payout = await m.db.payout.findFirstOrThrow({ where: { account: `restaurant:${shop.restaurant.id}` } });
    expect(payout).toMatchObject({ currency: "MXN", state: "paid", amountCents: Math.round(available * 100) });
    expect(await m.db.testProviderPayout.findFirstOrThrow({ where: { amountCents: payout.amountCents } })).toMatchObject({ currency: "MXN" });
    const paidLines = await m.db.ledgerLine.findMany({ where: { entry: { payoutId: payout.id } }, include: { entry: true } });
    expect(paidLines.every((line) => line.entry.currency === "MXN")).toBe(true);
    expect(paidLines.map((line) => line.account)).toContain("external:MXN");
    // The owner is told of it in MXN, and the month's statement (page and PDF) is in MXN.
    const told = await m.db.notification.findFirstOrThrow({ where: { kind: "payout_made", userId: shop.owner.id } });
    expect(JSON.parse(told.payload)).toMatchObject({ currency: "MXN", amount: payout.amountCents / 100 });
    const month = new Date().toLocaleDateString("en-CA", { timeZone: "America/Mexico_City" }).slice(0, 7);
    expect(await m.statement.monthlyStatement(shop.owner, shop.restaurant.id, month)).toMatchObject({ currency: "MXN" });
    expect(await m.markets.marketFacts(market.id)).toEqual({ currency: "MXN", distanceUnit: "km" });

    // Balanced per currency, and every invariant holds.
    expect(await ledgerProblems()).toEqual([]);
    const sums = await m.db.ledgerAccount.groupBy({ by: ["currency"], _sum: { balanceCents: true } });
    expect(sums.map((row) => [row.currency, row._sum.balanceCents]).sort()).toEqual([
      ["MXN", 0],
      ["USD", 0],
    ]);

    // The reports: the default market's hold the USD order only; Mexico City's the MXN ones.
    const days = { from: new Date(Date.now() - 86_400_000).toISOString().slice(0, 10), to: later.toISOString().slice(0, 10) };
    const home = await m.report.marketReport(operator, 1, days);
    const mx = await m.report.marketReport(operator, market.id, days);
    expect(home).toMatchObject({ currency: "USD", orders: 1, paid: dollars.totalCents / 100, refunded: 0, payouts: { count: 0, amount: 0 } });
    expect(mx).toMatchObject({ currency: "MXN", orders: 2, paid: (order.totalCents + refunded.totalCents) / 100, refunded: refunded.totalCents / 100 });
    expect(mx.payouts).toEqual({ count: 1, amount: payout.amountCents / 100 });
    expect((await m.tax.taxReport(operator, days)).currency).toBe("USD");
    expect((await m.tax.taxReport(operator, { ...days, market: market.id })).currency).toBe("MXN");
  });

  it("counts as paid the orders whose payments it sums: an order paid before the ledger (a backfilled statement row, as the demo's history) is in both", async () => {
    const { operator, market, shop } = await mexicoCity();
    const user = await m.fixtures.customer("old");
    const old = await m.db.order.create({ data: { userId: user.id, restaurantId: shop.restaurant.id, restaurantName: shop.restaurant.name } });
    await m.db.walletTransaction.create({ data: { userId: user.id, kind: "payment", amountCents: -2500, balanceAfterCents: 0, orderId: old.id, currency: "MXN" } });
    for (const statement of LEDGER_BACKFILL) await m.db.$executeRawUnsafe(statement);
    const today = new Date().toLocaleDateString("en-CA", { timeZone: "America/Mexico_City" });
    const report = await m.report.marketReport(operator, market.id, { from: today, to: today });
    expect(report).toMatchObject({ orders: 1, paid: 25 });
  });

  it("a restaurant with money in one currency cannot move to a market in another; one without can", async () => {
    const { operator, market, shop } = await mexicoCity();
    const user = await customerWithCard();
    await checkout(user, shop);
    await expect(m.markets.assignRestaurantMarket(operator, shop.restaurant.id, { marketId: 1 })).rejects.toMatchObject({
      status: 409,
      errors: { marketId: expect.any(String) },
    });
    await expect(m.markets.assignRestaurantMarket(operator, shop.restaurant.id, { marketId: 999 })).rejects.toMatchObject({
      status: 400,
      errors: { marketId: expect.any(String) },
    });
    const fresh = await m.fixtures.shop("fresh");
    expect(await m.markets.assignRestaurantMarket(operator, fresh.restaurant.id, { marketId: market.id })).toMatchObject({ id: market.id, restaurants: 2 });
  });

  it("a market whose tax setup is none charges no sales tax where the default market's rate applies", async () => {
    const operator = await m.db.user.create({ data: { firstName: "Op", operator: true } });
    const untaxed = await m.markets.openMarket(
      operator,
      marketInputSchema.parse({ code: "no-tax", name: "No tax", currency: "CAD", timeZone: "America/Toronto", taxSetup: "none", distanceUnit: "mi" }),
    );
    expect(await m.markets.marketFacts(untaxed.id)).toEqual({ currency: "CAD", distanceUnit: "mi" });
    expect(await m.markets.marketFacts(1)).toEqual({ currency: "USD", distanceUnit: "km" });
    // A rate for the fixtures' state (OR): the default market's restaurant there is taxed, the other market's is not.
    await m.db.taxRate.create({ data: { state: "OR", rateMilliPercent: 10_000, effectiveOn: "2020-01-01" } });
    const [home, away] = [await m.fixtures.shop("tax-home"), await m.fixtures.shop("tax-away")];
    await m.markets.assignRestaurantMarket(operator, away.restaurant.id, { marketId: untaxed.id });
    const user = await customerWithCard();
    expect((await checkout(user, home)).taxCents).toBeGreaterThan(0);
    expect(await checkout(user, away)).toMatchObject({ currency: "CAD", taxCents: 0 });
  });
});
