import "server-only";
import { defaultEnabled, isSecurityKind, type NotificationKind, type PreferenceChannel } from "@/lib/shared/people/notifications";
import type { NotificationPayload } from "@/lib/shared/people/notification-shapes";
import { momentBit, textMomentOf } from "@/lib/shared/people/texts";
import { config } from "../platform/config";
import { currentRequestId } from "../platform/log";
import { row, rowOf } from "../platform/row";
import { placeholders, plainSql, type Sql } from "../platform/sql";

// The outbox's plain SQL (docs/architecture/notifications.md): the one INSERT of notifications
// (outbox.ts notify, and order-events/write.ts beside its event rows), the bells' wake-up rows,
// the worker's claim and marks (worker.ts) and the bell's page (read.ts), each row shape with its
// decoder.

/** The channels a notification is written for. */
export const OUTBOX_CHANNELS: readonly PreferenceChannel[] = ["in_app", "email", "push"];

/** Who gets it: a user, or whoever owns the restaurant (read inside the INSERT). */
export type Recipient = { userId: number } | { ownerOf: number };

export type NotificationInput = {
  to: Recipient;
  kind: NotificationKind;
  /** The event told of, e.g. `order:12:accepted`: with the recipient and channel, the dedupe key. */
  cause: string;
  payload: NotificationPayload;
  /** The order it is about: the bell's live wake-up rides the order's event stream rows. */
  orderId?: number;
};

const OWNER = `(SELECT "ownerId" FROM "Restaurant" WHERE "id" = ?)`;
const recipientSql = (to: Recipient): [string, number] => ("userId" in to ? ["?", to.userId] : [OWNER, to.ownerOf]);

/** The INSERT of `items`' rows on every outbox channel, or null when there are none. */
export function notificationInsert(items: readonly NotificationInput[], now: Date): { text: string; params: unknown[] } | null {
  if (!items.length) return null;
  // Production without SMTP_URL: nothing could ever send an email row, so it is written skipped
  // (recorded, not lost, as before) and the worker never has to claim it.
  const { smtpUrl, devMailbox } = config().notifications;
  const emailOn = Boolean(smtpUrl) || devMailbox;
  // The request that wrote them, if any: the worker's lines about each carry its id.
  const requestId = currentRequestId();
  const texting = config().texts.provider !== "none";
  const values: string[] = [];
  const params: unknown[] = [];
  for (const item of items) {
    const [who, whoParam] = recipientSql(item.to);
    const payload = JSON.stringify(item.payload);
    for (const channel of OUTBOX_CHANNELS) {
      const subscribed = channel === "push" ? ` AND EXISTS (SELECT 1 FROM "PushSubscription" s WHERE s."userId" = ${who})` : "";
      // A security mail (a reset link, "Your password was changed") ignores preferences: its default always holds.
      const chosen = isSecurityKind(item.kind)
        ? "CAST(NULL AS BOOLEAN)"
        : `(SELECT p."enabled" FROM "NotificationPreference" p WHERE p."userId" = ${who} AND p."kind" = ? AND p."channel" = ?)`;
      values.push(`(${who}, ?, ?, ?, ?, CASE WHEN COALESCE(${chosen}, ?)${subscribed} THEN ? ELSE 'skipped' END, ?, ?, ?)`);
      params.push(
        whoParam,
        item.kind,
        item.cause,
        channel,
        payload,
        ...(isSecurityKind(item.kind) ? [] : [whoParam, item.kind, channel]),
        defaultEnabled(item.kind, channel),
        ...(channel === "push" ? [whoParam] : []),
        channel === "in_app" ? "sent" : channel === "email" && !emailOn ? "skipped" : "pending",
        now,
        now,
        requestId,
      );
    }
    // A text moment (textMomentOf) for a person: its `sms` row in the same statement, pending when
    // they confirmed a number for that moment or gave a phone order's number, else skipped (as an
    // email or push row nobody chose is): no read of its own on the order's step. The sender checks
    // STOP, quiet hours and the limits when it sends (lib/server/texts/send.ts).
    const moment = texting && "userId" in item.to ? textMomentOf(item.kind, item.payload as { stage?: string }) : null;
    if (moment) {
      const phoneOrder = item.orderId === undefined ? "" : ` OR EXISTS (SELECT 1 FROM "Order" o WHERE o."id" = ? AND o."customerPhone" IS NOT NULL)`;
      values.push(
        `(${who}, ?, ?, 'sms', ?, CASE WHEN EXISTS (SELECT 1 FROM "TextNumber" n WHERE n."userId" = ${who} AND n."confirmedAt" IS NOT NULL AND (n."moments" & ?) <> 0)${phoneOrder} THEN 'pending' ELSE 'skipped' END, ?, ?, ?)`,
      );
      params.push(whoParam, item.kind, item.cause, payload, whoParam, momentBit(moment), ...(item.orderId === undefined ? [] : [item.orderId]), now, now, requestId);
    }
  }
  const text = `INSERT INTO "Notification" ("userId", "kind", "cause", "channel", "payload", "state", "nextAttemptAt", "createdAt", "requestId") VALUES ${values.join(", ")} ON CONFLICT DO NOTHING`;
  return { text, params };
}

