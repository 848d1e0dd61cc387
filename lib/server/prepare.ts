import "server-only";
import { seedDatabase } from "@/prisma/seed";
import { config } from "./config";
import { db } from "./db";
import { migratePostgres, migrateSqlite, withPostgresLock } from "./migrate";

/** Start-up: validate configuration, migrate, seed an empty database (NOSH_SEED). Idempotent,
 * and safe when several servers start at once on one database. */
export async function prepareDatabase(): Promise<void> {
  const settings = config();
  if (settings.deployment === "production" && settings.demoLogin) {
    console.warn("[nosh] warning: NOSH_DEMO=on in production: anyone can sign in as the demo accounts");
  }
  const seed = async () => {
    if (!settings.seed) return;
    const { seeded } = await seedDatabase(db);
    if (seeded) console.log("[nosh] seeded the demo data");
  };
  if (settings.databaseProvider === "postgresql") {
    // One server at a time migrates and seeds (an advisory lock); the others then find it done.
    await withPostgresLock(settings.databaseUrl, async (client) => {
      const applied = await migratePostgres(client);
      if (applied.length) console.log(`[nosh] applied migrations: ${applied.join(", ")}`);
      await seed();
    });
    return;
  }
  const applied = migrateSqlite(settings.databaseUrl);
  if (applied.length) console.log(`[nosh] applied migrations: ${applied.join(", ")}`);
  await seed();
}
