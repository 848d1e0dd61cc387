import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import type { User } from "@/lib/generated/prisma/client";
import { CURRENCY_CODES } from "@/lib/shared/money/currency";
import { submitOrderSchema } from "@/lib/contract/orders/checkout-rules";
import { marketInputSchema } from "@/lib/contract/markets/rules";
import { placeOrderSchema } from "@/lib/contract/orders/rules";
import { setUpTestDatabase } from "../platform/testing/db";

// A wallet in two currencies (docs/architecture/ledger.md "Currencies"), on a real migrated
// database: every wallet line post() writes is a statement row in its entry's currency; each
// currency's statement is its own rows with its own running balance, ending at its ledger accounts'
// balance; the CSV appends Currency only for such a wallet; and the migration's backfill puts an
// existing row in its wallet account's currency.

setUpTestDatabase({ TEST_PAYMENTS_WEBHOOK_DELAY_MS: "0" });

const m = {
  db: (await import("../platform/db")).db,
  sql: await import("../platform/sql"),
  markets: await import("../markets/markets"),
  accept: await import("../orders/accept"),
  complete: await import("../orders/complete"),
  paid: await import("../orders/testing/place-paid"),
  check: await import("../ledger/check"),
  post: await import("../ledger/post"),
  fixtures: await import("../platform/testing/fixtures"),
  wallet: await import("./wallet"),
  ledger: await import("./ledger"),
  csv: await import("../customer-data/wallet-statement"),
};

const byWallet = submitOrderSchema.parse({ deliveryOption: "pickup", tipPercent: 15, paymentMethod: "wallet" });
type Shop = Awaited<ReturnType<typeof m.fixtures.shop>>;
const checkout = (user: User, s: Shop) =>
  m.paid.placePaid(
    user,
    { cart: placeOrderSchema.parse({ restaurantId: s.restaurant.id, items: [{ menuItemId: s.dish.id, quantity: 2 }], submit: byWallet }) },
    byWallet,
  );

async function csvOf(user: User): Promise<string[]> {
  let text = "";
  for await (const chunk of m.csv.walletStatementCsv(user, user.id)) text += chunk;
  return text.split("\r\n").filter(Boolean);
}

/** Every row of one currency's statement, oldest first (the API pages newest first). */
const statement = async (user: User, currency?: string) => (await m.wallet.walletStatement(user, user.id, { limit: 100, offset: 0, currency })).reverse();

