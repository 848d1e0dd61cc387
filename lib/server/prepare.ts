import "server-only";
import { seedDatabase } from "@/prisma/seed";
import { config } from "./config";
import { db } from "./db";
import { migratePostgres, migrateSqlite, withPostgresLock } from "./migrate";

/** Start-up: validate configuration, migrate, seed an empty database. Idempotent, and safe
 * when several servers start at once on one database. */
export async function prepareDatabase(): Promise<void> {
  const settings = config();
  const seed = async () => {
    if (process.env.NOSH_SEED === "false") return;
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
