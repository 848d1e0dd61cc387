import "server-only";
import { row, rowOf } from "../platform/row";
import { oneRow, type Sql } from "../platform/sql";

// Cash at the door's plain SQL (docs/architecture/ledger.md "Cash at the door"): a market's setting, a customer limited
// to cards, a cash order's bill, its collection and refusal (each one conditional UPDATE: of two
// taps at once, one matches), the lock on a courier's cash account that a deposit and a payout's
// deduction both take first, and the operator's lists.

const settingRow = rowOf({ marketId: row.int, cashEnabled: row.bool, cashLimitCents: row.int, currency: row.text });
type CashSetting = ReturnType<typeof settingRow>;

/** The cash setting of the market whose restaurant made `orderId`. */
export function orderCashSetting(sql: Sql, orderId: number): Promise<CashSetting | undefined> {
  return oneRow(
    sql,
    `SELECT m."id" AS "marketId", m."cashEnabled", m."cashLimitCents", m."currency" FROM "Order" o JOIN "Restaurant" r ON r."id" = o."restaurantId" JOIN "Market" m ON m."id" = r."marketId" WHERE o."id" = ?`,
    [orderId],
    settingRow,
  );
}

/** A market's setting changed (an operator's), answered as it now is; undefined: no such market. */
export function updateMarketCash(sql: Sql, marketId: number, enabled: boolean, limitCents: number, now: Date): Promise<CashSetting | undefined> {
  return oneRow(
    sql,
    `UPDATE "Market" SET "cashEnabled" = ${enabled ? "true" : "false"}, "cashLimitCents" = ?, "updatedAt" = ? WHERE "id" = ?
     RETURNING "id" AS "marketId", "cashEnabled", "cashLimitCents", "currency"`,
    [limitCents, now, marketId],
    settingRow,
  );
}

const cardOnlyRow = rowOf({ userId: row.int });

/** Whether the customer may pay only by card (an operator's limit after a refusal: a CardOnlyCustomer row). */
export async function isCardOnly(sql: Sql, userId: number): Promise<boolean> {
  return (await oneRow(sql, `SELECT "userId" FROM "CardOnlyCustomer" WHERE "userId" = ?`, [userId], cardOnlyRow)) !== undefined;
}

/** The operator's limit set (once) or lifted; false: no such customer. */
export async function setCardOnly(sql: Sql, userId: number, cardOnly: boolean, setById: number, now: Date): Promise<boolean> {
  if ((await sql.all(`SELECT "id" FROM "User" WHERE "id" = ?`, [userId])).length === 0) return false;
  if (cardOnly)
    await sql.all(`INSERT INTO "CardOnlyCustomer" ("userId", "setById", "createdAt") VALUES (?, ?, ?) ON CONFLICT ("userId") DO NOTHING RETURNING "userId"`, [
      userId,
      setById,
      now,
    ]);
  else await sql.all(`DELETE FROM "CardOnlyCustomer" WHERE "userId" = ? RETURNING "userId"`, [userId]);
  return true;
}

/** A cash order's row, with the bill it is paid with, written with the placement. */
export async function insertCashOrder(sql: Sql, orderId: number, billCents: number, now: Date): Promise<void> {
  await sql.all(`INSERT INTO "CashOrder" ("orderId", "billCents", "createdAt") VALUES (?, ?, ?) RETURNING "orderId"`, [orderId, billCents, now]);
}

const collectedRow = rowOf({ orderId: row.int });

/** The cash marked collected: one conditional UPDATE (its order out for delivery, not collected nor refused); false when another tap came first. */
export async function markCollected(sql: Sql, orderId: number, now: Date): Promise<boolean> {
  const found = await oneRow(
    sql,
    `UPDATE "CashOrder" SET "collectedAt" = ? WHERE "orderId" = ? AND "collectedAt" IS NULL AND "refusedAt" IS NULL
       AND EXISTS (SELECT 1 FROM "Order" o WHERE o."id" = "CashOrder"."orderId" AND o."stage" = 'out_for_delivery')
     RETURNING "orderId"`,
    [now, orderId],
    collectedRow,
  );
  return found !== undefined;
}

const orderCashRow = rowOf({ paymentMethod: row.textOrNull, cashCollectedAt: row.dateOrNull, cashBillCents: row.intOrNull, totalCents: row.int, currency: row.text });

/** What the courier's steps read of an order's cash (its total now: a change to the order since placing counts). */
export function orderCash(sql: Sql, orderId: number) {
  return oneRow(
    sql,
    `SELECT o."paymentMethod", c."collectedAt" AS "cashCollectedAt", c."billCents" AS "cashBillCents", o."totalCents", o."currency"
     FROM "Order" o LEFT JOIN "CashOrder" c ON c."orderId" = o."id" WHERE o."id" = ?`,
    [orderId],
    orderCashRow,
  );
}

