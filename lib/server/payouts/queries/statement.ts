import "server-only";
import { orderMoneyColumns, orderMoneyFields } from "../../ledger/queries/order-sums";
import { sharedAccountSql } from "../../ledger/currency";
import { row, rowOf, type RowOf } from "../../platform/row";
import { placeholders, type Sql } from "../../platform/sql";

// What the payouts pages read in plain SQL (restaurant.ts, courier.ts): an account's statement
// lines, the reasons of its problem report refunds, a restaurant's orders not yet delivered, the
// pay of a courier's held jobs and the orders' restaurant names; each row shape with its decoder.

const statementRow = rowOf({
  entryId: row.int,
  kind: row.text,
  createdAt: row.date,
  amountCents: row.int,
  orderId: row.intOrNull,
  reference: row.textOrNull,
  subtotalCents: row.intOrZero,
  serviceFeeCents: row.intOrZero,
  discountCents: row.intOrZero,
  taxCents: row.intOrZero,
  deliveryFeeCents: row.intOrZero,
  priorityFeeCents: row.intOrZero,
  tipCents: row.intOrZero,
  platformCents: row.intOrZero,
  courierCents: row.intOrZero,
  key: row.textOrNull,
  paymentMethod: row.textOrNull,
});

export type StatementRow = {
  entryId: number;
  kind: string;
  at: Date;
  amountCents: number;
  orderId: number | null;
  payoutReference: string | null;
  /** The order's item subtotal, service fee (with the small-order fee: the platform's fees, beside its commission) and discount (settlements and refunds). */
  subtotalCents: number;
  serviceFeeCents: number;
  discountCents: number;
  /** The order's sales tax: the tax payable account's, shown apart. */
  taxCents: number;
  /** The order's delivery and priority fees and tip (kept by the restaurant when its own staff delivered: no courier line). */
  deliveryFeeCents: number;
  priorityFeeCents: number;
  tipCents: number;
  /** The platform's line in the same entry (its service fee and commission). */
  platformCents: number;
  /** The couriers' lines in the same entry (a settlement's delivery fees and tip). */
  courierCents: number;
  /** The entry's idempotency key (`order:{id}:refund`, `problem:{id}:refund`, ...). */
  key: string | null;
  /** The order's: `door` tells a phone order's cash apart from a delivery-only fee (both are payments from the balance). */
  paymentMethod: string | null;
};

/** The lines of `accountId` between `from` and `to` (createdAt), oldest first, with what the payouts page shows of each. */
export async function statementOf(sql: Sql, accountId: string, from: Date, to: Date): Promise<StatementRow[]> {
  const rows = await sql.all(
    `SELECT e."id" AS "entryId", e."kind", e."key", e."createdAt", l."amountCents", e."orderId", p."reference",
       o."subtotalCents", o."serviceFeeCents" + o."smallOrderFeeCents" AS "serviceFeeCents", o."discountCents", o."taxCents", o."deliveryFeeCents", o."priorityFeeCents", o."tipCents", o."paymentMethod",
       (SELECT CAST(SUM(x."amountCents") AS BIGINT) FROM "LedgerLine" x WHERE x."entryId" = e."id" AND ${sharedAccountSql("platform", 'x."account"')}) AS "platformCents",
       (SELECT CAST(SUM(x."amountCents") AS BIGINT) FROM "LedgerLine" x WHERE x."entryId" = e."id" AND x."account" LIKE 'courier:%') AS "courierCents"
     FROM "LedgerLine" l JOIN "LedgerEntry" e ON e."id" = l."entryId"
     LEFT JOIN "Order" o ON o."id" = e."orderId" LEFT JOIN "Payout" p ON p."id" = e."payoutId"
     WHERE l."account" = ? AND e."createdAt" >= ? AND e."createdAt" < ? ORDER BY e."id"`,
    [accountId, from, to],
  );
  return rows.map((found) => {
    const { createdAt, reference, ...line } = statementRow(found);
    return { ...line, at: createdAt, payoutReference: reference };
  });
}

/** The sum of `accountId`'s lines before `at`: its balance when a statement's period opens. */
export async function balanceBefore(sql: Sql, accountId: string, at: Date): Promise<number> {
  const [found] = await sql.all(
    `SELECT CAST(SUM(l."amountCents") AS BIGINT) AS "cents" FROM "LedgerLine" l JOIN "LedgerEntry" e ON e."id" = l."entryId" WHERE l."account" = ? AND e."createdAt" < ?`,
    [accountId, at],
  );
  return found === undefined ? 0 : centsRow(found).cents;
}

const reasonLineRow = rowOf({ entryId: row.int, problemId: row.int, name: row.textOrNull, quantity: row.int, reason: row.text });
export type ReasonLineRow = RowOf<typeof reasonLineRow>;

