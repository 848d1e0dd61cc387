import "server-only";
import { createHash, randomUUID } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { PRIVATE_DIR_MODE, keepPrivate, privateFile } from "@/lib/edge/private-files";
import { configureSqlite } from "./sqlite-settings";

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

/** Where each provider's migrations live (Prisma's layout, each with its migration_lock.toml). */
export function migrationsDir(provider: "sqlite" | "postgresql" = "sqlite"): string {
  const prisma = path.join(/*turbopackIgnore: true*/ process.cwd(), "prisma");
  return provider === "postgresql" ? path.join(prisma, "postgresql", "migrations") : path.join(prisma, "migrations");
}

export function readMigrations(dir = migrationsDir()): Migration[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      const sql = readFileSync(path.join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    });
}

/**
 * A SQLite migration whose first line is this rebuilds a table other tables' foreign keys point
 * at: SQLite's way (https://sqlite.org/lang_altertable.html#otheralter) is to turn foreign keys
 * off around it (a DROP with them on deletes every row that cascades from the table), which a
 * transaction cannot do, so the runner does it before the migration's transaction, checks every
 * foreign key before it commits (PRAGMA foreign_key_check: one the migration broke rolls it back;
 * rows already dangling before it are left as they were) and turns them on again.
 */
export const FOREIGN_KEYS_OFF = "-- nosh:foreign-keys-off";

/** Applies pending migrations to a SQLite file; returns the names applied. Safe to run from
 * several processes at once: each migration runs in its own IMMEDIATE transaction. */
export function migrateSqlite(databaseUrl: string, migrations = readMigrations()): string[] {
  const file = databaseUrl.replace(/^file:/, "");
  if (file !== ":memory:") {
    mkdirSync(path.dirname(path.resolve(/*turbopackIgnore: true*/ file)), { recursive: true, mode: PRIVATE_DIR_MODE });
    // The server's account's alone (lib/edge/private-files.ts): SQLite makes -wal and -shm with the database file's mode.
    privateFile(file);
    for (const suffix of ["-wal", "-shm"]) keepPrivate(`${file}${suffix}`);
  }
  const db = new Database(file);
  try {
    configureSqlite(db, 10_000);
    db.exec(MIGRATIONS_TABLE);
    const applied: string[] = [];
    for (const migration of migrations) {
      const foreignKeysOff = migration.sql.startsWith(FOREIGN_KEYS_OFF);
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
        // Only what the migration broke: a database may hold rows an earlier write left dangling.
        const dangling = () => new Set((db.pragma("foreign_key_check") as unknown[]).map((row) => JSON.stringify(row)));
        const before = foreignKeysOff ? dangling() : new Set<string>();
        db.exec(migration.sql);
        const broken = foreignKeysOff ? [...dangling()].filter((row) => !before.has(row)) : [];
        if (broken.length) throw new Error(`Migration ${migration.name} broke ${broken.length} foreign keys: ${broken.slice(0, 3).join(", ")}`);
        db.prepare(`INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, applied_steps_count) VALUES (?, ?, current_timestamp, ?, 1)`).run(
          randomUUID(),
          migration.checksum,
          migration.name,
        );
        return true;
      });
      if (foreignKeysOff) db.pragma("foreign_keys = OFF");
      try {
        if (run.immediate()) applied.push(migration.name);
      } finally {
        if (foreignKeysOff) db.pragma("foreign_keys = ON");
      }
    }
    return applied;
  } finally {
    db.close();
  }
}

// `prisma migrate deploy`'s table on PostgreSQL.
const PG_MIGRATIONS_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

/** Key of the session-level advisory lock held while one server migrates and seeds. */
const PREPARE_LOCK = 7_366_083_104;

/**
 * Runs `work` while holding a PostgreSQL advisory lock on its own connection, so servers
 * starting together against one database prepare it one after the other: the second
 * finds the migrations recorded and the data seeded.
 */
export async function withPostgresLock<T>(databaseUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [PREPARE_LOCK]);
    try {
      return await work(client);
    } finally {
      await client.query("SELECT pg_advisory_unlock($1)", [PREPARE_LOCK]);
    }
  } finally {
    await client.end();
  }
}

/** Applies pending PostgreSQL migrations (each in its own transaction, DDL included) on a
 * connection that holds the prepare lock (see withPostgresLock); returns the names applied. */
export async function migratePostgres(client: pg.Client, migrations = readMigrations(migrationsDir("postgresql"))): Promise<string[]> {
  await client.query(PG_MIGRATIONS_TABLE);
  const applied: string[] = [];
  for (const migration of migrations) {
    await client.query("BEGIN");
    try {
      const { rows } = await client.query<{ checksum: string }>(
        `SELECT checksum FROM "_prisma_migrations" WHERE migration_name = $1 AND finished_at IS NOT NULL AND rolled_back_at IS NULL`,
        [migration.name],
      );
      if (rows[0] && rows[0].checksum !== migration.checksum) {
        throw new Error(`Migration ${migration.name} was changed after it was applied`);
      }
      if (!rows[0]) {
        // No parameters: the simple query protocol runs the whole multi-statement file.
        await client.query(migration.sql);
        await client.query(`INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, applied_steps_count) VALUES ($1, $2, now(), $3, 1)`, [
          randomUUID(),
          migration.checksum,
          migration.name,
        ]);
        applied.push(migration.name);
      }
      await client.query("COMMIT");
    } catch (error) {
      await client.query("ROLLBACK");
      throw error;
    }
  }
  return applied;
}