/** The refusal reported on a cash order (one conditional UPDATE); false: collected or reported already. */
export async function markRefused(sql: Sql, orderId: number, now: Date): Promise<boolean> {
  const rows = await sql.all(`UPDATE "CashOrder" SET "refusedAt" = ? WHERE "orderId" = ? AND "collectedAt" IS NULL AND "refusedAt" IS NULL RETURNING "orderId"`, [
    now,
    orderId,
  ]);
  return rows.length > 0;
}

const lockedRow = rowOf({ balanceCents: row.int });

/**
 * A courier's cash account locked and read (an UPDATE of its row: on PostgreSQL a deposit and a
 * payout's deduction at once wait for each other and the second reads the first's balance); 0 with no row.
 */
export async function lockCashAccount(sql: Sql, accountId: string, now: Date): Promise<number> {
  const found = await oneRow(sql, `UPDATE "LedgerAccount" SET "updatedAt" = ? WHERE "id" = ? RETURNING "balanceCents"`, [now, accountId], lockedRow);
  return found?.balanceCents ?? 0;
}

/** A deposit's row (or a payout's deduction), its id the ledger entry's key. */
export async function insertDeposit(
  sql: Sql,
  deposit: { courierId: number; currency: string; amountCents: number; method: string; reference: string; recordedById: number | null; now: Date },
): Promise<number> {
  const [inserted] = await sql.all(
    `INSERT INTO "CashDeposit" ("courierId", "currency", "amountCents", "method", "reference", "recordedById", "createdAt") VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING "id"`,
    [deposit.courierId, deposit.currency, deposit.amountCents, deposit.method, deposit.reference, deposit.recordedById, deposit.now],
  );
  return row.int(inserted!.id, "id");
}

const owedRow = rowOf({ account: row.text, currency: row.text, balanceCents: row.int, courierId: row.int, firstName: row.text, email: row.textOrNull });

/** Every courier holding cash (an account below zero), most owed first. */
export async function couriersHoldingCash(sql: Sql) {
  const rows = await sql.all(
    `SELECT a."id" AS "account", a."currency", a."balanceCents", u."id" AS "courierId", u."firstName", u."email"
     FROM "LedgerAccount" a JOIN "User" u ON a."id" = 'courier-cash:' || u."id" OR a."id" LIKE 'courier-cash:' || u."id" || ':%'
     WHERE a."kind" = 'courier-cash' AND a."balanceCents" < 0
     ORDER BY a."balanceCents", a."id"`,
  );
  return rows.map(owedRow);
}

const refusalRow = rowOf({ orderId: row.int, at: row.date, customerId: row.int, firstName: row.text, email: row.textOrNull, cardOnly: row.int });

/** The refusals reported, newest first, each with its customer and whether they are limited to cards. */
export async function refusals(sql: Sql, limit: number) {
  const rows = await sql.all(
    `SELECT c."orderId", c."refusedAt" AS "at", u."id" AS "customerId", u."firstName", u."email",
       CASE WHEN EXISTS (SELECT 1 FROM "CardOnlyCustomer" k WHERE k."userId" = u."id") THEN 1 ELSE 0 END AS "cardOnly"
     FROM "CashOrder" c JOIN "Order" o ON o."id" = c."orderId" JOIN "User" u ON u."id" = o."userId"
     WHERE c."refusedAt" IS NOT NULL ORDER BY c."refusedAt" DESC, c."orderId" DESC LIMIT ${limit}`,
  );
  return rows.map(refusalRow).map((found) => ({ ...found, cardOnly: found.cardOnly === 1 }));
}

const marketRow = rowOf({ id: row.int, name: row.text, currency: row.text, cashEnabled: row.bool, cashLimitCents: row.int });

/** Every market's cash setting. */
export async function marketCashSettings(sql: Sql) {
  return (await sql.all(`SELECT "id", "name", "currency", "cashEnabled", "cashLimitCents" FROM "Market" ORDER BY "id"`)).map(marketRow);
}

const heldJobRow = rowOf({ state: row.text, orderId: row.int });

/** The job `jobId` as its courier holds it (undefined: not theirs). */
export function courierHeldJob(sql: Sql, jobId: number, courierId: number) {
  return oneRow(sql, `SELECT "state", "orderId" FROM "DeliveryJob" WHERE "id" = ? AND "courierId" = ?`, [jobId, courierId], heldJobRow);
}

const choiceRow = rowOf({ cashEnabled: row.bool, cardOnly: row.int, currency: row.text });

/** The customer's own order's cash choice at checkout: its market's setting and the customer's card-only limit (undefined: not their order). */
export function orderCashChoice(sql: Sql, orderId: number, userId: number) {
  return oneRow(
    sql,
    `SELECT COALESCE(m."cashEnabled", false) AS "cashEnabled", o."currency",
       CASE WHEN EXISTS (SELECT 1 FROM "CardOnlyCustomer" k WHERE k."userId" = o."userId") THEN 1 ELSE 0 END AS "cardOnly"
     FROM "Order" o LEFT JOIN "Restaurant" r ON r."id" = o."restaurantId" LEFT JOIN "Market" m ON m."id" = r."marketId"
     WHERE o."id" = ? AND o."userId" = ?`,
    [orderId, userId],
    choiceRow,
  );
}
