import "server-only";
import { config } from "../platform/config";
import { db } from "../platform/db";

const DAY_MS = 24 * 3600 * 1000;

/**
 * Deletes guest accounts created more than GUEST_RETENTION_DAYS ago that never placed an
 * order. Their likes, wallet rows, idempotency keys and restaurants go with them (ON DELETE
 * CASCADE); a cookie still naming one is simply no session any more. One conditional DELETE, so
 * two processes pruning at once delete each account once (the hourly job,
 * lib/server/jobs/definitions/prune-guests.ts).
 */
export async function pruneGuests(now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - config().guestRetentionDays * DAY_MS);
  const { count } = await db.user.deleteMany({
    where: { guestAccount: true, createdAt: { lt: cutoff }, orders: { none: {} } },
  });
  return count;
}
