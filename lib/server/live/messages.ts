import "server-only";
import { ORDER_STAGES } from "@/lib/shared/orders/order-stages";
import type { OrderEvent } from "./hub";
import { ENGLISH } from "@/lib/i18n/catalogues";
import type { DeliveryEventDetail } from "@/lib/shared/delivery/delivery";

// The Server-Sent Events messages a stream sends (stream.ts): an event, encoded once however many
// streams send it, and the reload a client too far behind gets instead of its backlog.

/** Each event's message, encoded once however many streams send it (a person's stream: once as theirs, once not). */
const encoded = new WeakMap<OrderEvent, Uint8Array>();
const encodedMine = new WeakMap<OrderEvent, Uint8Array>();
const encodedNotMine = new WeakMap<OrderEvent, Uint8Array>();
export function encodedEvent(event: OrderEvent, encoder: TextEncoder, person: number | null): Uint8Array {
  const cache = person === null ? encoded : event.userId === person ? encodedMine : encodedNotMine;
  let bytes = cache.get(event);
  if (!bytes) cache.set(event, (bytes = encoder.encode(formatEvent(event, person))));
  return bytes;
}

const ORDER_STAGE_NAMES: ReadonlySet<string> = new Set(ORDER_STAGES);

/** `person`: on a person's stream (GET /api/events), `mine` tells their own rows (their orders, bell, jobs) from their restaurants'. */
export function formatEvent(event: OrderEvent, person: number | null = null): string {
  const data: Record<string, unknown> = { id: event.id, orderId: event.orderId, restaurantId: event.restaurantId, stage: event.stage, at: event.at.toISOString() };
  if (person !== null) data.mine = event.userId === person;
  // A delivery event's payload (a courier's first name, a rounded position, a job id).
  if (event.detail) data.detail = withReason(JSON.parse(event.detail) as DeliveryEventDetail);
  // A delivery event goes out as `event: delivery`: a client listening for `order` (the stages,
  // as before couriers existed) never sees one; the app's pages listen for both.
  // A bell's wake-up (only ever on the bell's stream, GET /api/notifications/events) is `event: notification`.
  const name = ORDER_STAGE_NAMES.has(event.stage) ? "order" : event.stage === "notification" ? "notification" : "delivery";
  return `id: ${event.id}\nevent: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * The client is this far behind: re-read the state (the order, the orders, the board) and
 * resume after `id`. EventSource takes the id as its Last-Event-ID.
 */
export function formatReload(id: number): string {
  return `id: ${id}\nevent: reload\ndata: ${JSON.stringify({ id })}\n\n`;
}

/** A delivery_failed event's reason is stored by its key (`failure`): the stream's `reason` is its English words beside it, as before the keys. */
function withReason(detail: DeliveryEventDetail): DeliveryEventDetail {
  return detail.failure ? { reason: ENGLISH.server.storedTexts.choices[detail.failure.key], ...detail } : detail;
}
