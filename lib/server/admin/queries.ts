import "server-only";
import { row, rowOf } from "../platform/row";
import type { Sql } from "../platform/sql";

// The operator console's plain SQL, each row shape with its decoder.

const countRow = rowOf({ n: row.int });

/** Orders marked ready at `cutoff` or before whose delivery job still has no courier (unassigned, or an offer open): one COUNT. */
export async function latePickupCount(sql: Sql, cutoff: Date): Promise<number> {
  const [found] = await sql.all(
    `SELECT COUNT(*) AS "n" FROM "DeliveryJob" AS j JOIN "Order" AS o ON o."id" = j."orderId"
     WHERE j."state" IN ('unassigned', 'offered') AND o."stage" = 'ready'
       AND EXISTS (SELECT 1 FROM "OrderEvent" AS e WHERE e."orderId" = j."orderId" AND e."stage" = 'ready' AND e."at" <= ?)`,
    [cutoff],
  );
  return found === undefined ? 0 : countRow(found).n;
}
