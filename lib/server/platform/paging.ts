import "server-only";
import { config } from "./config";

/** One page of an operator's list: `limit + 1` rows were read, the extra one says whether more exist. */
export type Page<T> = { items: T[]; hasMore: boolean; nextOffset: number | null };

export function page<T>(rows: T[], query: { limit: number; offset: number }): Page<T> {
  const hasMore = rows.length > query.limit;
  return { items: rows.slice(0, query.limit), hasMore, nextOffset: hasMore ? query.offset + query.limit : null };
}

/** A case-insensitive "contains" on both databases (SQLite's LIKE already folds ASCII case). */
export function containsText(q: string): { contains: string; mode?: "insensitive" } {
  return config().databaseProvider === "postgresql" ? { contains: q, mode: "insensitive" } : { contains: q };
}
