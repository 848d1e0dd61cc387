import { expect, it } from "vitest";
import type { User } from "@/lib/generated/prisma/client";
import { CHECKOUT_SAID, submitOrderSchema } from "@/lib/contract/orders/checkout-rules";
import { marketInputSchema } from "@/lib/contract/markets/rules";
import { placeOrderSchema } from "@/lib/contract/orders/rules";
import { setUpTestDatabase } from "../platform/testing/db";
import { inEnglish } from "@/lib/contract/testing/in-english";

// A card top-up in another currency (docs/architecture/payments.md "Wallet top-ups"), on a real
// migrated database: an MXN top-up through the test provider is charged in MXN and credits the
// wallet's MXN paid money and MXN statement, never USD's; each currency has its own limits (MXN's
// refused until an operator sets them, the day's total counted per currency); a USD top-up answers
// as before; an MXN order paid by wallet spends that MXN balance; the ledger balances throughout.

setUpTestDatabase({ TEST_PAYMENTS_WEBHOOK_DELAY_MS: "0" });

const m = {
  db: (await import("../platform/db")).db,
  sql: await import("../platform/sql"),
  config: (await import("../platform/config")).config(),
  markets: await import("../markets/markets"),
  provider: await import("./providers/test/provider"),
  methods: await import("./methods"),
  topUp: await import("./top-up"),
  limits: await import("./top-up-limits"),
  paid: await import("../orders/testing/place-paid"),
  parts: await import("../ledger/wallet-parts"),
  check: await import("../ledger/check"),
  wallet: await import("../wallet/wallet"),
  fixtures: await import("../platform/testing/fixtures"),
};

const byWallet = submitOrderSchema.parse({ deliveryOption: "pickup", tipPercent: 15, paymentMethod: "wallet" });
type Shop = Awaited<ReturnType<typeof m.fixtures.shop>>;
const checkout = (user: User, s: Shop) =>
  m.paid.placePaid(
    user,
    { cart: placeOrderSchema.parse({ restaurantId: s.restaurant.id, items: [{ menuItemId: s.dish.id, quantity: 2 }], submit: byWallet }) },
    byWallet,
  );
const balances = (user: User, currency?: string) => m.sql.sqlTransaction((sql) => m.parts.walletBalances(sql, user.id, currency));
const ledgerProblems = () => m.sql.sqlTransaction((sql) => m.check.ledgerProblems(sql));