/** The approved lines of the problem reports refunded by these entries, report by report. */
export async function refundedProblemLines(sql: Sql, entryIds: readonly number[]): Promise<ReasonLineRow[]> {
  const rows = await sql.all(
    `SELECT p."entryId", p."id" AS "problemId", i."name", l."approvedQuantity" AS "quantity", l."reason"
     FROM "ProblemReport" p JOIN "ProblemLine" l ON l."problemId" = p."id" LEFT JOIN "OrderItem" i ON i."id" = l."orderItemId"
     WHERE p."entryId" IN ${placeholders(entryIds.length)} AND l."approvedQuantity" > 0 ORDER BY p."id", l."id"`,
    entryIds,
  );
  return rows.map(reasonLineRow);
}

const moneyRow = rowOf(orderMoneyFields);

/** The amounts of the restaurant's orders paid (not from a wallet) and not yet delivered. */
export async function undeliveredPaidOrders(sql: Sql, restaurantId: number) {
  const rows = await sql.all(
    `SELECT ${orderMoneyColumns("o.")}
     FROM "Order" o WHERE o."restaurantId" = ? AND o."stage" IN ('placed', 'accepted', 'ready', 'out_for_delivery') AND o."paymentMethod" <> 'wallet'
       AND EXISTS (SELECT 1 FROM "LedgerEntry" e WHERE e."key" = 'order:' || o."id" || ':payment')`,
    [restaurantId],
  );
  return rows.map(moneyRow);
}

const centsRow = rowOf({ cents: row.intOrZero });

/** The jobs (alias j) whose pay the courier does not have yet: held, or delivered, flagged and waiting for an operator. */
const HELD_JOB = `(j."state" IN ('assigned', 'at_pickup', 'picked_up') OR (j."state" = 'delivered' AND j."flaggedAt" IS NOT NULL AND j."payDecision" IS NULL))`;

/** The pay of the jobs the courier holds, and of their flagged deliveries waiting for an operator, of orders in `currency`. */
export async function heldJobPay(sql: Sql, courierId: number, currency = "USD"): Promise<number> {
  const [held] = await sql.all(
    `SELECT CAST(SUM(j."payCents") AS BIGINT) AS "cents" FROM "DeliveryJob" j JOIN "Order" o ON o."id" = j."orderId" WHERE j."courierId" = ? AND o."currency" = ? AND ${HELD_JOB}`,
    [courierId, currency],
  );
  return held === undefined ? 0 : centsRow(held).cents;
}

const currencyRow = rowOf({ currency: row.text });

/** The currencies other than USD the courier has earned in (an account "courier:{id}:{code}") or holds a job's pay in, alphabetical. */
export async function courierCurrencies(sql: Sql, courierId: number): Promise<string[]> {
  const rows = await sql.all(
    `SELECT "currency" FROM "LedgerAccount" WHERE "id" LIKE ? AND "currency" <> 'USD'
     UNION SELECT o."currency" FROM "DeliveryJob" j JOIN "Order" o ON o."id" = j."orderId" WHERE j."courierId" = ? AND o."currency" <> 'USD' AND ${HELD_JOB}
     ORDER BY "currency"`,
    [`courier:${courierId}:%`, courierId],
  );
  return rows.map((found) => currencyRow(found).currency);
}

const flaggedRow = rowOf({
  orderId: row.int,
  payCents: row.int,
  flags: row.textOrNull,
  flagReason: row.textOrNull,
  payDecision: row.textOrNull,
  at: row.date,
  restaurantName: row.text,
  currency: row.text,
});

/** The courier's flagged deliveries since `since` whose pay is held (waiting for an operator) or was refused, newest first, with why. */
export async function flaggedPayOf(sql: Sql, courierId: number, since: Date) {
  const rows = await sql.all(
    `SELECT j."orderId" AS "orderId", j."payCents" AS "payCents", j."flags" AS "flags", j."flagReason" AS "flagReason", j."payDecision" AS "payDecision", j."flaggedAt" AS "at", o."restaurantName" AS "restaurantName", o."currency" AS "currency"
     FROM "DeliveryJob" j JOIN "Order" o ON o."id" = j."orderId"
     WHERE j."courierId" = ? AND j."state" = 'delivered' AND j."flaggedAt" IS NOT NULL AND (j."flags" IS NOT NULL OR j."flagReason" IS NOT NULL)
       AND (j."payDecision" IS NULL OR (j."payDecision" = 'refused' AND j."flaggedAt" >= ?))
     ORDER BY j."flaggedAt" DESC, j."id" DESC LIMIT 50`,
    [courierId, since],
  );
  return rows.map(flaggedRow);
}

const nameRow = rowOf({ id: row.int, restaurantName: row.text });

/** Each order's restaurant name, by its id. */
export async function restaurantNamesOf(sql: Sql, orderIds: readonly number[]): Promise<Map<number, string>> {
  const found = await sql.all(`SELECT "id", "restaurantName" FROM "Order" WHERE "id" IN ${placeholders(orderIds.length)}`, orderIds);
  return new Map(
    found.map((raw) => {
      const order = nameRow(raw);
      return [order.id, order.restaurantName];
    }),
  );
}
