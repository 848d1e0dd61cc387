import "server-only";
import { cpSync, existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { keepPrivate, PRIVATE_FILE_MODE, privateDir } from "@/lib/edge/private-files";
import { config } from "./config";
import { readMigrations } from "./migrate";
import { appliedMigrationNames, copyDatabaseInto } from "./queries/backup";

// Backups of a SQLite deployment (docs/architecture/operations.md "Backups"): `npm run backup`
// (scripts/backup.ts) and the scheduled job (BACKUP_EVERY_HOURS, jobs/definitions/backup.ts) both
// call backupNow(). The database is copied with `VACUUM INTO`: one statement in one read
// transaction, so the copy is the database as of one commit, taken while the server keeps
// writing (WAL: readers and the writer do not block each other); SQLite's page-by-page backup
// API restarts whenever another connection writes, which under steady checkouts may never end.
// The uploads are copied beside it. A backup is written under a `.partial` name and renamed
// once whole, so a folder named like a backup is always a complete one. Everything in it is the
// server's account's alone, whatever the umask (folders 0700, files 0600: lib/edge/private-files.ts).
// PostgreSQL is backed up with its own tools (docs/deploying.md "Backups").

/** A backup's folder name: nosh-20261212T130000Z. */
const NAME = /^nosh-\d{8}T\d{6}(\d{3})?Z$/;
export const BACKUP_DATABASE = "nosh.db";
export const BACKUP_MANIFEST = "manifest.json";

export type BackupSettings = { dir: string; keep: number; everyHours: number };

/** BACKUP_DIR (default <DATA_DIR>/backups), BACKUP_KEEP (default 7), BACKUP_EVERY_HOURS (0: no scheduled backup). */
export function backupSettings(env: Record<string, string | undefined> = process.env): BackupSettings {
  const whole = (name: string, fallback: number) => {
    const raw = env[name];
    if (raw === undefined || raw === "") return fallback;
    if (!/^\d+$/.test(raw)) throw new Error(`${name} must be a whole number (got "${raw}")`);
    return Number(raw);
  };
  return {
    dir: path.resolve(env.BACKUP_DIR || path.join(config().dataDir, "backups")),
    keep: Math.max(1, whole("BACKUP_KEEP", 7)),
    everyHours: whole("BACKUP_EVERY_HOURS", 0),
  };
}

/** The SQLite file a `file:` URL names; an error for PostgreSQL. */
export function sqliteFileOf(databaseUrl: string): string {
  if (!databaseUrl.startsWith("file:"))
    throw new Error("npm run backup copies a SQLite database; on PostgreSQL use pg_dump or point-in-time recovery (docs/deploying.md, Backups)");
  return path.resolve(databaseUrl.slice("file:".length).split("?")[0]!);
}

export type Manifest = { createdAt: string; database: string; migrations: string[]; uploads: number; bytes: number };

/** How many files are under `dir` (0 when there is none). */
function countFiles(dir: string): number {
  if (!existsSync(dir)) return 0;
  return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length;
}

/** Takes a backup into `settings.dir` and keeps the newest `settings.keep`; returns its folder and manifest. */
export function backupNow(now = new Date(), settings = backupSettings()): { folder: string; manifest: Manifest; pruned: string[] } {
  const { databaseUrl, uploadDir } = config();
  const source = sqliteFileOf(databaseUrl);
  if (!existsSync(source)) throw new Error(`no database at ${source}`);
  const name = `nosh-${now.toISOString().replace(/[-:]/g, "").replace(".", "")}`;
  const folder = path.join(settings.dir, name);
  // Another instance on this folder took this moment's backup already.
  if (existsSync(path.join(folder, BACKUP_MANIFEST)))
    return { folder, manifest: JSON.parse(readFileSync(path.join(folder, BACKUP_MANIFEST), "utf8")) as Manifest, pruned: [] };
  const partial = `${folder}.${process.pid}.partial`;
  rmSync(partial, { recursive: true, force: true });
  privateDir(settings.dir);
  // Private before anything is written into it: the copy is made with the umask's mode, then tightened.
  privateDir(partial);
  try {
    const db = new Database(source, { readonly: true, fileMustExist: true });
    let migrations: string[];
    try {
      db.pragma("busy_timeout = 10000");
      copyDatabaseInto(db, path.join(partial, BACKUP_DATABASE));
    } finally {
      db.close();
    }
    const copy = new Database(path.join(partial, BACKUP_DATABASE), { readonly: true });
    try {
      migrations = appliedMigrationNames(copy);
    } finally {
      copy.close();
    }
    if (existsSync(uploadDir)) cpSync(uploadDir, path.join(partial, "uploads"), { recursive: true });
    const manifest: Manifest = {
      createdAt: now.toISOString(),
      database: BACKUP_DATABASE,
      migrations,
      uploads: countFiles(path.join(partial, "uploads")),
      bytes: statSync(path.join(partial, BACKUP_DATABASE)).size,
    };
    writeFileSync(path.join(partial, BACKUP_MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, { mode: PRIVATE_FILE_MODE });
    keepPrivate(partial);
    renameSync(partial, folder);
    return { folder, manifest, pruned: pruneBackups(settings) };
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    throw error;
  }
}

/** The complete backups in `dir`, oldest first. */
export function listBackups(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((entry) => NAME.test(entry) && existsSync(path.join(dir, entry, BACKUP_MANIFEST)))
    .sort()
    .map((entry) => path.join(dir, entry));
}

/** Deletes all but the newest `keep` backups; returns what it deleted. */
export function pruneBackups({ dir, keep }: Pick<BackupSettings, "dir" | "keep">): string[] {
  const all = listBackups(dir);
  const old = all.slice(0, Math.max(0, all.length - keep));
  for (const folder of old) rmSync(folder, { recursive: true, force: true });
  return old;
}

export type CopyCheck = { integrity: string; missingMigrations: string[]; ledgerProblems: string[] };

/**
 * What restore checks before a copy is put in place: SQLite's integrity_check, every migration
 * of this build applied, and the ledger's invariants (`ledgerChecks`: prisma/ledger-checks.ts).
 */
export function checkCopy(file: string, ledgerChecks: readonly { name: string; sql: string }[]): CopyCheck {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const integrity = (db.pragma("integrity_check") as { integrity_check: string }[]).map((row) => row.integrity_check).join("; ");
    const applied = new Set(appliedMigrationNames(db));
    const missingMigrations = readMigrations()
      .map((migration) => migration.name)
      .filter((name) => !applied.has(name));
    const ledgerProblems = ledgerChecks.filter((check) => db.prepare(check.sql).all().length > 0).map((check) => check.name);
    return { integrity, missingMigrations, ledgerProblems };
  } finally {
    db.close();
  }
}

/** Whether a copy passed: integrity "ok", no migration missing, the ledger balanced. */
export const copyIsSound = (check: CopyCheck) => check.integrity === "ok" && !check.missingMigrations.length && !check.ledgerProblems.length;
