import "server-only";
import { seedDatabase } from "@/prisma/seed";
import { config } from "./config";
import { db } from "./db";
import { migrateSqlite } from "./migrate";

/** Start-up: validate configuration, migrate, seed an empty database. Idempotent. */
export async function prepareDatabase(): Promise<void> {
  const settings = config();
  if (settings.databaseProvider === "postgresql") {
    throw new Error("PostgreSQL is not supported yet (no PostgreSQL migrations or client): see README, 'Running against PostgreSQL'");
  }
  if (settings.databaseProvider === "sqlite") {
    const applied = migrateSqlite(settings.databaseUrl);
    if (applied.length) console.log(`[nosh] applied migrations: ${applied.join(", ")}`);
  }
  if (process.env.NOSH_SEED !== "false") {
    const { seeded } = await seedDatabase(db);
    if (seeded) console.log("[nosh] seeded the demo data");
  }
}
