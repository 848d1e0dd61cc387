import "server-only";
import { config } from "../platform/config";
import type { Sql } from "../platform/sql";
import { notificationsOfEvents } from "../notifications/of-events";
import type { NotificationInput } from "../notifications/outbox";
import { insertNotifications, wakeUpValues } from "../notifications/queries";
import { insertEventRows, type OrderEventRow } from "./queries";
import { localEventWritten } from "../platform/local-writes";
import { enqueueWebhooks, webhookEventsOfStages } from "../webhooks/enqueue";

// The one INSERT of an OrderEvent row, the order's event log that the live streams send and the
// notifications it causes: shared by the order stages (orders/transition.ts recordStage) and the
// delivery events (dispatch/events.ts builds their rows; docs/architecture/couriers.md "Events"),
// and the restaurant's webhook messages of its order stages (webhooks/enqueue.ts).
// A stage row has no detail; a delivery event's detail is its JSON. This process's hub is woken
// at once.

export type { OrderEventRow };

/**
 * Writes the rows (one statement), and the notifications they cause, in the caller's transaction.
 * `also`: notifications the caller sends with them (first: of two with the same cause, its own is
 * kept), in the same two statements.
 */
export async function insertOrderEvents(sql: Sql, rows: readonly OrderEventRow[], now: Date, also: readonly NotificationInput[] = []): Promise<void> {
  if (!rows.length) return;
  // NOTIFY_OUTBOX=off (the bench's A/B of the outbox's cost only): no notifications.
  const notifications = config().notifications.outbox ? [...also, ...notificationsOfEvents(rows, now)] : [];
  await insertEventRows(sql, rows, wakeUpValues(notifications, now), now);
  await insertNotifications(sql, notifications, now);
  await enqueueWebhooks(sql, webhookEventsOfStages(rows), now);
  localEventWritten();
}
