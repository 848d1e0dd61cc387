import "server-only";
import { HANDOFF_HEADER } from "@/lib/shared/web/host-contract.mjs";
import { streamHandoff } from "@/lib/shared/web/registries/stream-handoff.mjs";
import { isPersonal } from "./filter";
import { teamChecked } from "./team-check";
import { encodedEvent, formatReload } from "./messages";
import type { EventFilter, OrderEvent, OrderEventHub } from "./hub";

/**
 * One Server-Sent Events response over the hub (docs/architecture/live-order-events.md, "Live order events"). Each message is
 *
 *   id: <OrderEvent.id>
 *   event: order
 *   data: {"id":…,"orderId":…,"restaurantId":…,"stage":"…","at":"<ISO time>"}
 *
 * On open it subscribes first, then sends the stored events after `lastEventId` (the
 * reconnecting client's Last-Event-ID), read BACKLOG_PAGE at a time and the next page only once
 * the client has taken the last, then the live events that arrived in the meantime and were not
 * among them, then live events as they come, skipping any the backlog already had (the hub may
 * deliver a row the backlog read saw): no gap, no duplicate. A client more than MAX_REPLAY
 * events behind gets one `event: reload` (id: the newest event) instead of its backlog.
 * A `: keep-alive` comment goes out every `keepAliveMs`; at the same pace `stillSignedIn` is
 * asked, and the stream ends when its session has (logout, log out everywhere, password
 * change, expiry). The client going away (the connection closing, or the body being
 * cancelled), a client that leaves MAX_QUEUED_BYTES unread, and `shutdown` (the process
 * stopping) end it too; `onClose` runs once either way. Under the host the stream is written
 * to the Node response directly (the hand-off below; docs/architecture/live-order-events.md, "Live order events").
 */
