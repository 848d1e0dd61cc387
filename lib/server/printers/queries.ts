import "server-only";
import { row, rowOf } from "../platform/row";
import type { Sql } from "../platform/sql";

// The kitchen printers' hand-written SQL (docs/architecture/kitchen.md "Printers that print by
// themselves"). A printer's jobs come from the order's event log the accept already writes (its
// `accepted` OrderEvent, the outbox of the order's steps): the printer's poll turns the events past
// its `queuedThrough` into jobs, one per kind it prints, so accepting an order costs no statement
// more. The unique (printer, order, kind, copy) makes a second poll's insert a no-op.

/** The kinds of ticket a printer of `prints` makes: a join of one or two rows. */
const KINDS = `(SELECT 'kitchen' AS "kind" UNION ALL SELECT 'receipt') k ON p."prints" = 'both' OR p."prints" = k."kind"`;

/**
 * The printer's jobs for the orders accepted since its last poll (past `queuedThrough`), oldest
 * first, each made `stale` when accepted before `staleBefore`; and the printer seen now, its
 * `queuedThrough` moved up to the events older than `settledBefore` (an accept still committing
 * holds a lower id a minute at most: its event is read again at the next poll, its job not made twice).
 */
export async function queueAccepted(sql: Sql, printerId: number, at: { now: Date; staleBefore: Date; settledBefore: Date }, statusCode: string | null): Promise<void> {
  await sql.all(
    `INSERT INTO "PrintJob" ("printerId", "orderId", "kind", "state", "copy", "createdAt")
     SELECT p."id", e."orderId", k."kind", CASE WHEN e."at" < ? THEN 'stale' ELSE 'queued' END, 0, e."at"
     FROM "Printer" p JOIN "OrderEvent" e ON e."restaurantId" = p."restaurantId" AND e."id" > p."queuedThrough" JOIN ${KINDS}
     WHERE p."id" = ? AND e."stage" = 'accepted' ORDER BY e."id", k."kind"
     ON CONFLICT ("printerId", "orderId", "kind", "copy") DO NOTHING`,
    [at.staleBefore, printerId],
  );
  await sql.all(
    `UPDATE "Printer" SET "lastSeenAt" = ?, "statusCode" = ?, "queuedThrough" = COALESCE(
       (SELECT MAX(e."id") FROM "OrderEvent" e WHERE e."restaurantId" = "Printer"."restaurantId" AND e."id" > "Printer"."queuedThrough" AND e."at" < ?),
       "queuedThrough")
     WHERE "id" = ?`,
    [at.now, statusCode, at.settledBefore, printerId],
  );
  await sql.all(`UPDATE "PrintJob" SET "state" = 'stale', "doneAt" = ? WHERE "printerId" = ? AND "state" IN ('queued', 'printing') AND "createdAt" < ?`, [
    at.now,
    printerId,
    at.staleBefore,
  ]);
}

/** The newest order event now: a new printer queues the orders accepted after it. */
export async function lastOrderEvent(sql: Sql): Promise<number> {
  const [found] = await sql.all(`SELECT MAX("id") AS "id" FROM "OrderEvent"`);
  return row.intOrNull((found as { id: unknown } | undefined)?.id, "id") ?? 0;
}

/** Reprint: the order's kitchen ticket again on each kitchen printer of the restaurant (the next copy); how many. */
export async function queueReprint(sql: Sql, restaurantId: number, orderId: number, now: Date): Promise<number> {
  const made = await sql.all(
    `INSERT INTO "PrintJob" ("printerId", "orderId", "kind", "state", "copy", "createdAt")
     SELECT p."id", ?, 'kitchen', 'queued',
       COALESCE((SELECT MAX(j."copy") FROM "PrintJob" j WHERE j."printerId" = p."id" AND j."orderId" = ? AND j."kind" = 'kitchen'), 0) + 1, ?
     FROM "Printer" p WHERE p."restaurantId" = ? AND p."prints" IN ('kitchen', 'both')
     ON CONFLICT ("printerId", "orderId", "kind", "copy") DO NOTHING RETURNING "id"`,
    [orderId, orderId, now, restaurantId],
  );
  return made.length;
}

const unqueuedRow = rowOf({ printerId: row.int, at: row.date });

/**
 * The restaurant's accepted orders no poll has queued yet (a silent printer's), accepted since
 * `since`, by printer: the board counts them as waiting (at most 500 read).
 */
export async function unqueued(sql: Sql, restaurantId: number, since: Date): Promise<{ printerId: number; at: Date }[]> {
  const rows = await sql.all(
    `SELECT p."id" AS "printerId", e."at" FROM "Printer" p
     JOIN "OrderEvent" e ON e."restaurantId" = p."restaurantId" AND e."id" > p."queuedThrough"
     WHERE p."restaurantId" = ? AND e."stage" = 'accepted' AND e."at" >= ?
       AND NOT EXISTS (SELECT 1 FROM "PrintJob" j WHERE j."printerId" = p."id" AND j."orderId" = e."orderId" AND j."copy" = 0)
     LIMIT 500`,
    [restaurantId, since],
  );
  return rows.map(unqueuedRow);
}
