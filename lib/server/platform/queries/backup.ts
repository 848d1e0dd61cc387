import "server-only";
import type Database from "better-sqlite3";

// The backups' statements (backup.ts): the copy of a SQLite database, and what the copy records
// of the migrations (Prisma's table, which migrate.ts writes) for a backup's manifest and for the
// restore's check that none of this build's is missing.

/** Writes the database of `connection` into `file` as of one commit (VACUUM INTO: one read transaction). */
export function copyDatabaseInto(connection: Database.Database, file: string): void {
  connection.prepare("VACUUM INTO ?").run(file);
}

/** The migrations applied to the database of `connection` (finished), by name in order. */
export function appliedMigrationNames(connection: Database.Database): string[] {
  return connection.prepare<[], string>(`SELECT "migration_name" FROM "_prisma_migrations" WHERE "finished_at" IS NOT NULL ORDER BY 1`).pluck().all();
}
