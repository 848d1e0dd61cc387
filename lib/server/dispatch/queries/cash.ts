import "server-only";
import { row, rowOf } from "../../platform/row";
import { placeholders, type Sql } from "../../platform/sql";

// Cash at the door (docs/architecture/ledger.md "Cash at the door"): a cash order goes to no courier
// whose undeposited cash in its currency (their courier-cash account, below zero by what they hold)
// is over its market's limit. One statement for the dispatch pass's jobs (the pairs not to offer),
// one for the owner's hand assignment.

const overRow = rowOf({ jobId: row.int, account: row.text });

/** Each cash job among `jobIds` with the couriers over its market's cash limit (by their account's name, "courier-cash:{id}[:CUR]"). */
export async function couriersOverCashLimit(sql: Sql, jobIds: readonly number[]): Promise<{ jobId: number; courierId: number }[]> {
  if (!jobIds.length) return [];
  const rows = await sql.all(
    `SELECT j."id" AS "jobId", a."id" AS "account"
     FROM "DeliveryJob" j JOIN "Order" o ON o."id" = j."orderId" JOIN "Restaurant" r ON r."id" = o."restaurantId" JOIN "Market" m ON m."id" = r."marketId"
       JOIN "LedgerAccount" a ON a."kind" = 'courier-cash' AND a."currency" = o."currency" AND -a."balanceCents" > m."cashLimitCents"
     WHERE j."id" IN ${placeholders(jobIds.length)} AND o."paymentMethod" = 'cash'`,
    [...jobIds],
  );
  return rows.map(overRow).map((found) => ({ jobId: found.jobId, courierId: Number(found.account.split(":")[1]) }));
}

const limitRow = rowOf({ limitCents: row.int, currency: row.text });

/** The market's limit (and currency) when `orderId` is a cash order and the courier holds more undeposited cash than it; undefined otherwise (the owner's hand assignment). */
export async function courierOverCashLimit(sql: Sql, orderId: number, courierId: number): Promise<{ limitCents: number; currency: string } | undefined> {
  const [found] = await sql.all(
    `SELECT m."cashLimitCents" AS "limitCents", o."currency"
     FROM "Order" o JOIN "Restaurant" r ON r."id" = o."restaurantId" JOIN "Market" m ON m."id" = r."marketId"
       JOIN "LedgerAccount" a ON a."kind" = 'courier-cash' AND a."currency" = o."currency" AND (a."id" = ? OR a."id" LIKE ?) AND -a."balanceCents" > m."cashLimitCents"
     WHERE o."id" = ? AND o."paymentMethod" = 'cash'`,
    [`courier-cash:${courierId}`, `courier-cash:${courierId}:%`, orderId],
  );
  return found === undefined ? undefined : limitRow(found);
}
