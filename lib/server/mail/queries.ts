import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { SOLD } from "../insights/queries";
import { db } from "../platform/db";
import { row, rowOf } from "../platform/row";
import { readSql } from "../platform/sql";

// The daily summary's and the outbox pruning's plain SQL (daily-summary.ts; Prisma's tagged raw
// queries), each row shape with its decoder. A COUNT or SUM that is NULL over no rows reads as 0 (row.intOrZero).

const zoneRow = rowOf({ timeZone: row.text });

/** Every time zone a restaurant is in. */
export async function restaurantTimeZones(): Promise<string[]> {
  const rows = await db.$queryRaw<unknown[]>`SELECT DISTINCT "timeZone" AS "timeZone" FROM "Restaurant"`;
  return rows.map((found) => zoneRow(found).timeZone);
}

const ordersRow = rowOf({
  id: row.int,
  name: row.text,
  currency: row.text,
  placed: row.intOrZero,
  sold: row.intOrZero,
  sales: row.intOrZero,
  rejected: row.intOrZero,
  canceled: row.intOrZero,
  expired: row.intOrZero,
});

/** The orders placed in [start, end) at each restaurant of the zone that had any: how many, sold and their subtotal (in the restaurant's one currency), rejected, canceled, expired. */
export async function dayOrderFigures(timeZone: string, start: Date, end: Date) {
  const rows = await db.$queryRaw<unknown[]>`
    SELECT r."id" AS id, r."name" AS name, MAX(o."currency") AS currency, COUNT(*) AS placed,
      SUM(CASE WHEN ${SOLD} THEN 1 ELSE 0 END) AS sold,
      SUM(CASE WHEN ${SOLD} THEN o."subtotalCents" ELSE 0 END) AS sales,
      SUM(CASE WHEN o."stage" = 'rejected' THEN 1 ELSE 0 END) AS rejected,
      SUM(CASE WHEN o."stage" = 'canceled' THEN 1 ELSE 0 END) AS canceled,
      SUM(CASE WHEN o."stage" = 'expired' THEN 1 ELSE 0 END) AS expired
    FROM "Order" AS o JOIN "Restaurant" AS r ON r."id" = o."restaurantId"
    WHERE r."timeZone" = ${timeZone} AND o."submittedAt" >= ${start} AND o."submittedAt" < ${end}
    GROUP BY r."id", r."name"`;
  return rows.map(ordersRow);
}

const reviewsRow = rowOf({ id: row.int, name: row.text, ratings: row.intOrZero, total: row.intOrZero });

/** The reviews written in [start, end) of each restaurant of the zone that had any: how many, and the sum of their ratings. */
export async function dayReviewFigures(timeZone: string, start: Date, end: Date) {
  const rows = await db.$queryRaw<unknown[]>`
    SELECT r."id" AS id, r."name" AS name, COUNT(*) AS ratings, SUM(v."restaurantRating") AS total
    FROM "Review" AS v JOIN "Restaurant" AS r ON r."id" = v."restaurantId"
    WHERE r."timeZone" = ${timeZone} AND v."createdAt" >= ${start} AND v."createdAt" < ${end}
    GROUP BY r."id", r."name"`;
  return rows.map(reviewsRow);
}

/**
 * Deletes at most `batch` outbox rows in one of `states` whose nextAttemptAt is before `cutoff`,
 * in id order: ids grow with time, so the old rows are met first and the scan stops after `batch`
 * of them (no index of every row by state or date: the checkout would pay for it). How many went.
 */
export function deleteOldNotifications(states: string[], cutoff: Date, batch: number): Promise<number> {
  return db.$executeRaw`
      DELETE FROM "Notification" WHERE "id" IN (
        SELECT "id" FROM "Notification" WHERE "state" IN (${Prisma.join(states)}) AND "nextAttemptAt" < ${cutoff}
        ORDER BY "id" LIMIT ${batch})`;
}

const recipientRow = rowOf({ email: row.textOrNull, firstName: row.text, guestAccount: row.bool, language: row.textOrNull });

/** Whom a mail goes to (message.ts recipientOf, one read for every mail the outbox sends), on the connection's kept statement, not Prisma's client; undefined without the user. */
export async function mailRecipientRow(userId: number) {
  const [found] = await (await readSql()).all(`SELECT "email", "firstName", "guestAccount", "language" FROM "User" WHERE "id" = ?`, [userId]);
  return found === undefined ? undefined : recipientRow(found);
}
