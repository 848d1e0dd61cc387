import "server-only";
import { row, rowOf, type Decoder } from "../../platform/row";
import type { Sql } from "../../platform/sql";
import type { OrderMoney } from "../split";
import { sharedAccountSql } from "../currency";

// The order's money as the ledger reads it (docs/architecture/ledger.md): its amounts' columns,
// what the settlement reads, and the sums of an order's lines (orders.ts, payments/, payouts/).

/**
 * The Order row's money columns (split.ts OrderMoney, its tax aside), a decoder each: the one field
 * set every reader of an order's amounts decodes them with (the settlement here, payouts' orders
 * not yet delivered, order-changes' order as a change reads it).
 */
export const orderMoneyFields = {
  subtotalCents: row.int,
  deliveryFeeCents: row.int,
  priorityFeeCents: row.int,
  serviceFeeCents: row.int,
  smallOrderFeeCents: row.int,
  tipCents: row.int,
  discountCents: row.int,
  totalCents: row.int,
} satisfies Record<Exclude<keyof OrderMoney, "taxCents">, Decoder<number>>;

/** orderMoneyFields' columns, in its order, of the order aliased `alias` (`o.`; "" for none): a SELECT list. */
export const orderMoneyColumns = (alias: string) =>
  Object.keys(orderMoneyFields)
    .map((column) => `${alias}"${column}"`)
    .join(", ");

const settleRow = rowOf({
  ...orderMoneyFields,
  taxCents: row.int,
  platformFundedCents: row.int,
  restaurantId: row.intOrNull,
  commissionPercent: row.intOrNull,
  courierId: row.intOrNull,
  courierPayWaits: row.int,
  held: row.intOrZero,
});
export type SettleFacts = ReturnType<typeof settleRow>;

/** What the settlement of a delivered order reads: its amounts, the commission, the courier who delivered it, whether their pay waits, what clearing holds. */
export async function settleFacts(sql: Sql, orderId: number): Promise<SettleFacts | undefined> {
  const [found] = await sql.all(
    `SELECT ${orderMoneyColumns("o.")}, o."taxCents", o."platformFundedCents",
       o."restaurantId", r."commissionPercent",
       (SELECT j."courierId" FROM "DeliveryJob" j WHERE j."orderId" = o."id" AND j."state" = 'delivered' LIMIT 1) AS "courierId",
       (SELECT COUNT(*) FROM "DeliveryJob" j WHERE j."orderId" = o."id" AND j."state" = 'delivered' AND j."flaggedAt" IS NOT NULL AND j."payDecision" IS NULL) AS "courierPayWaits",
       (SELECT CAST(SUM(l."amountCents") AS BIGINT) FROM ${orderLines('o."id"')} AND ${sharedAccountSql("clearing")}) AS "held"
     FROM "Order" o LEFT JOIN "Restaurant" r ON r."id" = o."restaurantId" WHERE o."id" = ?`,
    [orderId],
  );
  return found === undefined ? undefined : settleRow(found);
}

export const sumRow = rowOf({ cents: row.intOrZero });

/**
 * The lines of one order's entries (`orderRef`: a `?` or the outer query's column), for a FROM:
 * the order's few entries first (LedgerEntry_orderId_idx), then each one's lines (by entryId),
 * whatever account the rest of the condition names. Joined the other way SQLite (no statistics)
 * reads every line of the account named (external: one for each payment and top-up the
 * marketplace ever took) to find the order's: the card checkout's capture was 5-70 ms of CPU in the
 * dinner rush's city and grew with the ledger. CROSS JOIN fixes SQLite's join order; PostgreSQL
 * plans it like any inner join, by its statistics. ledger-plans.test.ts pins the plans.
 */
export const orderLines = (orderRef: string) => `"LedgerEntry" e CROSS JOIN "LedgerLine" l WHERE e."orderId" = ${orderRef} AND l."entryId" = e."id"`;

/** What the lines of order `orderId`'s entries where `where` holds sum to (ledgerSum's, read through orderLines). */
export async function orderLedgerSum(sql: Sql, orderId: number, where: string, params: readonly (string | number)[] = []): Promise<number> {
  const [found] = await sql.all(`SELECT CAST(SUM(l."amountCents") AS BIGINT) AS "cents" FROM ${orderLines("?")} AND ${where}`, [orderId, ...params]);
  return found === undefined ? 0 : sumRow(found).cents;
}

/**
 * What the ledger's lines (`l`, of their entries `e`) where `where` holds sum to, `params` bound in
 * its order; 0 over none. The one sum of lines every domain reads: clearing's hold on an order
 * (order-changes/ too), what an order owes its card, a capture's or a refund's side on external
 * (payments/, payouts/).
 */
export async function ledgerSum(sql: Sql, where: string, params: readonly (string | number)[]): Promise<number> {
  const [found] = await sql.all(
    `SELECT CAST(SUM(l."amountCents") AS BIGINT) AS "cents" FROM "LedgerLine" l JOIN "LedgerEntry" e ON e."id" = l."entryId" WHERE ${where}`,
    params,
  );
  return found === undefined ? 0 : sumRow(found).cents;
}

/** What clearing holds for the order (0: nothing): its payment, before the delivery's split. */
export function clearingHeld(sql: Sql, orderId: number): Promise<number> {
  return orderLedgerSum(sql, orderId, sharedAccountSql("clearing"));
}
