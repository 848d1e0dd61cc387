import "server-only";
import type { db, Tx } from "../platform/db";
import { row, rowOf } from "../platform/row";

// The legal documents' hand-written SQL: when this database took the migration that brought the
// legal documents, the day version 1 of each was published here (documents.ts).

/** The migration that made the legal documents' tables (the same name in both migration folders). */
export const LEGAL_MIGRATION = "20261212140000_legal_and_support";

const appliedRow = rowOf({ finishedAt: row.dateOrNull });

/**
 * When `LEGAL_MIGRATION` finished on this database, or null when it has not. SQLite keeps
 * `current_timestamp`'s UTC text ("2026-11-29 05:33:33", no zone): read as UTC, not local time.
 */
export async function legalMigrationAppliedAt(client: Tx | typeof db): Promise<Date | null> {
  const [raw] = await client.$queryRaw<
    unknown[]
  >`SELECT "finished_at" AS "finishedAt" FROM "_prisma_migrations" WHERE "migration_name" = ${LEGAL_MIGRATION} AND "finished_at" IS NOT NULL`;
  if (!raw) return null;
  const value = (raw as { finishedAt: unknown }).finishedAt;
  const utc = typeof value === "string" && /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d+)?$/.test(value) ? `${value.replace(" ", "T")}Z` : value;
  return appliedRow({ finishedAt: utc }).finishedAt;
}
