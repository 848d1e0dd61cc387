import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { config } from "./config";

/**
 * A case-insensitive "contains" filter that behaves alike on both databases: SQLite's
 * LIKE ignores (ASCII) case by itself and its Prisma client rejects `mode`; PostgreSQL's
 * LIKE is case-sensitive, so it needs `mode: "insensitive"` (ILIKE). The one place that knows.
 */
export function containsText(text: string): { contains: string } {
  if (config().databaseProvider === "postgresql") {
    // The PostgreSQL client accepts `mode`; the shared Db type (the SQLite client's) does not know it.
    return { contains: text, mode: "insensitive" } as { contains: string };
  }
  return { contains: text };
}

/**
 * The same match for hand-written SQL: SQLite's LIKE ignores ASCII case already, PostgreSQL's
 * needs ILIKE (what Prisma writes for `mode: "insensitive"`).
 */
export function likeOperator(): Prisma.Sql {
  return Prisma.raw(config().databaseProvider === "postgresql" ? "ILIKE" : "LIKE");
}
