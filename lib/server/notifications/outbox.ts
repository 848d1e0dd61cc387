import "server-only";
import { defaultEnabled, isSecurityKind, type NotificationKind, type NotificationPayload, type PreferenceChannel } from "@/lib/shared/notifications";
import { localEventWritten } from "../platform/local-writes";
import { config } from "../platform/config";
import type { Sql } from "../platform/sql";

// The notification outbox's one writer (docs/architecture/notifications.md): rows written in the
// caller's transaction, so a notification exists exactly when the change that causes it
// committed. One INSERT for any number of notifications, with no read before it: the recipient
// may be "the owner of restaurant N" (a subquery), and each channel's state is decided in the
// statement from the person's preference (its row, or the default): `sent` for in_app (the row
// is the bell's entry), `pending` for the worker's channels, `skipped` when turned off (or, for
// email, when there is no way to send it: production without SMTP_URL).
// The unique (userId, cause, channel) makes a second write of the same cause a no-op.
// A push row is `pending` only when the person has a device subscribed (PushSubscription): one
// EXISTS in the same statement, so a person who never turned push on has the row `skipped`
// (recorded, not lost) and the worker never looks at it.

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
      values.push(`(${who}, ?, ?, ?, ?, CASE WHEN COALESCE(${chosen}, ?)${subscribed} THEN ? ELSE 'skipped' END, ?, ?)`);
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
      );
    }
  }
  const text = `INSERT INTO "Notification" ("userId", "kind", "cause", "channel", "payload", "state", "nextAttemptAt", "createdAt") VALUES ${values.join(", ")} ON CONFLICT DO NOTHING`;
  return { text, params };
}

/**
 * The bells' wake-ups: one OrderEvent row (stage `notification`, the recipient as userId, no
 * restaurant) per notification about an order, as VALUES tuples for the OrderEvent INSERT
 * (order-events/write.ts adds them to its own statement). The recipient's bell stream hears it and
 * re-reads its list; nothing else listens for them (lib/server/order-events/hub.ts).
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

/**
 * Writes notifications in the caller's transaction (`sql`: sqlOf(tx) or sqlTransaction's): the
 * entry point for causes that are not an order's event row, e.g. a review received or the
 * ledger's payout:
 *
 *   await notify(sqlOf(tx), { to: { userId: ownerId }, kind: "payout_made", cause: `payout:${payoutId}`, payload: { amount: 12.5, note: "Nov 24" } });
 *
 * Stages and delivery events are told by order-events/write.ts insertOrderEvents() itself.
 */
export async function notify(sql: Sql, input: NotificationInput | readonly NotificationInput[], now = new Date()): Promise<void> {
  const items = Array.isArray(input) ? input : [input as NotificationInput];
  const insert = notificationInsert(items, now);
  if (!insert) return;
  await sql.all(insert.text, insert.params);
  const wake = wakeUpValues(items, now);
  if (!wake.values.length) return;
  await sql.all(`INSERT INTO "OrderEvent" ("orderId", "userId", "restaurantId", "stage", "detail", "at") VALUES ${wake.values.join(", ")}`, wake.params);
  localEventWritten();
}
