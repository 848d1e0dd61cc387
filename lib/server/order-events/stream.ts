import "server-only";
import type { EventFilter, OrderEvent, OrderEventHub } from "./hub";

/**
 * One Server-Sent Events response over the hub (docs/architecture.md, "Live order events"). Each message is
 *
 *   id: <OrderEvent.id>
 *   event: order
 *   data: {"id":…,"orderId":…,"restaurantId":…,"stage":"…","at":"<ISO time>"}
 *
 * On open it subscribes first, then reads every stored event after `lastEventId` (the
 * reconnecting client's Last-Event-ID), sends those, then the live events that arrived in the
 * meantime and were not among them, then live events as they come, skipping any the backlog
 * already had (the hub may deliver a row the backlog read saw): no gap, no duplicate.
 * A `: keep-alive` comment goes out every `keepAliveMs`; at the same pace `stillSignedIn` is
 * asked, and the stream ends when its session has (logout, log out everywhere, password
 * change, expiry). The client going away (request.signal, or the body being cancelled) and
 * `shutdown` (the process stopping) end it too; `onClose` runs once either way.
 */
export type StreamOptions = {
  hub: OrderEventHub;
  filter: EventFilter;
  /** Replay stored events after this id; null: live events only. */
  lastEventId: number | null;
  signal: AbortSignal;
  stillSignedIn: () => Promise<boolean>;
  keepAliveMs: number;
  retryMs: number;
  /** Aborted when the process starts shutting down: the client reconnects elsewhere. */
  shutdown?: AbortSignal;
  onClose?: () => void;
};

export const SSE_HEADERS = {
  "Content-Type": "text/event-stream; charset=utf-8",
  // no-transform also keeps Next.js's compression (and proxies') from buffering the stream.
  "Cache-Control": "no-cache, no-transform",
  // nginx: do not buffer this response (deploy/nginx.conf).
  "X-Accel-Buffering": "no",
} as const;

/** Each event's message, encoded once however many streams send it. */
const encoded = new WeakMap<OrderEvent, Uint8Array>();
function encodedEvent(event: OrderEvent, encoder: TextEncoder): Uint8Array {
  let bytes = encoded.get(event);
  if (!bytes) encoded.set(event, (bytes = encoder.encode(formatEvent(event))));
  return bytes;
}

export function formatEvent(event: OrderEvent): string {
  const data = { id: event.id, orderId: event.orderId, restaurantId: event.restaurantId, stage: event.stage, at: event.at.toISOString() };
  return `id: ${event.id}\nevent: order\ndata: ${JSON.stringify(data)}\n\n`;
}

export async function eventStreamResponse(options: StreamOptions): Promise<Response> {
  const { hub, filter, lastEventId } = options;
  const encoder = new TextEncoder();
  let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  let closed = false;
  /** Live events that arrive before the backlog has been sent. */
  let early: OrderEvent[] | null = [];
  const send = (text: string | Uint8Array) => {
    if (closed || !controller) return;
    try {
      controller.enqueue(typeof text === "string" ? encoder.encode(text) : text);
    } catch {
      close();
    }
  };

  let unsubscribe: () => void = () => {};
  let keepAlive: NodeJS.Timeout | null = null;
  const close = () => {
    if (closed) return;
    closed = true;
    unsubscribe();
    if (keepAlive) clearInterval(keepAlive);
    options.signal.removeEventListener("abort", close);
    options.shutdown?.removeEventListener("abort", close);
    try {
      controller?.close();
    } catch {
      // Already closed or cancelled by the client.
    }
    options.onClose?.();
  };

  /** The backlog's ids: the hub may still deliver some of them after the backlog was sent. */
  const replayed = new Set<number>();
  try {
    unsubscribe = await hub.subscribe(filter, (event) => {
      if (early) early.push(event);
      else if (!replayed.has(event.id)) send(encodedEvent(event, encoder));
    });
    const backlog: OrderEvent[] = [];
    if (lastEventId !== null) {
      for (let after = lastEventId; ;) {
        const page = await hub.backlog(filter, after);
        backlog.push(...page);
        if (page.length === 0 || page.length < 500) break;
        after = page[page.length - 1].id;
      }
    }
    for (const event of backlog) replayed.add(event.id);
    const pending = early.filter((event) => !replayed.has(event.id) && (lastEventId === null || event.id > lastEventId));
    early = null;

    const stream = new ReadableStream<Uint8Array>({
      start(c) {
        controller = c;
        send(`retry: ${options.retryMs}\n\n`);
        for (const event of [...backlog, ...pending]) send(encodedEvent(event, encoder));
      },
      cancel: close,
    });
    // Events that arrive between here and start() are sent by the listener directly once
    // `controller` is set; start() runs synchronously inside the constructor, so there is none.
    keepAlive = setInterval(() => {
      void options.stillSignedIn().then(
        (live) => (live ? send(": keep-alive\n\n") : close()),
        () => send(": keep-alive\n\n"),
      );
    }, options.keepAliveMs);
    options.signal.addEventListener("abort", close);
    options.shutdown?.addEventListener("abort", close);
    if (options.signal.aborted || options.shutdown?.aborted) close();
    return new Response(stream, { status: 200, headers: SSE_HEADERS });
  } catch (error) {
    close();
    throw error;
  }
}
