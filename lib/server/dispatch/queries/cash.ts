import "server-only";
import { row, rowOf } from "../../platform/row";
import { placeholders, type Sql } from "../../platform/sql";

// Cash at the door in the dispatch pass (docs/architecture/ledger.md "Cash at the door"): a cash order is offered to no
// courier whose undeposited cash in its currency (their courier-cash account, below zero by what
// they hold) is over its market's limit. One statement for the pass's jobs: the pairs not to offer.

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
