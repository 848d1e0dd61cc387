import { describe, expect, it } from "vitest";
import type { User } from "@/lib/generated/prisma/client";
import { priceOrder } from "@/lib/shared/money/pricing";
import { marketDate } from "@/lib/shared/time/schedule";
import { placeOrderSchema } from "@/lib/contract/orders/rules";
import { restaurantInput, setUpTestDatabase } from "../platform/testing/db";
import { paymentFor } from "../orders/testing/payment";

// Sales tax on a real migrated database: SQLite, and PostgreSQL under
// `npm run test:postgres` (TEST_DATABASE_URL). The rate of the restaurant's address (the test
// restaurant is in OR 97403) is charged on top of the spec's total, held in clearing with the
// payment, moved whole to the tax payable account at delivery (never the platform's), given back
// by a cancel and by a part refund; checkouts and deliveries at once keep every invariant.

const test = setUpTestDatabase();

const m = {
  db: (await import("../platform/db")).db,
  sql: await import("../platform/sql"),
  wallet: await import("../wallet/ledger"),
  manage: await import("../restaurants/manage"),
  place: await import("../orders/place"),
  quote: await import("../orders/quote"),
  cancel: await import("../orders/cancel"),
  complete: await import("../orders/complete"),
  toJson: await import("../orders/to-json"),
  read: await import("../orders/read"),
  check: await import("../ledger/check"),
  post: await import("../ledger/post"),
  refund: await import("../ledger/refund"),
  ledgerTax: await import("../ledger/tax"),
  rates: await import("./rates"),
  report: await import("./report"),
};

const inTx = <T>(work: (sql: import("../platform/sql").Sql) => Promise<T>) => m.db.$transaction((tx) => work(m.sql.sqlOf(tx)));
const problems = () => inTx((sql) => m.check.ledgerProblems(sql));
const balance = (account: string) => inTx((sql) => m.post.balanceOf(sql, account));
const operator = { id: 1, firstName: "Nia" };
const today = () => marketDate(new Date());

async function customer(walletCents: number): Promise<User> {
  const user = await m.db.user.create({ data: { firstName: "Ada" } });
  if (walletCents) await inTx((sql) => m.wallet.moveWallet(sql, { userId: user.id, amountCents: walletCents, kind: "topup" }));
  return m.db.user.findUniqueOrThrow({ where: { id: user.id } });
}

async function restaurantWithDish(zip = "97403", state = "OR") {
  const owner = await m.db.user.create({ data: { firstName: "Owner" } });
  const restaurant = await m.manage.createRestaurant(owner, { ...restaurantInput(), zip, state });
  const dish = await m.db.menuItem.create({
    data: { restaurantId: restaurant.id, name: "Dumplings", description: "d", priceCents: 1_250, foodImage: "/d.webp", foodType: "entree" },
  });
  return { owner, restaurant, dish };
}

const submit = { deliveryOption: "standard", tipPercent: 15, paymentMethod: "wallet" } as const;
const checkout = (user: User, restaurantId: number, menuItemId: number) => {
  const input = placeOrderSchema.parse({ restaurantId, items: [{ menuItemId, quantity: 2 }], submit });
  return m.sql.sqlTransaction((sql) => m.place.placeOrder(sql, user, { cart: input }, input.submit!, paymentFor(input.submit!)));
};

