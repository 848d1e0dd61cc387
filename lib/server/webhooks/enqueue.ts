import "server-only";
import { randomBytes } from "node:crypto";
import type { WebhookEvent } from "@/lib/shared/people/webhooks";
import type { Sql } from "../platform/sql";
import { insertMessages } from "./queries";

// Webhook messages are written in the transaction of what caused them (docs/architecture/webhooks.md
// "Outbox"): one INSERT ... SELECT per event, a row for each enabled endpoint of the restaurant
// subscribed to it (none: nothing written, one cheap indexed read). Sending is the worker's
// (worker.ts): a slow or dead receiver never slows the request that wrote the event.

export type WebhookEventInput = { restaurantId: number; type: WebhookEvent; data: Record<string, unknown> };

/** `msg_` and 16 random bytes: the message's webhook-id (the endpoint's id appended: one per endpoint). */
export const newMessageId = () => `msg_${randomBytes(16).toString("base64url")}`;

/** The JSON body of a message, as Standard Webhooks shapes it: { type, timestamp, data }. */
export const webhookBody = (type: string, data: Record<string, unknown>, now: Date) => JSON.stringify({ type, timestamp: now.toISOString(), data });

/** Writes the events' messages for every enabled endpoint subscribed to them, in the caller's transaction. */
export async function enqueueWebhooks(sql: Sql, events: readonly WebhookEventInput[], now: Date): Promise<void> {
  for (const event of events) {
    await insertMessages(sql, { restaurantId: event.restaurantId, type: event.type, msgId: newMessageId(), body: webhookBody(event.type, event.data, now) }, now);
  }
}

/** The webhook events of order stages (order-events/write.ts): placed; canceled, rejected, expired; the other steps of the kitchen and delivery. */
const ORDER_EVENT: Record<string, WebhookEvent> = {
  placed: "order.placed",
  canceled: "order.cancelled",
  rejected: "order.cancelled",
  expired: "order.cancelled",
  accepted: "order.stage_changed",
  ready: "order.stage_changed",
  out_for_delivery: "order.stage_changed",
  delivered: "order.stage_changed",
  // A line changed after accepting (order-changes/) or the prep time moved: read the order again.
  prep_changed: "order.changed",
};

/** A dish's change (menu/owner-menu.ts, menu/sold-out.ts), in the transaction that made it. */
export const menuItemChanged = (restaurantId: number, menuItemId: number, change: "created" | "updated" | "deleted" | "sold_out" | "back"): WebhookEventInput => ({
  restaurantId,
  type: "menu.item_changed",
  data: { restaurantId, menuItemId, change },
});

/** The events of OrderEvent rows about to be written (rows of a restaurant's order stages only). */
export function webhookEventsOfStages(rows: readonly { orderId: number; restaurantId: number | null; stage: string }[]): WebhookEventInput[] {
  return rows.flatMap((row) => {
    const type = ORDER_EVENT[row.stage];
    return type && row.restaurantId !== null
      ? [{ restaurantId: row.restaurantId, type, data: { orderId: row.orderId, restaurantId: row.restaurantId, stage: row.stage } }]
      : [];
  });
}