it("an MXN top-up credits the MXN wallet within MXN's own limits; USD's unchanged; an MXN order paid by wallet spends it; nothing created or destroyed", async () => {
  const operator = await m.db.user.create({ data: { firstName: "Op", operator: true } });
  const market = await m.markets.openMarket(
    operator,
    marketInputSchema.parse({ code: "mexico-city", name: "Ciudad de México", currency: "MXN", timeZone: "America/Mexico_City", languages: ["es", "en"] }),
  );
  const mx = await m.fixtures.shop("mx", "Taquería");
  await m.markets.assignRestaurantMarket(operator, mx.restaurant.id, { marketId: market.id });
  // $200 of USD credit (the fixture's) and a Visa.
  const user = await m.fixtures.customer("mxn");
  const token = await m.provider.tokenize({ number: "4242424242424242", expMonth: 12, expYear: 2034, cvc: "123", postalCode: "94110" });
  await m.methods.saveCard(user, { paymentMethodId: token.id, makeDefault: true });

  // No market in EUR: refused. MXN before an operator sets its limits: refused (the settings are dollars). Nothing charged.
  await expect(m.topUp.topUpByCard(user, user.id, { amountCents: 50_000, currency: "EUR" }, "eur")).rejects.toMatchObject({
    status: 400,
    errors: { currency: "currency must be the currency of a market: USD, MXN" },
  });
  await expect(m.topUp.topUpByCard(user, user.id, { amountCents: 50_000, currency: "MXN" }, "unset")).rejects.toMatchObject({
    status: 400,
    errors: { currency: "Top-ups in MXN are not available yet" },
  });
  expect(await m.limits.topUpLimitsJson("MXN")).toMatchObject({ currency: "MXN", min: null, max: null, dailyMax: null });
  expect(await m.db.testProviderIntent.count()).toBe(0);

  // The operator sets MXN's limits (whole pesos); USD's stay the settings'.
  const set = await m.limits.setTopUpLimits(operator, { min: 100, max: 2_000, dailyMax: 3_000, currency: "MXN" });
  expect(set).toMatchObject({ currency: "MXN", min: 100, max: 2_000, dailyMax: 3_000, updatedBy: { id: operator.id } });
  const { topUpMinCents, topUpMaxCents, topUpDailyMaxCents } = m.config.money;
  expect(await m.limits.topUpLimits()).toEqual({ minCents: topUpMinCents, maxCents: topUpMaxCents, dailyMaxCents: topUpDailyMaxCents });
  expect(await m.db.topUpLimits.findMany({ select: { id: true, currency: true, maxCents: true } })).toEqual([{ id: 2, currency: "MXN", maxCents: 200_000 }]);

  // MX$1,500 by card: charged in MXN, credited to the MXN paid money, on the MXN statement; USD untouched.
  const answer = await m.topUp.topUpByCard(user, user.id, { amountCents: 150_000, currency: "MXN" }, "mx-1");
  expect(answer).toEqual({
    wallet: 1_500,
    paid: 1_500,
    promotional: 0,
    currency: "MXN",
    topUp: { state: "captured", card: "Visa •••• 4242", amount: 1_500, message: "MX$1,500.00 added to your wallet from Visa •••• 4242." },
  });
  const payment = await m.db.payment.findFirstOrThrow({ where: { userId: user.id, purpose: "topup" } });
  expect(payment).toMatchObject({ currency: "MXN", state: "captured", capturedCents: 150_000 });
  expect(await m.db.testProviderIntent.findUniqueOrThrow({ where: { id: payment.intentId } })).toMatchObject({ currency: "MXN", capturedCents: 150_000 });
  const entry = await m.db.ledgerEntry.findFirstOrThrow({ where: { key: `topup:${payment.id}` }, include: { lines: true } });
  expect(entry.currency).toBe("MXN");
  expect(entry.lines.map(({ account, amountCents }) => ({ account, amountCents }))).toEqual([
    { account: "external:MXN", amountCents: -150_000 },
    { account: `wallet-paid:${user.id}:MXN`, amountCents: 150_000 },
  ]);
  expect(await balances(user, "MXN")).toEqual({ paidCents: 150_000, promotionalCents: 0, totalCents: 150_000 });
  expect(await balances(user)).toEqual({ paidCents: 0, promotionalCents: 20_000, totalCents: 20_000 });
  const mxnRows = await m.wallet.walletStatement(user, user.id, { limit: 10, offset: 0, currency: "MXN" });
  expect(mxnRows.map(({ kind, amount, balanceAfter, currency }) => ({ kind, amount, balanceAfter, currency }))).toEqual([
    { kind: "topup", amount: 1_500, balanceAfter: 1_500, currency: "MXN" },
  ]);

  // MXN's limits, in pesos: per top-up, and per day counting MXN top-ups only.
  await expect(m.topUp.topUpByCard(user, user.id, { amountCents: 250_000, currency: "MXN" }, "mx-big")).rejects.toMatchObject({
    errors: { amount: "amount must be at most 2000" },
  });
  await expect(m.topUp.topUpByCard(user, user.id, { amountCents: 5_000, currency: "MXN" }, "mx-small")).rejects.toMatchObject({
    errors: { amount: "amount must be at least 100" },
  });
  await expect(m.topUp.topUpByCard(user, user.id, { amountCents: 160_000, currency: "MXN" }, "mx-day")).rejects.toMatchObject({
    errors: { amount: "Top-ups are limited to MX$3,000.00 a day; you can add MX$1,500.00 more today" },
  });

  // A USD top-up answers as before (no currency named), in dollars, into the USD wallet; MXN's day does not count it.
  const dollars = await m.topUp.topUpByCard(user, user.id, { amountCents: 5_000 }, "usd-1");
  expect(dollars).toEqual({
    wallet: 250,
    paid: 50,
    promotional: 200,
    topUp: { state: "captured", card: "Visa •••• 4242", amount: 50, message: "$50.00 added to your wallet from Visa •••• 4242." },
  });
  const usdPayment = await m.db.payment.findFirstOrThrow({ where: { userId: user.id, purpose: "topup", currency: "USD" } });
  expect(await m.db.testProviderIntent.findUniqueOrThrow({ where: { id: usdPayment.intentId } })).toMatchObject({ currency: "USD", capturedCents: 5_000 });
  // One Idempotency-Key is one top-up: reused for another currency, a 422 and nothing more charged.
  await expect(m.topUp.topUpByCard(user, user.id, { amountCents: 150_000, currency: "MXN" }, "usd-1")).rejects.toMatchObject({ status: 422 });
  expect(await m.db.payment.count({ where: { userId: user.id, purpose: "topup" } })).toBe(2);
  expect(await m.db.topUpReservation.count()).toBe(0);

  // An MXN order paid by wallet spends the MXN balance (its paid money: no MXN credit), never USD's.
  const order = await checkout(user, mx);
  expect(order).toMatchObject({ currency: "MXN", paymentMethod: "wallet" });
  expect(await balances(user, "MXN")).toEqual({ paidCents: 150_000 - order.totalCents, promotionalCents: 0, totalCents: 150_000 - order.totalCents });
  expect(await balances(user)).toEqual({ paidCents: 5_000, promotionalCents: 20_000, totalCents: 25_000 });
  const after = await m.wallet.walletStatement(user, user.id, { limit: 10, offset: 0, currency: "MXN" });
  expect(after[0]).toMatchObject({
    kind: "payment",
    orderId: order.id,
    amount: -order.totalCents / 100,
    balanceAfter: (150_000 - order.totalCents) / 100,
    currency: "MXN",
  });

  // Its USD money does not pay an MXN order: a customer with $200 and no pesos is refused, nothing moved.
  const dollarsOnly = await m.fixtures.customer("usd-only");
  await expect(checkout(dollarsOnly, mx)).rejects.toMatchObject({ status: 400, message: inEnglish(CHECKOUT_SAID.insufficientFunds) });
  expect(await balances(dollarsOnly)).toEqual({ paidCents: 0, promotionalCents: 20_000, totalCents: 20_000 });
  expect(await m.db.walletTransaction.count({ where: { userId: dollarsOnly.id } })).toBe(1);

  // Nothing created or destroyed: every currency balances; each statement row is its entry's wallet line in its currency.
  expect(await ledgerProblems()).toEqual([]);
});
