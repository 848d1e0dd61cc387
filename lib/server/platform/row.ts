import "server-only";

/**
 * Decoders for the rows of plain SQL (sql.ts), one per column kind, accepting what either driver
 * returns and nothing else: SQLite (better-sqlite3, and Prisma's raw queries on it) gives
 * integers as numbers or bigint, booleans as 0/1 and dates as Prisma's ISO text (or a Date
 * through Prisma); PostgreSQL gives booleans, Dates, bigint for BIGINT and COUNT(*), and
 * Prisma's Decimal for NUMERIC (SUM of a BIGINT, ROUND, AVG). Anything else is a clear error
 * naming the column: a statement and its decoder that disagree fail at once, not later as NaN.
 *
 * A row shape is decoded by one decoder built with `rowOf({ column: row.kind, ... })`.
 */
export type Decoder<T> = (value: unknown, column: string) => T;

function fail(column: string, expected: string, value: unknown): never {
  const shown = typeof value === "bigint" ? `${value}n` : typeof value === "object" && value !== null ? value.constructor.name : JSON.stringify(value);
  throw new Error(`Column "${column}": expected ${expected}, got ${typeof value} ${shown}`);
}

/** Prisma's Decimal (decimal.js) for PostgreSQL's NUMERIC: any object with toNumber(). */
function isDecimal(value: unknown): value is { toNumber(): number } {
  return typeof value === "object" && value !== null && typeof (value as { toNumber?: unknown }).toNumber === "function";
}

function numberOf(value: unknown): number | undefined {
  if (typeof value === "number") return value;
  if (typeof value === "bigint") return Number(value);
  if (isDecimal(value)) return value.toNumber();
  return undefined;
}

function int(value: unknown, column: string): number {
  const n = numberOf(value);
  if (n === undefined || !Number.isSafeInteger(n)) return fail(column, "an integer", value);
  return n;
}

function number(value: unknown, column: string): number {
  const n = numberOf(value);
  if (n === undefined || !Number.isFinite(n)) return fail(column, "a number", value);
  return n;
}

function bool(value: unknown, column: string): boolean {
  if (typeof value === "boolean") return value;
  if (value === 0 || value === 1) return value === 1;
  if (value === 0n || value === 1n) return value === 1n;
  return fail(column, "a boolean (or 0/1)", value);
}

function date(value: unknown, column: string): Date {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return fail(column, "a valid date", value);
    return value;
  }
  if (typeof value === "string" || typeof value === "number") {
    const parsed = new Date(value);
    if (Number.isNaN(parsed.getTime())) return fail(column, "a date", value);
    return parsed;
  }
  return fail(column, "a date", value);
}

function text(value: unknown, column: string): string {
  if (typeof value !== "string") return fail(column, "text", value);
  return value;
}

/** The same decoder, with SQL NULL (or a missing column of an outer join) as null. */
function orNull<T>(decode: Decoder<T>): Decoder<T | null> {
  return (value, column) => (value === null || value === undefined ? null : decode(value, column));
}

export const row = {
  /** An integer column (INTEGER, BIGINT, COUNT(*), SUM of integers). */
  int,
  intOrNull: orNull(int),
  /** A SUM or COUNT that is NULL over no rows (or a missing column of an outer join): 0 then. */
  intOrZero: ((value, column) => (value === null || value === undefined ? 0 : int(value, column))) satisfies Decoder<number>,
  /** A number that may have a fraction (REAL, DOUBLE PRECISION, AVG, NUMERIC). */
  number,
  numberOrNull: orNull(number),
  /** A BOOLEAN column: SQLite's 0/1, PostgreSQL's boolean. */
  bool,
  boolOrNull: orNull(bool),
  /** A DATETIME/TIMESTAMP column: SQLite's text, a Date through Prisma or from PostgreSQL. */
  date,
  dateOrNull: orNull(date),
  /** A TEXT column. */
  text,
  textOrNull: orNull(text),
} as const;

/** One row shape's decoder: each column of `shape` read by its decoder, errors naming the column. */
export function rowOf<S extends Record<string, Decoder<unknown>>>(shape: S): (raw: unknown) => { [K in keyof S]: ReturnType<S[K]> } {
  const columns = Object.entries(shape);
  return (raw) => {
    if (typeof raw !== "object" || raw === null) throw new Error(`Expected a row, got ${String(raw)}`);
    const source = raw as Record<string, unknown>;
    const decoded: Record<string, unknown> = {};
    for (const [column, decode] of columns) decoded[column] = decode(source[column], column);
    return decoded as { [K in keyof S]: ReturnType<S[K]> };
  };
}

/** A decoded row's type: `RowOf<typeof jobRow>`. */
export type RowOf<D extends (raw: unknown) => unknown> = ReturnType<D>;
