import "server-only";
import { sqliteConnectionOf, type Db } from "../platform/create-db";
import type { SqliteConnection } from "../platform/sqlite-transactions";
import { EVENT_FIELDS, type OrderEvent } from "./filter";
import { eventRow, NEWER_EVENTS } from "./queries/events";

// Where a process's hub learns of new OrderEvent rows (lib/server/live/hub.ts): on SQLite by
// polling (below), on PostgreSQL by LISTEN/NOTIFY (./notify-source.ts).

export interface Source {
  /** Resolves once rows committed from now on will be delivered. */
  watch(): Promise<void>;
  /** Nobody listens any more. */
  idle(): void;
  /** This process has just written an event row (lib/server/platform/local-writes.ts). */
  poke(): void;
  close(): Promise<void>;
}

/**
 * Local writes closer together than this share one read (SQLite): a courier's position is an
 * event row, and 200 reports a second each waking a read of the table was a read per write.
 * A step still reaches this process's streams within this much of its commit.
 */
export const POKE_GAP_MS = 20;

/** SQLite: reads rows above the last one seen, every pollMs while anyone listens. */
export class PollSource implements Source {
  #connection: SqliteConnection | null = null;
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
        const rows = await this.#newer(after);
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

  /** The rows above `after`, a batch at most, oldest first; like Prisma's reads, only while no transaction is open on the connection (it never reads another's uncommitted rows). */
  async #newer(after: number): Promise<OrderEvent[]> {
    const connection = (this.#connection ??= await sqliteConnectionOf(this.db));
    if (!connection) return this.db.orderEvent.findMany({ where: { id: { gt: after } }, orderBy: { id: "asc" }, take: this.batch, select: EVENT_FIELDS });
    while (connection.lock.busy) await connection.lock.idle();
    return (connection.statement(NEWER_EVENTS).raw(false).all(after, this.batch) as unknown[]).map(eventRow);
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
