// The ledger's invariants as SQL (docs/architecture/ledger.md), a plain module so that the server
// (lib/server/ledger/check.ts), the migration test and the reliability suite run the same statements.
// Each returns the rows that break it (id, cents): none when it holds.
// Checked by lib/server/ledger/invariants.test.ts, ledger-migration.test.ts and the reliability
// suite's moneyProblems() (e2e/support/reliability.ts, after every crash): every entry balances;
// every account's balance (a wallet's too: wallets are LedgerAccount rows "wallet:{userId}") is the
// sum of its lines, and every line's account has a row; the balances add up to zero; none is
// negative but external, promotions (the marketing cost of promotional credit), a courier's cash
// (owed to Nosh, equal to the cash orders collected less the deposits) and a restaurant's or courier's (a claw-back owed); every wallet statement row is its entry's wallet line; money
// that can be paid out to owners and couriers is backed by payments: no account is paid
// out more than it earned on orders paid by a payment (promotional credit never reaches a payout),
// and their earnings, net of refunds, never exceed what came in through payments less refunds; the
// tax payable account ("tax") holds only orders' sales tax: each line is an
// order's, no order's share of it is below zero or above the tax it was charged, and a settlement
// moves exactly the order's tax there (never into the platform's revenue); the gift-cards liability is the cards sold and not redeemed. A shared account of
// another currency is named with its code ("tax:MXN": lib/server/ledger/currency.ts), so `shared` matches both.
/** A wallet statement row's account suffix: none for USD, ":MXN" for another currency. */
const suffix = `CASE WHEN t."currency" = 'USD' THEN '' ELSE ':' || t."currency" END`;
const shared = (name: string) => `(l."account" = '${name}' OR l."account" LIKE '${name}:%')`;
export const LEDGER_CHECKS: readonly { name: string; sql: string }[] = [
  // Per currency (docs/architecture/ledger.md "Currencies"): an entry's lines are all in its
  // currency, an order's entries in the order's, and each currency's balances add up to zero.
  {
    name: "currencies whose balances do not add up to zero",
    sql: `SELECT "currency" AS "id", CAST(SUM("balanceCents") AS BIGINT) AS "cents" FROM "LedgerAccount" GROUP BY "currency" HAVING SUM("balanceCents") <> 0`,
  },
  {
    name: "lines on an account of another currency than their entry's",
    sql: `SELECT l."id" AS "id", l."amountCents" AS "cents" FROM "LedgerLine" l JOIN "LedgerEntry" e ON e."id" = l."entryId" JOIN "LedgerAccount" a ON a."id" = l."account" WHERE a."currency" <> e."currency"`,
  },
  {
    name: "entries of an order in another currency than the order's",
    sql: `SELECT e."id" AS "id", 0 AS "cents" FROM "LedgerEntry" e JOIN "Order" o ON o."id" = e."orderId" WHERE e."currency" <> o."currency"`,
  },
  {
    name: "entries whose lines do not sum to zero",
    sql: `SELECT "entryId" AS "id", CAST(SUM("amountCents") AS BIGINT) AS "cents" FROM "LedgerLine" GROUP BY "entryId" HAVING SUM("amountCents") <> 0`,
  },
  {
    name: "entries without lines",
    sql: `SELECT e."id" AS "id", 0 AS "cents" FROM "LedgerEntry" e WHERE NOT EXISTS (SELECT 1 FROM "LedgerLine" l WHERE l."entryId" = e."id")`,
  },
  {
    name: "accounts (wallets too) whose balance is not the sum of their lines",
    sql: `SELECT a."id" AS "id", a."balanceCents" AS "cents" FROM "LedgerAccount" a
          WHERE a."balanceCents" <> COALESCE((SELECT SUM(l."amountCents") FROM "LedgerLine" l WHERE l."account" = a."id"), 0)`,
  },
  {
    name: "lines of an account with no balance row",
    sql: `SELECT l."account" AS "id", CAST(SUM(l."amountCents") AS BIGINT) AS "cents" FROM "LedgerLine" l
          WHERE NOT EXISTS (SELECT 1 FROM "LedgerAccount" a WHERE a."id" = l."account") GROUP BY l."account"`,
  },
  {
    name: "accounts below zero (only external, promotions, and a restaurant or courier owing a claw-back may be)",
    sql: `SELECT "id" AS "id", "balanceCents" AS "cents" FROM "LedgerAccount" WHERE "balanceCents" < 0 AND "kind" NOT IN ('external', 'promotions', 'restaurant', 'courier', 'courier-cash')`,
  },
  {
    name: "couriers' cash accounts above zero (they hand over at most what they hold)",
    sql: `SELECT "id" AS "id", "balanceCents" AS "cents" FROM "LedgerAccount" WHERE "kind" = 'courier-cash' AND "balanceCents" > 0`,
  },
  {
    // A courier's cash (lib/server/cash/): what they collected less what they handed over, owed to Nosh; each courier's and currency's equal to the cash orders collected less the deposits.
    name: "couriers' cash that is not the cash they collected less what they deposited",
    sql: `SELECT x."id", CAST(x."owed" + x."booked" AS BIGINT) AS "cents" FROM (
            SELECT a."id", a."balanceCents" AS "booked",
              COALESCE((SELECT SUM(o."totalCents") FROM "CashOrder" co JOIN "Order" o ON o."id" = co."orderId" JOIN "DeliveryJob" j ON j."orderId" = o."id"
                        WHERE co."collectedAt" IS NOT NULL AND o."stage" IN ('out_for_delivery', 'delivered') AND j."courierId" = c."userId" AND o."currency" = a."currency"), 0)
              - COALESCE((SELECT SUM(d."amountCents") FROM "CashDeposit" d WHERE d."courierId" = c."userId" AND d."currency" = a."currency"), 0) AS "owed"
            FROM "LedgerAccount" a JOIN (SELECT DISTINCT "courierId" AS "userId" FROM "DeliveryJob" WHERE "courierId" IS NOT NULL) c
              ON a."id" = 'courier-cash:' || c."userId" OR a."id" LIKE 'courier-cash:' || c."userId" || ':%'
            WHERE a."kind" = 'courier-cash') x
          WHERE x."owed" + x."booked" <> 0`,
  },
  {
    name: "restaurant or courier accounts paid out more than they earned on orders paid by a payment (promotional credit is never paid out)",
    // Earned: its settlement lines on orders not paid with promotional credit (a payment line on a
    // "wallet:{id}" account; a wallet's paid money, "wallet-paid:{id}", came in through a card top-up). Refunds are not subtracted: one clawed back after a payout leaves the account owing,
    // its later earnings repay it (the next check holds the earnings net of refunds to payments).
    sql: `SELECT x."id", x."out" - x."earned" AS "cents" FROM (
            SELECT a."id",
              COALESCE((SELECT SUM(l."amountCents") FROM "LedgerLine" l JOIN "LedgerEntry" e ON e."id" = l."entryId" LEFT JOIN "Order" o ON o."id" = e."orderId"
                        WHERE l."account" = a."id" AND e."kind" = 'settlement' AND NOT EXISTS (SELECT 1 FROM "LedgerLine" pl JOIN "LedgerEntry" pe ON pe."id" = pl."entryId" WHERE pe."orderId" = o."id" AND pe."kind" = 'payment' AND pl."account" LIKE 'wallet:%' AND pl."amountCents" < 0)), 0) AS "earned",
              COALESCE((SELECT -SUM(l."amountCents") FROM "LedgerLine" l JOIN "LedgerEntry" e ON e."id" = l."entryId" WHERE l."account" = a."id" AND e."kind" = 'payout'), 0) AS "out"
            FROM "LedgerAccount" a WHERE a."kind" IN ('restaurant', 'courier')) x
          WHERE x."out" > x."earned"`,
  },
  {
    name: "owners' and couriers' earnings not backed by payments (beyond what came in through payments less refunds)",
    // What restaurants and couriers earned on orders not paid with promotional credit, net of what
    // refunds took back from them (paid out or not), against those orders' money that came in through
    // payments (external's and paid wallet money's lines on their payments and refunds) plus what the platform itself paid
    // of their refunds (a late delivery: the company compensates, the restaurant keeps its share), of
    // the offers it funds (the promotions account's lines on settlements, less what refunds gave back to it)
    // and the fees a membership waived (paid from promotions).
    sql: `SELECT CASE WHEN t."currency" = 'USD' THEN 'earnings' ELSE 'earnings:' || t."currency" END AS "id", t."earned" - t."backed" AS "cents" FROM (
            SELECT c."currency",
              COALESCE((SELECT SUM(l."amountCents") FROM "LedgerLine" l JOIN "LedgerEntry" e ON e."id" = l."entryId" JOIN "LedgerAccount" a ON a."id" = l."account"
                          LEFT JOIN "Order" o ON o."id" = e."orderId"
                        WHERE e."currency" = c."currency" AND a."kind" IN ('restaurant', 'courier') AND e."kind" <> 'payout' AND NOT EXISTS (SELECT 1 FROM "LedgerLine" pl JOIN "LedgerEntry" pe ON pe."id" = pl."entryId" WHERE pe."orderId" = o."id" AND pe."kind" = 'payment' AND pl."account" LIKE 'wallet:%' AND pl."amountCents" < 0)), 0) AS "earned",
              COALESCE((SELECT -SUM(l."amountCents") FROM "LedgerLine" l JOIN "LedgerEntry" e ON e."id" = l."entryId" JOIN "Order" o ON o."id" = e."orderId"
                        WHERE e."currency" = c."currency" AND NOT EXISTS (SELECT 1 FROM "LedgerLine" pl JOIN "LedgerEntry" pe ON pe."id" = pl."entryId" WHERE pe."orderId" = o."id" AND pe."kind" = 'payment' AND pl."account" LIKE 'wallet:%' AND pl."amountCents" < 0)
                          AND (((${shared("external")} OR l."account" LIKE 'wallet-paid:%' OR l."account" LIKE 'courier-cash:%') AND e."kind" IN ('payment', 'refund')) OR (${shared("platform")} AND e."kind" = 'refund')
                            OR (${shared("promotions")} AND (e."kind" IN ('settlement', 'refund') OR e."key" LIKE 'order:%:member-benefit')))), 0) AS "backed"
            FROM (SELECT DISTINCT "currency" FROM "LedgerEntry") c
          ) t WHERE t."earned" > t."backed"`,
  },
  {
    // A row of another currency than USD is the line of the wallet's account of that currency ("wallet:5:MXN").
    name: "wallet statement rows that are not their entry's wallet line in their currency",
    sql: `SELECT t."id" AS "id", t."amountCents" AS "cents" FROM "WalletTransaction" t
          WHERE t."amountCents" <> 0 AND (t."entryId" IS NULL OR NOT EXISTS (SELECT 1 FROM "LedgerLine" l WHERE l."entryId" = t."entryId"
            AND l."account" IN ('wallet:' || t."userId" || ${suffix}, 'wallet-paid:' || t."userId" || ${suffix}) AND l."amountCents" = t."amountCents"))`,
  },
  {
    // The gift-cards liability (lib/server/gift-cards/): each currency's account holds exactly the cards sold (paid) and neither redeemed nor voided.
    name: "gift-card liability that is not the gift cards sold and not redeemed",
    sql: `SELECT x."currency" AS "id", CAST(x."booked" - x."sold" AS BIGINT) AS "cents" FROM (
            SELECT c."currency",
              COALESCE((SELECT SUM(a."balanceCents") FROM "LedgerAccount" a WHERE a."kind" = 'gift-cards' AND a."currency" = c."currency"), 0) AS "booked",
              COALESCE((SELECT SUM(g."amountCents") FROM "GiftCard" g WHERE g."currency" = c."currency" AND g."paidAt" IS NOT NULL AND g."redeemedAt" IS NULL AND g."voidedAt" IS NULL), 0) AS "sold"
            FROM (SELECT "currency" FROM "LedgerAccount" WHERE "kind" = 'gift-cards' UNION SELECT "currency" FROM "GiftCard") c
          ) x WHERE x."booked" <> x."sold"`,
  },
  {
    name: "tax payable lines not on an order",
    sql: `SELECT l."id" AS "id", l."amountCents" AS "cents" FROM "LedgerLine" l JOIN "LedgerEntry" e ON e."id" = l."entryId" WHERE ${shared("tax")} AND e."orderId" IS NULL`,
  },
  {
    name: "orders whose tax payable share is below zero or above the tax they were charged",
    sql: `SELECT e."orderId" AS "id", CAST(SUM(l."amountCents") AS BIGINT) AS "cents" FROM "LedgerLine" l JOIN "LedgerEntry" e ON e."id" = l."entryId"
          LEFT JOIN "Order" o ON o."id" = e."orderId"
          WHERE ${shared("tax")} GROUP BY e."orderId", o."taxCents" HAVING SUM(l."amountCents") < 0 OR SUM(l."amountCents") > COALESCE(o."taxCents", 0)`,
  },
  {
    name: "settlements that did not move exactly the order's tax to tax payable",
    sql: `SELECT o."id" AS "id", o."taxCents" - COALESCE((SELECT SUM(l."amountCents") FROM "LedgerLine" l WHERE l."entryId" = e."id" AND ${shared("tax")}), 0) AS "cents"
          FROM "LedgerEntry" e JOIN "Order" o ON o."id" = e."orderId"
          WHERE e."kind" = 'settlement' AND e."key" = 'order:' || o."id" || ':settlement'
            AND o."taxCents" <> COALESCE((SELECT SUM(l."amountCents") FROM "LedgerLine" l WHERE l."entryId" = e."id" AND ${shared("tax")}), 0)`,
  },
];
