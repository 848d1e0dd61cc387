import "server-only";
import { appLog } from "../platform/log";
import type { Db } from "../platform/create-db";
import { onLocalEvent } from "../platform/local-writes";
import { BATCH, matches, EVENT_FIELDS, whereOf, type EventFilter, type OrderEvent } from "./filter";
import { NotifySource } from "./notify-source";
import { PollSource, type Source } from "./poll-source";
import { SubscriptionIndex, type Listener, type Subscription } from "./subscription-index";

export { matches, NOTIFICATION_STAGE, type EventFilter, type FieldFilter, type OrderEvent, type PersonalFilter } from "./filter";
export { POKE_GAP_MS } from "./poll-source";

/**
 * One process's fan-out of OrderEvent rows to its open event streams (docs/architecture/live-order-events.md,
 * "Live order events"). The rows are the truth: a step's transaction writes its OrderEvent row, and every
 * process learns of new rows by itself, so a stream held on one process or instance sees steps
 * taken on any other.
 *
 * - SQLite: one poller per process reads `id > lastSeen` in batches every `pollMs`, only while
 *   someone listens (./poll-source.ts). SQLite has one writer at a time, so ids commit in
 *   increasing order and nothing committed can appear below `lastSeen` later.
 * - PostgreSQL: a trigger NOTIFYs each new row's id on "order_event" at commit (migration
 *   20261123120000_order_event_notify); one dedicated `pg` connection per process LISTENs,
 *   reconnecting when it drops, and the hub reads the announced rows (./notify-source.ts). After
 *   a reconnect it reads the rows above the highest id it had seen, which covers notifications
 *   sent while it was away.
 *
 * `subscribe` resolves once the source is watching (the poller has its starting point, or
 * LISTEN is active): every row committed after that is delivered to the listener, so a stream
 * that subscribes first and then reads its backlog from the table misses nothing; the overlap
 * is removed by id (lib/server/live/stream.ts).
 */

export type HubOptions = { databaseUrl: string; pollMs: number; batch?: number; log?: (message: string) => void };

/** What `subscribe` resolves to: the unsubscribe, which can also change the filter (a person's restaurants re-read). */
export type Watch = (() => void) & { refilter(filter: EventFilter): void };

export class OrderEventHub {
  readonly #subscriptions = new Set<Subscription>();
  readonly #index = new SubscriptionIndex();
  readonly #source: Source;

  constructor(
    private readonly db: Db,
    options: HubOptions,
  ) {
    const deliver = (events: OrderEvent[]) => this.#deliver(events);
    const log = options.log ?? ((message: string) => appLog.warn(`order events: ${message}`));
    this.#source = /^postgres(ql)?:\/\//.test(options.databaseUrl)
      ? new NotifySource(db, options.databaseUrl, deliver, log)
      : new PollSource(db, options.pollMs, options.batch ?? BATCH, deliver, log);
    this.#stopPoking = onLocalEvent(() => this.#source.poke());
  }

  readonly #stopPoking: () => void;

  /** Starts delivering matching events to `listener`; resolves (with the unsubscribe) once watching. */
  async subscribe(filter: EventFilter, listener: Listener): Promise<Watch> {
    const subscription: Subscription = { filter, listener };
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
    const refilter = (next: EventFilter) => {
      if (!this.#subscriptions.has(subscription)) return;
      this.#index.delete(subscription);
      subscription.filter = next;
      this.#index.add(subscription);
    };
    return Object.assign(unsubscribe, { refilter });
  }

  /** The stored events after `afterId` that match, oldest first (a reconnecting stream's backlog). */
  backlog(filter: EventFilter, afterId: number, take = BATCH): Promise<OrderEvent[]> {
    return this.db.orderEvent.findMany({ where: { ...whereOf(filter), id: { gt: afterId } }, orderBy: { id: "asc" }, take, select: EVENT_FIELDS });
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
