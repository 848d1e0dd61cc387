import "server-only";
import pg from "pg";
import type { Db } from "../platform/create-db";
import { onLocalEvent } from "../platform/local-writes";

/**
 * One process's fan-out of OrderEvent rows to its open event streams (docs/architecture/live-order-events.md,
 * "Live order events"). The rows are the truth: a step's transaction writes its OrderEvent row, and every
 * process learns of new rows by itself, so a stream held on one process or instance sees steps
 * taken on any other.
 *
 * - SQLite: one poller per process reads `id > lastSeen` in batches every `pollMs`, only while
 *   someone listens. SQLite has one writer at a time, so ids commit in increasing order and
 *   nothing committed can appear below `lastSeen` later.
 * - PostgreSQL: a trigger NOTIFYs each new row's id on "order_event" at commit (migration
 *   20261123120000_order_event_notify); one dedicated `pg` connection per process LISTENs,
 *   reconnecting when it drops, and the hub reads the announced rows. After a reconnect it
 *   reads the rows above the highest id it had seen, which covers notifications sent while
 *   it was away.
 *
 * `subscribe` resolves once the source is watching (the poller has its starting point, or
 * LISTEN is active): every row committed after that is delivered to the listener, so a stream
 * that subscribes first and then reads its backlog from the table misses nothing; the overlap
 * is removed by id (lib/server/order-events/stream.ts).
 */

/** `stage`: the stage entered, or a delivery event (lib/shared/delivery.ts) with its JSON `detail`. */
export type OrderEvent = { id: number; orderId: number; userId: number; restaurantId: number | null; stage: string; detail?: string | null; at: Date };
/**
 * Which events a stream gets: every field given must match. `notifications`: the bell's stream,
 * which gets only the `notification` rows (its user's wake-ups, docs/architecture/notifications.md);
 * every other stream never gets them.
 */
export type EventFilter = { userId?: number; orderId?: number; restaurantId?: number; notifications?: boolean };

/** The stage of a bell's wake-up row. */
export const NOTIFICATION_STAGE = "notification";
type Listener = (event: OrderEvent) => void;
type Subscription = { filter: EventFilter; listener: Listener };

export type HubOptions = { databaseUrl: string; pollMs: number; batch?: number; log?: (message: string) => void };

const BATCH = 500;
const CHANNEL = "order_event";
/**
 * Local writes closer together than this share one read (SQLite): a courier's position is an
 * event row, and 200 reports a second each waking a read of the table was a read per write.
 * A step still reaches this process's streams within this much of its commit.
 */
export const POKE_GAP_MS = 20;

export const matches = (filter: EventFilter, event: OrderEvent) =>
  (filter.userId === undefined || filter.userId === event.userId) &&
  (filter.orderId === undefined || filter.orderId === event.orderId) &&
  (filter.restaurantId === undefined || filter.restaurantId === event.restaurantId) &&
  (event.stage === NOTIFICATION_STAGE) === (filter.notifications === true);

/** The filter as a Prisma where clause. */
const whereOf = (filter: EventFilter) => ({
  ...(filter.userId !== undefined && { userId: filter.userId }),
  ...(filter.orderId !== undefined && { orderId: filter.orderId }),
  ...(filter.restaurantId !== undefined && { restaurantId: filter.restaurantId }),
  stage: filter.notifications ? NOTIFICATION_STAGE : { not: NOTIFICATION_STAGE },
});

const SELECT = { id: true, orderId: true, userId: true, restaurantId: true, stage: true, detail: true, at: true } as const;

/** Subscriptions by the most selective field of their filter: an event is matched against its own order's, restaurant's and user's only. */
class SubscriptionIndex {
  readonly #byOrder = new Map<number, Set<Subscription>>();
  readonly #byRestaurant = new Map<number, Set<Subscription>>();
  readonly #byUser = new Map<number, Set<Subscription>>();
  readonly #rest = new Set<Subscription>();

