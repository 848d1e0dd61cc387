import "server-only";
import { createHash, randomUUID } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { configureSqlite } from "./create-db";

// Applies the SQL migrations in prisma/migrations in name order, recording each in
// `_prisma_migrations` exactly as `prisma migrate deploy` does (same table, same sha256
// checksum), so Prisma's own CLI stays usable wherever its engine can be downloaded.
// Prisma 7's CLI needs a native schema engine that cannot be fetched on these machines.

const MIGRATIONS_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" TEXT PRIMARY KEY NOT NULL,
  "checksum" TEXT NOT NULL,
  "finished_at" DATETIME,
  "migration_name" TEXT NOT NULL,
  "logs" TEXT,
  "rolled_back_at" DATETIME,
  "started_at" DATETIME NOT NULL DEFAULT current_timestamp,
  "applied_steps_count" INTEGER UNSIGNED NOT NULL DEFAULT 0
)`;

export type Migration = { name: string; sql: string; checksum: string };

export function readMigrations(dir = path.join(/*turbopackIgnore: true*/ process.cwd(), "prisma", "migrations")): Migration[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      const sql = readFileSync(path.join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    });
}

/** Applies pending migrations to a SQLite file; returns the names applied. Safe to run from
 * several processes at once: each migration runs in its own IMMEDIATE transaction. */
export function migrateSqlite(databaseUrl: string, migrations = readMigrations()): string[] {
  const file = databaseUrl.replace(/^file:/, "");
  if (file !== ":memory:") mkdirSync(path.dirname(path.resolve(/*turbopackIgnore: true*/ file)), { recursive: true });
  const db = new Database(file);
  try {
    configureSqlite(db, 10_000);
    db.exec(MIGRATIONS_TABLE);
    const applied: string[] = [];
    for (const migration of migrations) {
      const run = db.transaction(() => {
        const done = db
          .prepare(`SELECT checksum FROM "_prisma_migrations" WHERE migration_name = ? AND finished_at IS NOT NULL AND rolled_back_at IS NULL`)
          .get(migration.name) as { checksum: string } | undefined;
        if (done) {
          if (done.checksum !== migration.checksum) {
            throw new Error(`Migration ${migration.name} was changed after it was applied`);
          }
          return false;
        }
        db.exec(migration.sql);
        db.prepare(
          `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, applied_steps_count) VALUES (?, ?, current_timestamp, ?, 1)`,
        ).run(randomUUID(), migration.checksum, migration.name);
        return true;
      });
      if (run.immediate()) applied.push(migration.name);
    }
    return applied;
  } finally {
    db.close();
  }
}
