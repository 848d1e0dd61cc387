import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { config } from "../config";

// Search by "contains", alike on both databases and literal: the one place that knows.
//
// Prisma's `contains` passes the text into LIKE unescaped, so `%` and `_` in a search acted as
// wildcards ("100%" matched every name holding "100", "_" matched everything), and SQLite's LIKE
// has no escape character unless the statement names one, which Prisma cannot write. So searches
// are hand-written SQL: LIKE ... ESCAPE '\' with `\`, `%` and `_` escaped. Case: SQLite's LIKE
// ignores (ASCII) case by itself; PostgreSQL's does not, so it gets ILIKE (what Prisma writes for
// `mode: "insensitive"`).

/** `text` with LIKE's wildcards and the escape character itself escaped by `\`. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** `column` contains `text`, literally and ignoring case: a condition for hand-written SQL. */
export function containsLiteral(column: Prisma.Sql, text: string): Prisma.Sql {
  const like = Prisma.raw(config().databaseProvider === "postgresql" ? "ILIKE" : "LIKE");
  return Prisma.sql`${column} ${like} ${`%${escapeLike(text)}%`} ESCAPE '\\'`;
}