describe("sales tax at checkout and in the ledger", () => {
  it("no rate: exactly the spec's numbers and no tax line", async () => {
    const { restaurant, dish } = await restaurantWithDish("97403", "NV");
    await m.rates.addTaxRate(operator, { state: "WA", zipPrefix: "", rate: 6500, taxesFees: false, effectiveOn: "2020-01-01" });
    const order = await checkout(await customer(10_000), restaurant.id, dish.id);
    const spec = priceOrder(2_500, "standard", { percent: 15 });
    expect(order).toMatchObject({ totalCents: spec.totalCents, serviceFeeCents: 250, taxCents: 0, taxRateMilliPercent: null, taxJurisdiction: null });
    expect(m.toJson.orderToJson(order)).toMatchObject({ totalCost: spec.totalCents / 100, serviceFee: 2.5, tax: 0, taxRate: null, taxJurisdiction: null });
  });

  it("the longest prefix in effect taxes the items on top of the spec's total; it goes to tax payable at delivery, apart from the platform's fee", async () => {
    const { owner, restaurant, dish } = await restaurantWithDish("97403");
    await m.rates.addTaxRate(operator, { state: "OR", zipPrefix: "", rate: 5000, taxesFees: false, effectiveOn: "2020-01-01" });
    await m.rates.addTaxRate(operator, { state: "OR", zipPrefix: "974", rate: 8625, taxesFees: false, effectiveOn: "2020-01-01" });
    // From a later day: not yet (the history and the schedule are rows of their own).
    await m.rates.addTaxRate(operator, { state: "OR", zipPrefix: "974", rate: 9000, taxesFees: true, effectiveOn: "2999-01-01" });
    const user = await customer(10_000);

    const input = placeOrderSchema.parse({ restaurantId: restaurant.id, items: [{ menuItemId: dish.id, quantity: 2 }], submit });
    const clearingBefore = await balance(m.post.account.clearing);
    const quoted = await inTx((sql) => m.quote.quoteOrder(sql, user, { cart: input }, input.submit!));
    const order = await checkout(user, restaurant.id, dish.id);
    const spec = priceOrder(2_500, "standard", { percent: 15 });
    // 2500 * 8.625% = 215.625 -> 216 (one half-up rounding), on the items only.
    expect(order).toMatchObject({
      serviceFeeCents: 250,
      taxCents: 216,
      taxRateMilliPercent: 8625,
      taxesFees: false,
      taxJurisdiction: "OR 974",
      totalCents: spec.totalCents + 216,
    });
    expect(quoted).toMatchObject({ serviceFee: 2.5, tax: 2.16, taxRate: 8.625, total: (spec.totalCents + 216) / 100 });
    const json = m.toJson.orderToJson(await m.read.getOwnOrder(user, order.id));
    expect(json).toMatchObject({ serviceFee: 2.5, tax: 2.16, taxRate: 8.625, taxJurisdiction: "OR 974", totalCost: (spec.totalCents + 216) / 100 });
    expect(await balance(m.post.account.wallet(user.id))).toBe(10_000 - order.totalCents);
    expect((await balance(m.post.account.clearing)) - clearingBefore).toBe(order.totalCents);

    const platformBefore = await balance(m.post.account.platform);
    await m.complete.closeIncomingOrder(owner, restaurant.id, order.id, "Completed");
    expect(await balance(m.post.account.tax)).toBe(216);
    // The platform's share: the service fee and the 15 % commission, not a cent of the tax.
    expect((await balance(m.post.account.platform)) - platformBefore).toBe(250 + Math.floor(2_500 * 0.15));
    expect(await problems()).toEqual([]);

    // A part refund of one dish (12.50) gives back its tax (12.50 * 8.625% = 1.08) from tax payable.
    const tax = await inTx((sql) => m.ledgerTax.refundTaxOf(sql, order.id, { items: 1_250, fees: 649 }));
    expect(tax).toBe(108);
    await inTx(async (sql) => {
      const plan = await m.refund.planRefund(sql, order.id, { order, items: 1_250, fees: 0, platformLiable: false, tax });
      await m.post.post(sql, { kind: "refund", key: `test:${order.id}:refund`, orderId: order.id, lines: plan.lines, walletKind: "refund" });
    });
    expect(await balance(m.post.account.tax)).toBe(216 - 108);
    expect(await balance(m.post.account.wallet(user.id))).toBe(10_000 - order.totalCents + 1_250 + 108);
    // Never more than the order still holds: the rest of its tax, whatever the parts.
    expect(await inTx((sql) => m.ledgerTax.refundTaxOf(sql, order.id, { items: 5_000, fees: 0 }))).toBe(108);
    expect(await problems()).toEqual([]);

    // The operator's report: the collection and the refund of the day, by jurisdiction.
    const report = await m.report.taxReport(operator, { from: today(), to: today() });
    expect(report.rows.find((row) => row.jurisdiction === "OR 974")).toMatchObject({ orders: 1, taxableSales: 25, collected: 2.16, refunded: 1.08, net: 1.08 });
    let csv = "";
    for await (const chunk of await m.report.taxReportCsv(operator, { from: today(), to: today() })) csv += chunk;
    expect(csv).toContain("OR 974,1,25.00,2.16,1.08,1.08\r\n");

    // The list: the future rate scheduled, the current one current.
    const list = await m.rates.listTaxRates(operator, { state: "OR", limit: 10, offset: 0 });
    expect(list.items.map((rate) => [rate.jurisdiction, rate.rateLabel, rate.status])).toEqual([
      ["OR", "5%", "current"],
      ["OR 974", "9%", "scheduled"],
      ["OR 974", "8.625%", "current"],
    ]);
  });

  it("a rate that taxes fees taxes the delivery and service fees, never the tip; a cancel gives the tax back from clearing", async () => {
    const { restaurant, dish } = await restaurantWithDish("97703");
    await m.rates.addTaxRate(operator, { state: "OR", zipPrefix: "977", rate: 10250, taxesFees: true, effectiveOn: "2020-01-01" });
    const user = await customer(10_000);
    const order = await checkout(user, restaurant.id, dish.id);
    // (2500 + 649 + 250) * 10.25% = 348.3975 -> 348; the tip (375) is not taxed.
    expect(order).toMatchObject({ taxCents: 348, taxesFees: true, totalCents: priceOrder(2_500, "standard", { percent: 15 }).totalCents + 348 });
    await m.cancel.cancelOrder(user, order.id);
    expect(await balance(m.post.account.wallet(user.id))).toBe(10_000);
    expect(await problems()).toEqual([]);
  });

  it("holds every invariant through 20 taxed checkouts and their deliveries at once", async () => {
    const { owner, restaurant, dish } = await restaurantWithDish("97404");
    await m.rates.addTaxRate(operator, { state: "OR", zipPrefix: "9740", rate: 7125, taxesFees: false, effectiveOn: "2020-01-01" });
    const customers = await Promise.all(Array.from({ length: 20 }, () => customer(10_000)));
    const taxBefore = await balance(m.post.account.tax);
    const orders = await Promise.all(customers.map((user) => checkout(user, restaurant.id, dish.id)));
    expect(new Set(orders.map((order) => order.taxCents))).toEqual(new Set([178])); // 2500 * 7.125% = 178.125
    await Promise.all(orders.map((order) => m.complete.closeIncomingOrder(owner, restaurant.id, order.id, "Completed")));
    expect((await balance(m.post.account.tax)) - taxBefore).toBe(20 * 178);
    expect(await problems()).toEqual([]);
  });
});

describe("the operators' rates", () => {
  it("are a page, newest effective day first within a jurisdiction, each add audited", async () => {
    for (const [rate, effectiveOn] of [
      [4000, "2021-01-01"],
      [4500, "2022-01-01"],
      [4750, "2999-01-01"],
    ] as const) {
      await m.rates.addTaxRate(operator, { state: "ZP", zipPrefix: "", rate, taxesFees: false, effectiveOn });
    }
    const first = await m.rates.listTaxRates(operator, { state: "ZP", limit: 2, offset: 0 });
    expect(first.items.map((rate) => [rate.rate, rate.status])).toEqual([
      [4.75, "scheduled"],
      [4.5, "current"],
    ]);
    expect(first).toMatchObject({ hasMore: true, nextOffset: 2 });
    const second = await m.rates.listTaxRates(operator, { state: "ZP", limit: 2, offset: 2 });
    expect(second.items.map((rate) => [rate.rate, rate.status])).toEqual([[4, "replaced"]]);
    expect(await m.db.auditLog.count({ where: { action: "tax-rate.add" } })).toBeGreaterThanOrEqual(3);
  });
});

void test;