/**
 * The bells' wake-ups: one OrderEvent row (stage `notification`, the recipient as userId, no
 * restaurant) per notification about an order, as VALUES tuples for the OrderEvent INSERT
 * (order-events/write.ts adds them to its own statement). The recipient's bell stream hears it and
 * re-reads its list; nothing else listens for them (lib/server/live/hub.ts).
 */
export function wakeUpValues(items: readonly NotificationInput[], now: Date): { values: string[]; params: unknown[] } {
  const values: string[] = [];
  const params: unknown[] = [];
  for (const item of items) {
    if (item.orderId === undefined) continue;
    const [who, whoParam] = recipientSql(item.to);
    values.push(`(?, ${who}, NULL, 'notification', NULL, ?)`);
    params.push(item.orderId, whoParam, now);
  }
  return { values, params };
}

/** The notifications' rows, their texts' among them, in one statement (nothing when there are none). */
export async function insertNotifications(sql: Sql, items: readonly NotificationInput[], now: Date): Promise<void> {
  const insert = notificationInsert(items, now);
  if (insert) await sql.all(insert.text, insert.params);
}

/** Pending `sms` outbox rows (a second of the same cause for the same person is a no-op): the moments above, and a number's confirmation code. */
export async function insertTextOutbox(sql: Sql, rows: readonly { userId: number; kind: string; cause: string; payload: object }[], now: Date): Promise<void> {
  if (!rows.length) return;
  const requestId = currentRequestId();
  await sql.all(
    `INSERT INTO "Notification" ("userId", "kind", "cause", "channel", "payload", "state", "nextAttemptAt", "createdAt", "requestId") VALUES ${rows
      .map(() => "(?, ?, ?, 'sms', ?, 'pending', ?, ?, ?)")
      .join(", ")} ON CONFLICT DO NOTHING`,
    rows.flatMap((r) => [r.userId, r.kind, r.cause, JSON.stringify(r.payload), now, now, requestId]),
  );
}

/** The bells' wake-up rows alone, in one statement; whether there were any. */
export async function insertWakeUps(sql: Sql, items: readonly NotificationInput[], now: Date): Promise<boolean> {
  const wake = wakeUpValues(items, now);
  if (!wake.values.length) return false;
  await sql.all(`INSERT INTO "OrderEvent" ("orderId", "userId", "restaurantId", "stage", "detail", "at") VALUES ${wake.values.join(", ")}`, wake.params);
  return true;
}

// The worker's statements (worker.ts), each outside any transaction (platform/sql.ts plainSql).

const ROW_COLUMNS = `"id", "userId", "kind", "cause", "channel", "payload", "attempts", "createdAt", "requestId"`;
const claimedRow = rowOf({
  id: row.int,
  userId: row.int,
  kind: row.text,
  cause: row.text,
  channel: row.text,
  payload: row.text,
  attempts: row.int,
  createdAt: row.date,
  requestId: row.textOrNull,
});
export type ClaimedRow = ReturnType<typeof claimedRow>;

