import "server-only";
import type Database from "better-sqlite3";
import { LRUCache } from "lru-cache";

/**
 * The adapter prepares every statement it runs (`client.prepare(sql).bind(args)`), and SQLite's
 * compiling of a statement was about 5% of a wallet checkout's CPU (docs/log/performance.md). Prisma
 * sends the same few hundred SQL texts with `?` parameters, so each is prepared once per
 * connection and kept. better-sqlite3 binds parameters to a statement for good, so the adapter
 * gets a view of the kept statement that passes its parameters to each call instead; it uses
 * only `reader`, `run()`, `columns()` and `raw().all()` (node_modules/@prisma/adapter-better-sqlite3).
 * Statements are run synchronously, one at a time, so one kept statement is never in use twice.
 * The MAX most recently used texts are kept: the SQL of an `IN (?,?,...)` list differs with its
 * length, so a long-running server meets thousands of texts, and a kept statement holds SQLite's
 * compiled program outside the heap (about 36 KB for a 30-column query with a join: 1,057 texts
 * kept after the e2e suite were some 38 MB of the worker's RSS; docs/log/2026-11-28.md). A text
 * that falls out is prepared again on its next use; its statement is freed when collected.
 */
const TRANSACTION_CONTROL = /^\s*(BEGIN|COMMIT|END)\b/i;

export class PreparedStatements {
  static readonly MAX = 400;
  readonly #kept = new LRUCache<string, { statement: Database.Statement; writes: boolean; columns?: Database.ColumnDefinition[] }>({ max: PreparedStatements.MAX });

  /** `beforeWrite`: called as a statement that may write is handed out, before it runs (sqlite-transactions.ts: the durability it needs). */
  constructor(
    private readonly prepare: (sql: string) => Database.Statement,
    private readonly beforeWrite: () => void = () => {},
  ) {}

  #entry(sql: string) {
    let entry = this.#kept.get(sql);
    if (!entry) {
      const statement = this.prepare(sql);
      // SQLite counts BEGIN and COMMIT as read-only (they only time the writes): here they are writes.
      entry = { statement, writes: !statement.readonly || TRANSACTION_CONTROL.test(sql) };
      this.#kept.set(sql, entry);
    }
    if (entry.writes) this.beforeWrite();
    return entry;
  }

  /** The kept statement itself (lib/server/platform/sql.ts runs it with its parameters on each call). */
  statement(sql: string): Database.Statement {
    return this.#entry(sql).statement;
  }

  get(sql: string) {
    const kept = this.#entry(sql);
    const statement = kept.statement;
    return {
      bind: (args: unknown[]) => ({
        reader: statement.reader,
        run: () => statement.run(args),
        // A statement's result columns are fixed by its SQL (the schema does not change while
        // the server runs: migrations run before it starts), and reading them was 2.5% of a checkout.
        columns: () => (kept.columns ??= statement.columns()),
        raw: () => ({ all: () => statement.raw(true).all(args) }),
      }),
      run: () => statement.run(),
    };
  }
}
