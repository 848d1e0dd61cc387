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
 * change, expiry). The client going away (the connection closing, or the body being
 * cancelled), a client that leaves MAX_QUEUED_BYTES unread, and `shutdown` (the process
 * stopping) end it too; `onClose` runs once either way. Under server.mjs the stream is written
 * to the Node response directly (the hand-off below; docs/architecture.md, "Live order events").
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

/** Where a stream's bytes go: a web ReadableStream's controller, or the Node response itself. */
type Sink = {
  /** False when the client is not keeping up: the stream then ends (the client reconnects with Last-Event-ID). */
  write(bytes: Uint8Array): boolean;
  end(): void;
};

/**
 * The hand-off that server.mjs offers (docs/architecture.md, "Live order events"): the route
 * answers an empty 200 carrying a ticket header, and when Next.js ends that response, server.mjs
 * gives the Node response to the ticket's `start` instead, which then writes the stream itself.
 * Next.js's per-request state (about 85 KB a request) is then released once the route has
 * answered instead of living as long as the stream, so 2,000 held streams fit the worker's heap.
 * Without server.mjs (`next dev`, Vitest) there is no hand-off and the stream is a ReadableStream.
 */
type Handoff = {
  header: string;
  /** Registers `start` under a new ticket; `abandon` runs if the ticket is never taken. */
  offer(start: (response: NodeResponse) => void, abandon: () => void): string;
};
type NodeResponse = {
  write(chunk: Uint8Array): boolean;
  end(): void;
  once(event: "close", listener: () => void): unknown;
  readonly writableLength: number;
  flushHeaders(): void;
};
const handoff = () => (globalThis as { __noshStreamHandoff?: Handoff }).__noshStreamHandoff;

/** A client this far behind (bytes queued, not yet taken by the socket) is dropped; it reconnects and catches up from the table. */
const MAX_QUEUED_BYTES = 256 * 1024;

export async function eventStreamResponse(options: StreamOptions): Promise<Response> {
  // The closures below must not hold `options`: after the hand-off the request's signal (and,
  // through its abort reason, the request's state) would live as long as the stream.
  const { hub, filter, lastEventId, stillSignedIn, keepAliveMs, retryMs, shutdown, onClose } = options;
  let signal: AbortSignal | null = options.signal;
  const encoder = new TextEncoder();
  let sink: Sink | null = null;
  /** Messages produced before the sink exists (the backlog, and events during the hand-off). */
  let queued: Uint8Array[] | null = [];
  let closed = false;
  /** Live events that arrive before the backlog has been read. */
  let early: OrderEvent[] | null = [];
  const send = (bytes: string | Uint8Array) => {
    if (closed) return;
    const chunk = typeof bytes === "string" ? encoder.encode(bytes) : bytes;
    if (queued) {
      queued.push(chunk);
      return;
    }
    let ok = false;
    try {
      ok = sink!.write(chunk);
    } catch {
      ok = false;
    }
    if (!ok) close();
  };

  let unsubscribe: () => void = () => {};
  let keepAlive: NodeJS.Timeout | null = null;
  const close = () => {
    if (closed) return;
    closed = true;
    unsubscribe();
    if (keepAlive) clearInterval(keepAlive);
    signal?.removeEventListener("abort", close);
    shutdown?.removeEventListener("abort", close);
    try {
      sink?.end();
    } catch {
      // Already closed or cancelled by the client.
    }
    onClose?.();
  };
  /** Starts writing to `target`; the keep-alive timer starts here, in the async context the sink runs in (server.mjs). */
  const attach = (target: Sink) => {
    if (closed) return target.end();
    sink = target;
    const backlog = queued ?? [];
    queued = null;
    for (const chunk of backlog) send(chunk);
    keepAlive = setInterval(() => {
      void stillSignedIn().then(
        (live) => (live ? send(": keep-alive\n\n") : close()),
        () => send(": keep-alive\n\n"),
      );
    }, keepAliveMs);
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
    send(`retry: ${retryMs}\n\n`);
    for (const event of [...backlog, ...pending]) send(encodedEvent(event, encoder));

    signal.addEventListener("abort", close);
    shutdown?.addEventListener("abort", close);
    if (signal.aborted || shutdown?.aborted) close();

    const offer = handoff();
    if (offer) {
      const ticket = offer.offer((response) => {
        // The request's signal ends with Next.js's part of the response, before the stream's.
        signal?.removeEventListener("abort", close);
        signal = null;
        response.once("close", close);
        response.flushHeaders();
        attach({
          write: (bytes) => {
            response.write(bytes);
            return response.writableLength <= MAX_QUEUED_BYTES;
          },
          end: () => response.end(),
        });
      }, close);
      return new Response(null, { status: 200, headers: { ...SSE_HEADERS, [offer.header]: ticket } });
    }
    const stream = new ReadableStream<Uint8Array>(
      {
        start(controller) {
          attach({
            write: (bytes) => {
              controller.enqueue(bytes);
              return (controller.desiredSize ?? 0) > -MAX_QUEUED_BYTES;
            },
            end: () => controller.close(),
          });
        },
        cancel: close,
      },
      // Counted in bytes, so desiredSize is minus the bytes the reader has not taken yet.
      { highWaterMark: 0, size: (chunk) => chunk.byteLength },
    );
    return new Response(stream, { status: 200, headers: SSE_HEADERS });
  } catch (error) {
    close();
    throw error;
  }
}
