"use client";
import type { OrderEventJson } from "@/lib/shared/orders/order-stages";

// The page's event streams, shared: every component listening to the same stream (the person's
// one stream, GET /api/events: the bell, the open-orders banner, the order page, the board, the
// manage page, the courier app) shares one EventSource, so a page holds one connection however
// many parts of it are live (a browser keeps 6 connections per host for all its tabs).
// A subscriber asking for `?app=courier` makes the shared stream carry it (reopened once, resuming
// after the last id). EventSource reconnects by itself (sending Last-Event-ID); when the browser
// gives up (an error answer, the server down) the stream is reopened after a growing pause. When the
// browser goes offline the stream is closed, and reopened (resuming after the last id) the moment
// it is back online; subscribers hear of each loss and return (onStatus: the board's banner).

export type LiveSubscriber = {
  url: string;
  /** The stream (re)opened: re-read the state. Called at once for a subscriber joining an open stream. */
  onOpen(): void;
  /** An `event: order` or `event: delivery` message (each id once). */
  onEvent(event: OrderEventJson): void;
  /** `event: reload`: too far behind to replay; re-read the state. */
  onReload(): void;
  /** `event: notification`: the bell's wake-up. */
  onNotification?(): void;
  /** The connection was lost (false: an error, the browser offline) or is back (true, before onOpen). */
  onStatus?(connected: boolean): void;
};

const RETRY_MS = [1_000, 2_000, 5_000, 10_000, 30_000];
const NETWORK = ["offline", "online"];
/** Ids remembered to drop a replayed event (a reconnect's backlog overlaps what was received). */
const SEEN_MAX = 2_000;

class Connection {
  readonly subscribers = new Set<LiveSubscriber>();
  #source: EventSource | null = null;
  #url: string | null = null;
  #timer: number | undefined;
  #failures = 0;
  #lastId: string | null = null;
  #seen = new Set<number>();
  #lost = false;

  constructor(readonly key: string) {}

  /** Tells the subscribers the connection was lost or is back, once per change. */
  status(connected: boolean) {
    if (this.#lost === !connected) return;
    this.#lost = !connected;
    for (const subscriber of [...this.subscribers]) subscriber.onStatus?.(connected);
  }

  /** The browser went offline: the stream is closed (a dead socket may not error for minutes); online again, it is reopened. */
  readonly network = (event: Event) => {
    if (event.type === "online" && this.#source) return;
    this.close();
    if (event.type === "online") this.#open();
    else this.status(false);
  };

  /** The URL the subscribers need: with a query when any asks for one. */
  #wanted(): string {
    let url = this.key;
    for (const subscriber of this.subscribers) if (subscriber.url.length > url.length) url = subscriber.url;
    return url;
  }

  update() {
    const wanted = this.#wanted();
    if (wanted === this.#url && (this.#source || this.#timer !== undefined)) return;
    this.close();
    this.#url = wanted;
    this.#open();
  }

  get isOpen() {
    return this.#source?.readyState === EventSource.OPEN;
  }

  #open() {
    const url = this.#url!;
    const target = this.#lastId ? `${url}${url.includes("?") ? "&" : "?"}lastEventId=${encodeURIComponent(this.#lastId)}` : url;
    const stream = new EventSource(target);
    this.#timer = undefined;
    this.#source = stream;
    const each = (call: (subscriber: LiveSubscriber) => void) => {
      for (const subscriber of [...this.subscribers]) call(subscriber);
    };
    stream.onopen = () => {
      this.#failures = 0;
      this.status(true);
      each((s) => s.onOpen());
    };
    const received = (message: Event) => {
      const { data, lastEventId } = message as MessageEvent<string>;
      if (lastEventId) this.#lastId = lastEventId;
      const event = parseEvent(data);
      if (!event || this.#seen.has(event.id)) return;
      this.#seen.add(event.id);
      if (this.#seen.size > SEEN_MAX) this.#seen = new Set([...this.#seen].slice(-SEEN_MAX / 2));
      each((s) => s.onEvent(event));
    };
    // A stage is `event: order`; a courier's news (assigned, arrived, a position, an offer) is `event: delivery`.
    stream.addEventListener("order", received);
    stream.addEventListener("delivery", received);
    stream.addEventListener("notification", (message) => {
      if (message.lastEventId) this.#lastId = message.lastEventId;
      each((s) => s.onNotification?.());
    });
    // The server found this client too far behind to replay what it missed: re-read, and resume after the id it names.
    stream.addEventListener("reload", (message) => {
      if (message.lastEventId) this.#lastId = message.lastEventId;
      each((s) => s.onReload());
    });
    stream.onerror = () => {
      this.status(false);
      if (stream.readyState !== EventSource.CLOSED) return; // the browser is reconnecting
      stream.close();
      this.#source = null;
      this.#timer = window.setTimeout(() => this.#open(), RETRY_MS[Math.min(this.#failures++, RETRY_MS.length - 1)]);
    };
  }

  close() {
    window.clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#source?.close();
    this.#source = null;
  }
}

const connections = new Map<string, Connection>();

/** Listens to the stream at `subscriber.url` (shared with the page's other listeners of it); returns the unsubscribe. */
export function subscribeLive(subscriber: LiveSubscriber): () => void {
  if (typeof EventSource === "undefined") return () => {};
  const key = subscriber.url.split("?")[0]!;
  let connection = connections.get(key);
  if (!connection) {
    connections.set(key, (connection = new Connection(key)));
    for (const type of NETWORK) window.addEventListener(type, connection.network);
  }
  const joined = connection;
  joined.subscribers.add(subscriber);
  const wasOpen = joined.isOpen;
  joined.update();
  if (wasOpen && joined.isOpen) subscriber.onOpen();
  return () => {
    if (!joined.subscribers.delete(subscriber)) return;
    if (joined.subscribers.size === 0) {
      for (const type of NETWORK) window.removeEventListener(type, joined.network);
      joined.close();
      connections.delete(key);
    } else joined.update();
  };
}

function parseEvent(data: string): OrderEventJson | null {
  try {
    const event = JSON.parse(data) as OrderEventJson;
    return typeof event?.id === "number" && typeof event.orderId === "number" ? event : null;
  } catch {
    return null;
  }
}