/**
 * One statement: up to `batch` due rows (of `channels`, or the one row `id`) claimed under
 * `lease` until `lockedUntil`, by id. The inner SELECT picks the rows through the partial
 * index of pending rows (`state = 'pending'` as a literal, so both planners may use it); the outer
 * WHERE states the claim's condition again, so a row another process claimed between the two is
 * left alone: on SQLite writes are serialised; on PostgreSQL the second UPDATE waits for the first's
 * row lock and then re-checks the outer WHERE on the row as committed (lockedUntil now in the
 * future), so it matches nothing.
 */
export async function claimRows(claim: { lease: string; lockedUntil: Date; now: Date; batch: number; channels?: readonly string[]; id?: number }): Promise<ClaimedRow[]> {
  const { lease, lockedUntil, now, batch, channels, id } = claim;
  const free = `"state" = 'pending' AND "nextAttemptAt" <= ? AND ("lockedUntil" IS NULL OR "lockedUntil" <= ?)`;
  const which = id !== undefined ? `"id" = ?` : `"channel" IN ${placeholders(channels!.length)}`;
  const rows = await plainSql().all(
    `UPDATE "Notification" SET "lease" = ?, "lockedUntil" = ?, "attempts" = "attempts" + 1
     WHERE "id" IN (SELECT "id" FROM "Notification" WHERE ${free} AND ${which} ORDER BY "nextAttemptAt" LIMIT ?) AND ${free}
     RETURNING ${ROW_COLUMNS}`,
    [lease, lockedUntil, now, now, ...(id !== undefined ? [id] : channels!), batch, now, now],
  );
  return rows.map(claimedRow).sort((a, b) => a.id - b.id);
}

/** What a send left to write on its row: the columns after `SET`, and their parameters. */
export type Mark = { set: string; params: unknown[] };

/** The worker's outcomes as marks. */
export const MARKS = {
  /** Sent: one mark for the whole batch, sentAt the time of the mark (its parameter, given by markRows' caller). */
  sent: { set: `"state" = 'sent', "sentAt" = ?, "lastError" = NULL`, params: [] } as Mark,
  deferred: (until: Date, reason: string): Mark => ({ set: `"nextAttemptAt" = ?, "attempts" = "attempts" - 1, "lastError" = ?`, params: [until, reason] }),
  skipped: (reason: string): Mark => ({ set: `"state" = 'skipped', "lastError" = ?`, params: [reason] }),
  failed: (error: string): Mark => ({ set: `"state" = 'failed', "lastError" = ?`, params: [error] }),
  retry: (next: Date, error: string): Mark => ({ set: `"nextAttemptAt" = ?, "lastError" = ?`, params: [next, error] }),
  /** Given back unsent: the attempt not counted. */
  unsent: { set: `"attempts" = "attempts" - 1`, params: [] } as Mark,
};

const RELEASE = `"lease" = NULL, "lockedUntil" = NULL`;

/** One mark on the rows `ids`, the lease released, on the condition that `lease` still holds them. */
export async function markRows(set: string, params: readonly unknown[], lease: string, ids: readonly number[]): Promise<void> {
  await plainSql().all(`UPDATE "Notification" SET ${set}, ${RELEASE} WHERE "lease" = ? AND "id" IN ${placeholders(ids.length)}`, [...params, lease, ...ids]);
}

const listedRow = rowOf({ id: row.int, kind: row.text, payload: row.text, createdAt: row.date, readAt: row.dateOrNull });
const countRow = rowOf({ n: row.int });

/** The bell's page of a person's `shown` rows (one more than `page.limit`: is there more) and their unread count (read.ts). */
export async function bellRows(sql: Sql, userId: number, shown: { channel: string; state: string }, page: { limit: number; offset?: number }) {
  const visible = `"userId" = ? AND "channel" = ? AND "state" = ?`;
  const rows = (
    await sql.all(`SELECT "id", "kind", "payload", "createdAt", "readAt" FROM "Notification" WHERE ${visible} ORDER BY "id" DESC LIMIT ? OFFSET ?`, [
      userId,
      shown.channel,
      shown.state,
      page.limit + 1,
      page.offset ?? 0,
    ])
  ).map(listedRow);
  const [counted] = await sql.all(`SELECT COUNT(*) AS "n" FROM "Notification" WHERE ${visible} AND "readAt" IS NULL`, [userId, shown.channel, shown.state]);
  return { rows, unread: countRow(counted).n };
}
