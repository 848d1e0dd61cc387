import "server-only";
import { DEFAULT_CURRENCY, majorIn } from "@/lib/shared/money/currency";
import type { DailySummary } from "@/lib/shared/people/notification-shapes";
import { addDays, dateKey, instantOf, wallClock } from "@/lib/shared/time/opening-hours";
import { config } from "../platform/config";
import { db } from "../platform/db";
import { sqlTransaction } from "../platform/sql";
import { notify, type NotificationInput } from "../notifications/outbox";
import { dayOrderFigures, dayReviewFigures, deleteOldNotifications, restaurantTimeZones } from "./queries";

// The owner's daily summary (docs/architecture/notification-mail.md "Daily summary"): once the
// restaurant's local clock is past NOTIFY_SUMMARY_HOUR (07:00), the hourly sweep writes, for every
// restaurant that had orders or reviews on its local day before, an `owner_daily_summary`
// notification to its owner: the day's orders, sales, average rating and problems, linking the
// insights page of that day. Its cause `daily-summary:<restaurantId>:<YYYY-MM-DD>` is the dedupe
// key, so every later pass that day, a restart, or a second instance sweeping at the same time
// writes nothing more (the outbox's unique (userId, cause, channel)), and the worker sends it once
// like any row. The figures are taken when it is written (the day is over); the kind's default is
// email only, and the owner turns it off on the preferences page like any kind.

/** The days' figures of the restaurants of one time zone, for the local day [start, end). */
async function figuresOf(timeZone: string, start: Date, end: Date) {
  const orders = await dayOrderFigures(timeZone, start, end);
  const reviews = await dayReviewFigures(timeZone, start, end);
  const byRestaurant = new Map<number, Omit<DailySummary, "date">>();
  const blank = (name: string) => ({ restaurantName: name, placed: 0, sold: 0, sales: 0, ratings: 0, averageRating: null, rejected: 0, canceled: 0, expired: 0 });
  for (const row of orders) {
    byRestaurant.set(row.id, {
      ...blank(row.name),
      placed: row.placed,
      sold: row.sold,
      sales: majorIn(row.currency)(row.sales),
      ...(row.currency !== DEFAULT_CURRENCY && { currency: row.currency }),
      rejected: row.rejected,
      canceled: row.canceled,
      expired: row.expired,
    });
  }
  for (const row of reviews) {
    byRestaurant.set(row.id, { ...(byRestaurant.get(row.id) ?? blank(row.name)), ratings: row.ratings, averageRating: Math.round((row.total / row.ratings) * 10) / 10 });
  }
  return byRestaurant;
}

const BATCH = 100;

/** Which of `causes` the restaurants' owners were already sent by email (the owner today: a restaurant given to another since is told again, once). */
async function summariesWritten(restaurantIds: number[], causes: string[]): Promise<string[]> {
  const owners = await db.restaurant.findMany({ where: { id: { in: restaurantIds } }, select: { ownerId: true } });
  const rows = await db.notification.findMany({
    where: { userId: { in: [...new Set(owners.map((owner) => owner.ownerId))] }, kind: "owner_daily_summary", channel: "email", cause: { in: causes } },
    select: { cause: true },
  });
  return rows.map((row) => row.cause);
}

/**
 * Writes the daily summaries that are due at `now` and not written yet (the unique cause makes a
 * repeat a no-op); returns how many restaurants were told (0 on a repeat).
 */
export async function writeDailySummaries(now = new Date(), hour = config().notifications.summaryHour): Promise<number> {
  const zones = await restaurantTimeZones();
  let written = 0;
  for (const timeZone of zones) {
    const clock = wallClock(now, timeZone);
    if (clock.hour < hour) continue;
    const yesterday = addDays(clock, -1);
    const date = dateKey(yesterday);
    const start = instantOf({ ...yesterday, hour: 0, minute: 0 }, timeZone);
    const end = instantOf({ year: clock.year, month: clock.month, day: clock.day, hour: 0, minute: 0 }, timeZone);
    const figures = await figuresOf(timeZone, start, end);
    const causes = [...figures.keys()].map((id) => `daily-summary:${id}:${date}`);
    // Already written (an earlier pass today, another instance): not computed into a statement again.
    // Read among the owners' own summaries (their index): by `cause` alone every notification kept was read.
    const done = new Set(causes.length ? await summariesWritten([...figures.keys()], causes) : []);
    const items: NotificationInput[] = [];
    for (const [restaurantId, summary] of figures) {
      const cause = `daily-summary:${restaurantId}:${date}`;
      if (done.has(cause)) continue;
      items.push({ to: { ownerOf: restaurantId }, kind: "owner_daily_summary", cause, payload: { restaurantId, summary: { date, ...summary } } });
    }
    for (let i = 0; i < items.length; i += BATCH) {
      const batch = items.slice(i, i + BATCH);
      await sqlTransaction((sql) => notify(sql, batch, now));
      written += batch.length;
    }
  }
  return written;
}

/** The most outbox rows one pass of pruneOutbox deletes per state group: the sweep never holds the table long. */
export const PRUNE_BATCH = 5_000;

/**
 * Deletes old outbox rows (docs/architecture/notifications.md "Pruning"): sent and skipped ones
 * whose last attempt (nextAttemptAt: the write, or the last retry) is more than
 * NOTIFY_RETENTION_DAYS old, failed ones after NOTIFY_FAILED_RETENTION_DAYS; pending rows never.
 * At most `batch` rows of each group a pass, the first written first; the next hourly pass
 * takes the rest. Returns how many went.
 */
export async function pruneOutbox(now = new Date(), batch = PRUNE_BATCH): Promise<number> {
  const { retentionDays, failedRetentionDays } = config().notifications;
  const day = 24 * 3600 * 1000;
  const groups: [string[], number][] = [
    [["sent", "skipped"], retentionDays],
    [["failed"], failedRetentionDays],
  ];
  let deleted = 0;
  for (const [states, days] of groups) {
    const cutoff = new Date(now.getTime() - days * day);
    // In id order, at most `batch` (queries.ts).
    deleted += await deleteOldNotifications(states, cutoff, batch);
  }
  return deleted;
}