export type StreamOptions = {
  hub: OrderEventHub;
  filter: EventFilter;
  /** Replay stored events after this id; null: live events only. */
  lastEventId: number | null;
  signal: AbortSignal;
  stillSignedIn: () => Promise<boolean>;
  /** Asked with `stillSignedIn`, at the keep-alive's pace: the filter now (a person's restaurants, re-read: one lost stops its events). */
  refilter?: () => Promise<EventFilter>;
  /** Whether the person is still on a restaurant's team, asked before its live events go out (./team-check.ts). */
  admits?: (restaurantId: number) => Promise<boolean>;
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

/**
 * A backlog is read this many events at a time (about 20 KB of messages), and the next page only
 * once the client has taken the last: a stream's memory does not grow with the history.
 */
export const BACKLOG_PAGE = 100;
/**
 * A client further behind than this gets `event: reload` instead of its backlog (an
 * account with 23,000 events resuming from 0 on 16 streams took the worker out of its heap).
 * Every client re-reads the state after a reconnect anyway, so a replay only saves it the order
 * of events; 1,000 covers a busy restaurant's board offline for an hour, and a longer history is
 * an old tab or an attack, for which ten pages of reading is already plenty.
 */
export const MAX_REPLAY = 1_000;
/** Live events a stream keeps while its backlog is sent (shared objects: about 8 bytes each). */
const MAX_WAITING = 2 * MAX_REPLAY;

/** Where a stream's bytes go: a web ReadableStream's controller, or the Node response itself. */
type Sink = {
  /** False when the client is not keeping up: the stream then ends (the client reconnects with Last-Event-ID). */
  write(bytes: Uint8Array): boolean;
  /** Resolves once the client has taken what was written (Node: the response's buffer drained). */
  drained(): Promise<void>;
  end(): void;
};

/**
 * The hand-off that the host offers (server/stream-handoff.mjs; its types and header are
 * lib/shared/web/host-contract.mjs's; docs/architecture/live-order-events.md, "Live order events"): the route
 * answers an empty 200 carrying a ticket header, and when Next.js ends that response, the host
 * gives the Node response to the ticket's `start` instead, which then writes the stream itself.
 * Next.js's per-request state (about 85 KB a request) is then released once the route has
 * answered instead of living as long as the stream, so 2,000 held streams fit the worker's heap.
 * Without the host (Vitest) there is no hand-off and the stream is a ReadableStream.
 */
const handoff = streamHandoff;

/** A client this far behind (bytes queued, not yet taken by the socket) is dropped; it reconnects and catches up from the table. */
const MAX_QUEUED_BYTES = 256 * 1024;

export async function eventStreamResponse(options: StreamOptions): Promise<Response> {
  // The closures below must not hold `options`: after the hand-off the request's signal (and,
  // through its abort reason, the request's state) would live as long as the stream.
  const { hub, lastEventId, stillSignedIn, refilter, admits, keepAliveMs, retryMs, shutdown, onClose } = options;
  let filter = options.filter;
  const person = isPersonal(filter) ? filter.person : null;
  let signal: AbortSignal | null = options.signal;
  const encoder = new TextEncoder();
  let sink: Sink | null = null;
  let closed = false;
  let ended: () => void = () => {};
  /** Resolves when the stream ends; made in the stream's own async context (attach), not the request's, whose stores it would hold. */
  let whenClosed: Promise<void> | null = null;
  const untilClosed = () => (whenClosed ??= closed ? Promise.resolve() : new Promise<void>((resolve) => (ended = resolve)));
  /**
   * Live events that arrive before the backlog has been sent, past what it has sent so far (on
   * PostgreSQL the notifications of rows committed just before the stream opened arrive too).
   * More than MAX_WAITING end the stream: the client resumes from the table.
   */
  let early: OrderEvent[] | null = [];
  /** The newest id the backlog (or the reload) covered: the hub may deliver those again. */
  let sentUpTo = lastEventId ?? 0;
  const covered = (upTo: number) => {
    sentUpTo = upTo;
    if (early) early = early.filter((event) => event.id > upTo);
  };
  const send = (bytes: string | Uint8Array) => {
    if (closed || !sink) return;
    let ok = false;
    try {
      ok = sink.write(typeof bytes === "string" ? encoder.encode(bytes) : bytes);
    } catch {
      ok = false;
    }
    if (!ok) close();
  };

  let unsubscribe: (() => void) & { refilter?: (next: EventFilter) => void } = () => {};
  let keepAlive: NodeJS.Timeout | null = null;
  const close = () => {
    if (closed) return;
    closed = true;
    early = null;
    unsubscribe();
    if (keepAlive) clearInterval(keepAlive);
    signal?.removeEventListener("abort", close);
    shutdown?.removeEventListener("abort", close);
    ended();
    try {
      sink?.end();
    } catch {
      // Already closed or cancelled by the client.
    }
    onClose?.();
  };

  /** Live events go out through it: behind the admission check when there is one. */
  const deliver = admits ? teamChecked(admits, () => ({ filter, closed }), send, close) : (_event: OrderEvent, bytes: Uint8Array) => send(bytes);

  /** The reload, or the backlog page by page at the client's pace, then what arrived meanwhile. */
  const catchUp = async (reloadAt: number | null) => {
    send(`retry: ${retryMs}\n\n`);
    if (reloadAt !== null) {
      send(formatReload(reloadAt));
    } else if (lastEventId !== null) {
      for (;;) {
        await Promise.race([sink!.drained(), untilClosed()]);
        if (closed) return;
        const page = await hub.backlog(filter, sentUpTo, BACKLOG_PAGE);
        for (const event of page) send(encodedEvent(event, encoder, person));
        if (page.length) covered(page[page.length - 1].id);
        if (page.length < BACKLOG_PAGE) break;
      }
    }
    if (!early) return;
    const pending = early.filter((event) => event.id > sentUpTo);
    early = null;
    for (const event of pending) deliver(event, encodedEvent(event, encoder, person));
  };

  /** Starts writing to `target`; the keep-alive timer and the catch-up start here, in the async context the sink runs in (server/stream-handoff.mjs). */
  const attach = (target: Sink, reloadAt: number | null) => {
    if (closed) return target.end();
    sink = target;
    keepAlive = setInterval(() => {
      void stillSignedIn()
        .then(
          async (live) => {
            if (!live) return close();
            if (refilter && !closed) {
              filter = await refilter();
              unsubscribe.refilter?.(filter);
            }
            send(": keep-alive\n\n");
          },
          () => send(": keep-alive\n\n"),
        )
        .catch(() => send(": keep-alive\n\n"));
    }, keepAliveMs);
    // A failed read ends the stream: the client reconnects with the last id it got.
    catchUp(reloadAt).catch(close);
  };

  try {
    unsubscribe = await hub.subscribe(filter, (event) => {
      if (event.id <= sentUpTo) return;
      if (!early) deliver(event, encodedEvent(event, encoder, person));
      else if (early.push(event) > MAX_WAITING) close();
    });
    // Subscribed first: every event after the newest one the reload names still arrives live.
    const reloadAt = lastEventId === null ? null : await hub.tooFarBehind(filter, lastEventId, MAX_REPLAY);
    if (reloadAt !== null) covered(reloadAt);

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
        attach(
          {
            write: (bytes) => {
              response.write(bytes);
              return response.writableLength <= MAX_QUEUED_BYTES;
            },
            drained: () => (response.writableNeedDrain ? new Promise((resolve) => response.once("drain", resolve)) : Promise.resolve()),
            end: () => response.end(),
          },
          reloadAt,
        );
      }, close);
      return new Response(null, { status: 200, headers: { ...SSE_HEADERS, [HANDOFF_HEADER]: ticket } });
    }
    /** Resolves the backlog's wait when the reader asks for more than is queued. */
    let wanted: (() => void) | null = null;
    const stream = new ReadableStream<Uint8Array>(
      {
        start(controller) {
          attach(
            {
              write: (bytes) => {
                controller.enqueue(bytes);
                return (controller.desiredSize ?? 0) > -MAX_QUEUED_BYTES;
              },
              drained: () => ((controller.desiredSize ?? 0) >= 0 ? Promise.resolve() : new Promise<void>((resolve) => (wanted = resolve))),
              end: () => controller.close(),
            },
            reloadAt,
          );
        },
        pull() {
          wanted?.();
          wanted = null;
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