  #place({ filter }: Subscription): [Map<number, Set<Subscription>>, number] | null {
    if (filter.orderId !== undefined) return [this.#byOrder, filter.orderId];
    if (filter.restaurantId !== undefined) return [this.#byRestaurant, filter.restaurantId];
    if (filter.userId !== undefined) return [this.#byUser, filter.userId];
    return null;
  }

  add(subscription: Subscription) {
    const place = this.#place(subscription);
    if (!place) return void this.#rest.add(subscription);
    const [map, key] = place;
    let set = map.get(key);
    if (!set) map.set(key, (set = new Set()));
    set.add(subscription);
  }

  delete(subscription: Subscription) {
    const place = this.#place(subscription);
    if (!place) return void this.#rest.delete(subscription);
    const [map, key] = place;
    const set = map.get(key);
    if (set?.delete(subscription) && set.size === 0) map.delete(key);
  }

  clear() {
    for (const map of [this.#byOrder, this.#byRestaurant, this.#byUser]) map.clear();
    this.#rest.clear();
  }

  /** The subscriptions that may want `event` (each in one place: none twice). */
  *candidates(event: OrderEvent): Iterable<Subscription> {
    const order = this.#byOrder.get(event.orderId);
    if (order) yield* order;
    const restaurant = event.restaurantId === null ? undefined : this.#byRestaurant.get(event.restaurantId);
    if (restaurant) yield* restaurant;
    const user = this.#byUser.get(event.userId);
    if (user) yield* user;
    yield* this.#rest;
  }
}

export class OrderEventHub {
  readonly #subscriptions = new Set<Subscription>();
  readonly #index = new SubscriptionIndex();
  readonly #source: Source;

  constructor(
    private readonly db: Db,
    options: HubOptions,
  ) {
    const deliver = (events: OrderEvent[]) => this.#deliver(events);
    const log = options.log ?? ((message: string) => console.error(`[nosh] order events: ${message}`));
    this.#source = /^postgres(ql)?:\/\//.test(options.databaseUrl)
      ? new NotifySource(db, options.databaseUrl, deliver, log)
      : new PollSource(db, options.pollMs, options.batch ?? BATCH, deliver, log);
    this.#stopPoking = onLocalEvent(() => this.#source.poke());
  }

  readonly #stopPoking: () => void;

  /** Starts delivering matching events to `listener`; resolves (with the unsubscribe) once watching. */
  async subscribe(filter: EventFilter, listener: Listener): Promise<() => void> {
    const subscription = { filter, listener };
    this.#subscriptions.add(subscription);
    this.#index.add(subscription);
    const unsubscribe = () => {
      if (!this.#subscriptions.delete(subscription)) return;
      this.#index.delete(subscription);
      if (this.#subscriptions.size === 0) this.#source.idle();
    };
    try {
      await this.#source.watch();
    } catch (error) {
      unsubscribe();
      throw error;
    }
    return unsubscribe;
  }

  /** The stored events after `afterId` that match, oldest first (a reconnecting stream's backlog). */
  backlog(filter: EventFilter, afterId: number, take = BATCH): Promise<OrderEvent[]> {
    return this.db.orderEvent.findMany({ where: { ...whereOf(filter), id: { gt: afterId } }, orderBy: { id: "asc" }, take, select: SELECT });
  }

  /**
   * A resume point too far behind to replay: when more than `limit` stored events match after
   * `afterId`, the newest one's id (where the client resumes after re-reading its state); else null.
   */
  async tooFarBehind(filter: EventFilter, afterId: number, limit: number): Promise<number | null> {
    const where = { ...whereOf(filter), id: { gt: afterId } };
    // One row past the limit, found in the index: nothing of the history is read into memory.
    const beyond = await this.db.orderEvent.findFirst({ where, orderBy: { id: "asc" }, skip: limit, select: { id: true } });
    if (!beyond) return null;
    const newest = await this.db.orderEvent.findFirst({ where, orderBy: { id: "desc" }, select: { id: true } });
    return newest?.id ?? beyond.id;
  }

  get listeners(): number {
    return this.#subscriptions.size;
  }

  /** Stops the source (tests, and a process shutting down). */
  async close(): Promise<void> {
    this.#subscriptions.clear();
    this.#index.clear();
    this.#stopPoking();
    await this.#source.close();
  }

  #deliver(events: OrderEvent[]) {
    for (const event of events) {
      // 1,000 customers each watching their order: an event goes to its order's streams, not past all 1,000.
      for (const subscription of this.#index.candidates(event)) {
        if (!matches(subscription.filter, event)) continue;
        try {
          subscription.listener(event);
        } catch {
          // A listener's failure (a stream already closed) must not stop the others.
        }
      }
    }
  }
}

interface Source {
  /** Resolves once rows committed from now on will be delivered. */
  watch(): Promise<void>;
  /** Nobody listens any more. */
  idle(): void;
  /** This process has just written an event row (lib/server/platform/local-writes.ts). */
  poke(): void;
  close(): Promise<void>;
}

/** SQLite: reads rows above the last one seen, every pollMs while anyone listens. */
class PollSource implements Source {
  #lastSeen: number | null = null;
  #starting: Promise<void> | null = null;
  #timer: NodeJS.Timeout | null = null;
  /** When #timer fires (ms since the epoch). */
  #due = 0;
  /** When the last read began. */
  #polledAt = 0;
  #running = false;
  /** A poke came while a poll ran: poll again right after it. */
  #again = false;
  #closed = false;

  constructor(
    private readonly db: Db,
    private readonly pollMs: number,
    private readonly batch: number,
    private readonly deliver: (events: OrderEvent[]) => void,
    private readonly log: (message: string) => void,
  ) {}

  watch(): Promise<void> {
    if (this.#closed) return Promise.reject(new Error("The order event hub is closed"));
    this.#starting ??= this.#start().catch((error) => {
      this.#starting = null;
      throw error;
    });
    return this.#starting;
  }

  async #start() {
    const last = await this.db.orderEvent.findFirst({ orderBy: { id: "desc" }, select: { id: true } });
    this.#lastSeen = last?.id ?? 0;
    this.#schedule();
  }

  #schedule(ms = this.pollMs) {
    if (this.#closed) return;
    if (this.#timer) {
      if (this.#due <= Date.now() + ms) return;
      clearTimeout(this.#timer);
    }
    this.#due = Date.now() + ms;
    this.#timer = setTimeout(() => {
      this.#timer = null;
      void this.#poll();
    }, ms);
    this.#timer.unref();
  }

  async #poll() {
    if (this.#running || this.#closed || this.#lastSeen === null) return;
    this.#running = true;
    this.#polledAt = Date.now();
    try {
      for (let after = this.#lastSeen; ;) {
        const rows: OrderEvent[] = await this.db.orderEvent.findMany({ where: { id: { gt: after } }, orderBy: { id: "asc" }, take: this.batch, select: SELECT });
        if (rows.length === 0 || this.#lastSeen !== after) break;
        after = this.#lastSeen = rows[rows.length - 1].id;
        this.deliver(rows);
        if (rows.length < this.batch) break;
      }
    } catch (error) {
      this.log(`reading new events failed, retrying: ${(error as Error).message}`);
    } finally {
      this.#running = false;
    }
    if (this.#again && this.#starting) {
      this.#again = false;
      this.poke();
    } else if (this.#starting) this.#schedule();
  }

  /**
   * Polls now rather than at the next tick. Called from inside the writing transaction: on
   * SQLite this process's plain queries wait until its open transaction ends
   * (lib/server/platform/sqlite-transactions.ts), so the read sees the row once committed, and nothing if it rolled back.
   */
  poke() {
    if (this.#closed || this.#lastSeen === null) return;
    if (this.#running) {
      this.#again = true;
      return;
    }
    // At most one read per POKE_GAP_MS: a poke soon after a read waits for the gap to end (the
    // pokes meanwhile find that read already due).
    const wait = this.#polledAt + POKE_GAP_MS - Date.now();
    if (wait > 0) return this.#schedule(wait);
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    void this.#poll();
  }

  idle() {
    // Stop polling; the next subscriber starts again from the newest row then.
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    this.#starting = null;
    this.#lastSeen = null;
  }

  async close() {
    this.#closed = true;
    this.idle();
  }
}

/** PostgreSQL: LISTEN on one dedicated connection; each notification carries a new row's id. */
class NotifySource implements Source {
  #client: pg.Client | null = null;
  #connecting: Promise<void> | null = null;
  #highest = 0;
  #pending = new Set<number>();
  #reading = false;
  #closed = false;
  #retryMs = 100;

  constructor(
    private readonly db: Db,
    private readonly url: string,
    private readonly deliver: (events: OrderEvent[]) => void,
    private readonly log: (message: string) => void,
  ) {}

  watch(): Promise<void> {
    if (this.#closed) return Promise.reject(new Error("The order event hub is closed"));
    this.#connecting ??= this.#connect(false).catch((error) => {
      this.#connecting = null;
      throw error;
    });
    return this.#connecting;
  }

  async #connect(catchUp: boolean) {
    const client = new pg.Client({ connectionString: this.url, keepAlive: true });
    client.on("error", (error) => this.#lost(client, error));
    client.on("end", () => this.#lost(client, new Error("connection ended")));
    client.on("notification", (message) => {
      const id = Number(message.payload);
      if (message.channel !== CHANNEL || !Number.isInteger(id)) return;
      this.#pending.add(id);
      void this.#read();
    });
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    this.#client = client;
    this.#retryMs = 100;
    if (catchUp) {
      // Rows committed while no connection listened were never announced to this process.
      const missed = await this.db.orderEvent.findMany({ where: { id: { gt: this.#highest } }, orderBy: { id: "asc" }, select: SELECT });
      this.#deliverNew(missed);
    } else {
      const last = await this.db.orderEvent.findFirst({ orderBy: { id: "desc" }, select: { id: true } });
      this.#highest = Math.max(this.#highest, last?.id ?? 0);
    }
  }

  #lost(client: pg.Client, error: Error) {
    if (this.#client !== client || this.#closed) return;
    this.#client = null;
    client.end().catch(() => {});
    this.log(`LISTEN connection lost (${error.message}); reconnecting in ${this.#retryMs} ms`);
    const retry = () => {
      if (this.#closed) return;
      this.#connect(true).catch((failure: Error) => {
        this.#retryMs = Math.min(this.#retryMs * 2, 5_000);
        this.log(`reconnecting failed (${failure.message}); again in ${this.#retryMs} ms`);
        setTimeout(retry, this.#retryMs).unref();
      });
    };
    setTimeout(retry, this.#retryMs).unref();
  }

  async #read() {
    if (this.#reading) return;
    this.#reading = true;
    try {
      while (this.#pending.size) {
        const ids = [...this.#pending].slice(0, BATCH);
        for (const id of ids) this.#pending.delete(id);
        const rows = await this.db.orderEvent.findMany({ where: { id: { in: ids } }, orderBy: { id: "asc" }, select: SELECT });
        this.#deliverNew(rows);
      }
    } catch (error) {
      this.log(`reading announced events failed: ${(error as Error).message}`);
    } finally {
      this.#reading = false;
    }
  }

  /** Delivers rows not delivered before (a catch-up and a late notification can overlap). */
  #recent = new Set<number>();
  #deliverNew(rows: OrderEvent[]) {
    const fresh = rows.filter((row) => !this.#recent.has(row.id));
    for (const row of fresh) {
      this.#recent.add(row.id);
      this.#highest = Math.max(this.#highest, row.id);
    }
    // Remember a bounded window of ids: overlaps are only ever between recent rows.
    if (this.#recent.size > 10_000) this.#recent = new Set([...this.#recent].slice(-5_000));
    if (fresh.length) this.deliver(fresh);
  }

  idle() {
    // The one connection stays: reconnecting per listener would cost more than it keeps.
  }

  poke() {
    // PostgreSQL announces every committed row itself (NOTIFY at commit).
  }

  async close() {
    this.#closed = true;
    const client = this.#client;
    this.#client = null;
    await client?.end().catch(() => {});
  }
}
