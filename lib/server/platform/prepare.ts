import "server-only";
import path from "node:path";
import { isLoose, keepPrivate, privateDir } from "@/lib/edge/private-files";
import { backupSettings } from "./backup";
import { appLog } from "./log";
import { config } from "./config";
import { db } from "./db";
import { migratePostgres, migrateSqlite, withPostgresLock } from "./migrate";

/** Fills an empty database with the demo data; { seeded: false } when it already has users. */
export type Seeder = (client: typeof db) => Promise<{ seeded: boolean }>;

/** Start-up: validate configuration, migrate, seed an empty database (NOSH_SEED) with `seedDatabase`
 * (prisma/seed.ts, passed in by instrumentation.ts: the data layer does not depend on the seed).
 * Idempotent, and safe when several servers start at once on one database. */
export async function prepareDatabase(seedDatabase: Seeder): Promise<void> {
  const settings = config();
  keepDataPrivate();
  if (settings.deployment === "production" && settings.demoLogin) {
    appLog.warn("warning: NOSH_DEMO=on in production: anyone can sign in as the demo accounts");
  }
  const seed = async () => {
    if (!settings.seed) return;
    const { seeded } = await seedDatabase(db);
    if (seeded) appLog.info("seeded the demo data");
  };
  if (settings.databaseProvider === "postgresql") {
    // One server at a time migrates and seeds (an advisory lock); the others then find it done.
    await withPostgresLock(settings.databaseUrl, async (client) => {
      const applied = await migratePostgres(client);
      if (applied.length) appLog.info(`applied migrations: ${applied.join(", ")}`);
      await seed();
    });
    return;
  }
  const applied = migrateSqlite(settings.databaseUrl);
  if (applied.length) appLog.info(`applied migrations: ${applied.join(", ")}`);
  await seed();
}

/**
 * The data folder and what it holds are the server's account's alone (lib/edge/private-files.ts,
 * docs/deploying.md "File modes"): what an older version, a copy by hand or a restore left
 * readable is tightened at start-up. The uploads and backups are walked only while their own
 * folder is loose (once after an upgrade: what is made since is made private).
 */
export function keepDataPrivate(settings = config()): void {
  privateDir(settings.dataDir);
  for (const name of ["session-secret", "vapid-keys.json", ".servers"]) keepPrivate(path.join(settings.dataDir, name));
  for (const dir of [settings.uploadDir, backupSettings().dir]) if (isLoose(dir)) keepPrivate(dir);
}
