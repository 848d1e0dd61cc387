import "server-only";
import { localEventWritten } from "../platform/local-writes";
import type { Sql } from "../platform/sql";
import { insertNotifications, insertWakeUps, type NotificationInput } from "./queries";

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

export { OUTBOX_CHANNELS, type NotificationInput, type Recipient } from "./queries";

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
  if (!items.length) return;
  await insertNotifications(sql, items, now);
  if (await insertWakeUps(sql, items, now)) localEventWritten();
}
