import "server-only";
import { row, rowOf } from "../../platform/row";
import type { Sql } from "../../platform/sql";

// The operations checks' and figures' reads in plain SQL (operations.ts), each row shape with its
// decoder: every one on an index, none writes.

const countRow = rowOf({ count: row.int });
const oldestRow = rowOf({ count: row.int, oldest: row.dateOrNull });
const stateRow = rowOf({ state: row.text, count: row.int });

/** The pending notifications, and the oldest due one's time (the outbox's partial index). */
export async function pendingNotifications(sql: Sql, now: Date): Promise<{ depth: number; oldest: Date | null }> {
  const [depth] = await sql.all(`SELECT COUNT(*) AS "count" FROM "Notification" WHERE "state" = 'pending'`);
  const [due] = await sql.all(`SELECT COUNT(*) AS "count", MIN("nextAttemptAt") AS "oldest" FROM "Notification" WHERE "state" = 'pending' AND "nextAttemptAt" <= ?`, [
    now,
  ]);
  return { depth: countRow(depth!).count, oldest: oldestRow(due!).oldest };
}

/** Throws unless the database answers. */
export async function databaseAnswers(sql: Sql): Promise<void> {
  await sql.all(`SELECT 1 AS "one"`);
}

/** How many migrations are applied. */
export async function appliedMigrations(sql: Sql): Promise<number> {
  const [applied] = await sql.all(`SELECT COUNT(*) AS "count" FROM "_prisma_migrations" WHERE "finished_at" IS NOT NULL AND "rolled_back_at" IS NULL`);
  return countRow(applied!).count;
}

/** The payments in each state. */
export async function paymentStates(sql: Sql) {
  return (await sql.all(`SELECT "state", COUNT(*) AS "count" FROM "Payment" GROUP BY "state"`)).map(stateRow);
}

/** The delivery jobs no courier holds yet, and the oldest one's creation. */
export async function unassignedJobs(sql: Sql) {
  const [waiting] = await sql.all(`SELECT COUNT(*) AS "count", MIN("createdAt") AS "oldest" FROM "DeliveryJob" WHERE "state" = 'unassigned'`);
  return oldestRow(waiting!);
}