it("a wallet with USD and MXN movements: each currency's rows, running balance and ledger accounts agree; no row without a currency; nothing created or destroyed", async () => {
  const operator = await m.db.user.create({ data: { firstName: "Op", operator: true } });
  const market = await m.markets.openMarket(
    operator,
    marketInputSchema.parse({ code: "mexico-city", name: "Ciudad de México", currency: "MXN", timeZone: "America/Mexico_City", languages: ["es", "en"] }),
  );
  const mx = await m.fixtures.shop("mx", "Taquería");
  await m.markets.assignRestaurantMarket(operator, mx.restaurant.id, { marketId: market.id });
  const us = await m.fixtures.shop("us");
  // $200 of USD credit (the fixture's top-up), then MX$500 of credit issued in MXN.
  const user = await m.fixtures.customer("two");
  const usdOnly = await m.fixtures.customer("one");
  await m.sql.sqlTransaction((sql) =>
    m.post.post(sql, {
      kind: "topup",
      currency: "MXN",
      lines: [
        { account: m.post.account.wallet(user.id), amountCents: 50_000 },
        { account: m.post.account.promotions, amountCents: -50_000 },
      ],
    }),
  );
  // An MXN order paid from the MXN wallet and canceled (refunded to it), one kept; a USD order and a deduction beside them.
  const canceled = await checkout(user, mx);
  await m.accept.acceptOrder(mx.owner, mx.restaurant.id, canceled.id, 20);
  await m.complete.closeIncomingOrder(mx.owner, mx.restaurant.id, canceled.id, "Canceled");
  const kept = await checkout(user, mx);
  const dollars = await checkout(user, us);
  await m.db.$transaction((tx) => m.ledger.moveWallet(m.sql.sqlOf(tx), { userId: user.id, amountCents: -1_000, kind: "deduct" }));
  expect([canceled.currency, kept.currency, dollars.currency]).toEqual(["MXN", "MXN", "USD"]);

  // No row without a currency, and each a currency of the table.
  const all = await m.db.walletTransaction.findMany({ where: { userId: user.id }, orderBy: { id: "asc" } });
  expect(all.every((row) => CURRENCY_CODES.includes(row.currency))).toBe(true);

  const usd = await statement(user);
  const mxn = await statement(user, "MXN");
  expect(usd.map((row) => [row.kind, row.currency])).toEqual([
    ["topup", "USD"],
    ["payment", "USD"],
    ["deduct", "USD"],
  ]);
  expect(mxn.map((row) => [row.kind, row.orderId, row.currency])).toEqual([
    ["topup", null, "MXN"],
    ["payment", canceled.id, "MXN"],
    ["refund", canceled.id, "MXN"],
    ["payment", kept.id, "MXN"],
  ]);
  expect(usd.length + mxn.length).toBe(all.length);
  expect(mxn.at(-1)).toMatchObject({ amount: -kept.totalCents / 100 });

  // The running balance per currency: each row's balance after is the one before plus its amount, and the last is its ledger accounts' sum.
  for (const [rows, currency] of [
    [usd, "USD"],
    [mxn, "MXN"],
  ] as const) {
    let running = 0;
    for (const row of rows) {
      running += Math.round(row.amount * 100);
      expect(Math.round(row.balanceAfter * 100), `${currency} row ${row.id}`).toBe(running);
    }
    const parts = await m.wallet.walletParts(user, user.id, currency);
    expect(parts.totalCents).toBe(running);
  }
  expect(await m.wallet.walletCurrencies(user, user.id)).toEqual([
    { currency: "USD", cents: 20_000 - dollars.totalCents - 1_000 },
    { currency: "MXN", cents: 50_000 - kept.totalCents },
  ]);
  expect(await m.wallet.walletCurrencies(usdOnly, usdOnly.id)).toEqual([{ currency: "USD", cents: 20_000 }]);

  // Nothing created or destroyed: every currency balances, every statement row is its entry's wallet line in its currency.
  expect(await m.sql.sqlTransaction((sql) => m.check.ledgerProblems(sql))).toEqual([]);

  // The CSV: a Currency column at the end for this wallet (the others where they were); none for a USD-only one.
  const lines = await csvOf(user);
  expect(lines[0]).toBe("Date,Description,Amount,Balance,Currency");
  expect(lines.slice(1).map((line) => line.split(",").slice(-3))).toEqual(
    all.map((row) => [(row.amountCents / 100).toFixed(2), (row.balanceAfterCents / 100).toFixed(2), row.currency]),
  );
  const [header, ...rows] = await csvOf(usdOnly);
  expect(header).toBe("Date,Description,Amount,Balance");
  expect(rows.map((line) => line.split(",").slice(-2))).toEqual([["200.00", "200.00"]]);

  // The migration's backfill: a row of an MXN entry marked USD goes back to MXN; one with no entry stays USD.
  await m.db.walletTransaction.updateMany({ data: { currency: "USD" } });
  const migration = readFileSync("prisma/migrations/20261216020000_wallet_currency/migration.sql", "utf8");
  const backfill = /^UPDATE "WalletTransaction"[\s\S]*?;$/m.exec(migration)![0];
  await m.db.$executeRawUnsafe(backfill);
  expect((await m.db.walletTransaction.findMany({ where: { userId: user.id }, orderBy: { id: "asc" } })).map((row) => row.currency)).toEqual(
    all.map((row) => row.currency),
  );
});
