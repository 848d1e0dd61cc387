import "server-only";
import pg from "pg";
import type { Db } from "../platform/create-db";
import { BATCH, EVENT_FIELDS, type OrderEvent } from "./filter";
import type { Source } from "./poll-source";
import { CHANNEL, LISTEN } from "./queries/events";

/** PostgreSQL: LISTEN on one dedicated connection; each notification carries a new row's id. */
export class NotifySource implements Source {
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
    await client.query(LISTEN);
    this.#client = client;
    this.#retryMs = 100;
    if (catchUp) {
      // Rows committed while no connection listened were never announced to this process.
      const missed = await this.db.orderEvent.findMany({ where: { id: { gt: this.#highest } }, orderBy: { id: "asc" }, select: EVENT_FIELDS });
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
        const rows = await this.db.orderEvent.findMany({ where: { id: { in: ids } }, orderBy: { id: "asc" }, select: EVENT_FIELDS });
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
