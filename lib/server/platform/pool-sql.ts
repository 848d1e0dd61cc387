import "server-only";
import { createHash } from "node:crypto";
import pg from "pg";
import { recordQuery } from "./log";

/**
 * Reads on PostgreSQL straight on the pool under Prisma's adapter (create-db.ts postgresPoolOf),
 * for sql.ts readSql: each SQL text a named statement, prepared once a connection (pg keeps it on
 * the connection), its rows as Prisma's raw queries give them, so the same decoders (row.ts) read
 * both. Through Prisma's client a statement cost the worker about 0.3 ms of CPU (its query
 * pipeline), most of a personal read on PostgreSQL (docs/performance.md).
 *
 * Statements are named by their text's hash, so two copies of this module (Next.js loads one per
 * route bundle) name a text alike on the shared pool. At most MAX_NAMED texts are named (a
 * prepared statement lives as long as its connection: the texts of `IN (?, ?, ...)` lists are
 * many); any further text runs unnamed, parsed each time, as Prisma runs every statement.
 */
const MAX_NAMED = 400;

type Prepared = { name: string | undefined; text: string };
const holder = globalThis as { __noshPoolStatements?: Map<string, Prepared> };
const prepared = (holder.__noshPoolStatements ??= new Map<string, Prepared>());

/** `?` placeholders as PostgreSQL's `$1, $2, ...` (sql.ts's statements use `?`), and the statement's name. */
function preparedOf(text: string): Prepared {
  const kept = prepared.get(text);
  if (kept) return kept;
  let n = 0;
  const numbered = text.replace(/\?/g, () => `$${++n}`);
  const named = prepared.size < MAX_NAMED;
  const made = { name: named ? `nosh_${createHash("sha1").update(numbered).digest("base64url")}` : undefined, text: numbered };
  if (named) prepared.set(text, made);
  return made;
}

/**
 * Columns as Prisma's adapter and client hand them to a raw query (node_modules/@prisma/adapter-pg):
 * BIGINT (COUNT(*), a SUM cast to BIGINT) as bigint, NUMERIC as a number (row.ts reads either),
 * TIMESTAMP (Prisma's DateTime, kept in UTC without a zone) as that instant, not the process's
 * local time (pg's default); everything else as pg parses it.
 */
const TIMESTAMP = 1114;
const INT8 = 20;
const NUMERIC = 1700;
const types = {
  getTypeParser: (oid: number, format?: "text" | "binary") => {
    if (format !== "binary") {
      if (oid === TIMESTAMP) return (value: string) => new Date(`${value.replace(" ", "T")}Z`);
      if (oid === INT8) return (value: string) => BigInt(value);
      if (oid === NUMERIC) return (value: string) => Number(value);
    }
    return pg.types.getTypeParser(oid, format);
  },
};

/** Parameters as Prisma's adapter sends them: a Date as its UTC time without a zone (the columns are TIMESTAMP). */
function pgParam(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString().replace("T", " ").replace("Z", "");
  return value;
}

/** Plain SQL on `pool` (sql.ts's Sql, written out here: sql.ts imports this file), each statement on its own, outside any transaction. */
export function poolSql(pool: pg.Pool): { all<R>(text: string, params?: readonly unknown[]): Promise<R[]> } {
  return {
    all: async <R>(text: string, params: readonly unknown[] = []) => {
      const statement = preparedOf(text);
      const start = performance.now();
      const { rows } = await pool.query({ ...statement, values: params.map(pgParam), types });
      recordQuery("read", (performance.now() - start) / 1000);
      return rows as R[];
    },
  };
}
