import "server-only";
import type Database from "better-sqlite3";

/**
 * The adapter prepares every statement it runs (`client.prepare(sql).bind(args)`), and SQLite's
 * compiling of a statement was about 5% of a wallet checkout's CPU (docs/log/performance.md). Prisma
 * sends the same few hundred SQL texts with `?` parameters, so each is prepared once per
 * connection and kept. better-sqlite3 binds parameters to a statement for good, so the adapter
 * gets a view of the kept statement that passes its parameters to each call instead; it uses
 * only `reader`, `run()`, `columns()` and `raw().all()` (node_modules/@prisma/adapter-better-sqlite3).
 * Statements are run synchronously, one at a time, so one kept statement is never in use twice.
 * At most MAX texts are kept (then new ones are prepared per use, as before): the SQL of an
 * `IN (?,?,...)` list differs with its length, so the texts are many but bounded by the app's queries.
 */
export class PreparedStatements {
  static readonly MAX = 2000;
  readonly #kept = new Map<string, { statement: Database.Statement; columns?: Database.ColumnDefinition[] }>();

  constructor(private readonly prepare: (sql: string) => Database.Statement) {}

  #entry(sql: string) {
    let entry = this.#kept.get(sql);
    if (!entry) {
      entry = { statement: this.prepare(sql) };
      if (this.#kept.size < PreparedStatements.MAX) this.#kept.set(sql, entry);
    }
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
