// npm run db:migrate | db:seed | db:reset | operator — run with tsx under the react-server condition so
// the server-only data layer can be imported outside Next.js. Works on SQLite (DATABASE_URL
// unset or file:) and PostgreSQL (postgresql://; `migrate` creates the database if missing).
import { rmSync } from "node:fs";
import bcrypt from "bcryptjs";
import pg from "pg";
import { loadConfig } from "@/lib/edge/load-config";
import { createDb } from "@/lib/server/platform/create-db";
import { migratePostgres, migrateSqlite, withPostgresLock } from "@/lib/server/platform/migrate";
import { setOperator } from "./operator";
import { seedDatabase } from "./seed";
import { DEMO_PASSWORD } from "./seed-data";
import { seedScale } from "./seed-scale";

/** `--scale N` (default 1: the demo data only); see prisma/seed-scale.ts. */
function scaleArg(args: string[]): number {
  const i = args.indexOf("--scale");
  const raw = i >= 0 ? args[i + 1] : args.find((a) => a.startsWith("--scale="))?.slice("--scale=".length);
  if (raw === undefined) return 1;
  const scale = Number(raw);
  if (!Number.isInteger(scale) || scale < 1 || scale > 100) throw new Error(`--scale must be a whole number from 1 to 100, got "${raw}"`);
  return scale;
}

async function main(command: string | undefined, args: string[]) {
  if (command === "operator") return operator(args);
  if (!["migrate", "seed", "reset"].includes(command ?? "")) {
    console.error("usage: tsx prisma/cli.ts migrate|seed|reset [--scale N] | operator grant|revoke EMAIL");
    process.exitCode = 2;
    return;
  }
  const scale = scaleArg(args);
  const config = loadConfig(process.env);
  const url = config.databaseUrl;
  const sqliteFile = config.databaseProvider === "sqlite" ? url.replace(/^file:/, "") : undefined;

  if (config.databaseProvider === "postgresql") {
    await createPostgresDatabase(url);
    await withPostgresLock(url, async (client) => {
      if (command === "reset") {
        await client.query("DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public");
        console.log("emptied schema public");
      }
      const applied = await migratePostgres(client);
      console.log(applied.length ? `applied: ${applied.join(", ")}` : "migrations: up to date");
    });
  } else {
    const file = sqliteFile!;
    if (command === "reset") {
      for (const suffix of ["", "-wal", "-shm", "-journal"]) rmSync(file + suffix, { force: true });
      console.log(`removed ${file}`);
    }
    const applied = migrateSqlite(url);
    console.log(applied.length ? `applied: ${applied.join(", ")}` : "migrations: up to date");
  }
  if (command === "seed" || command === "reset") {
    const db = createDb(url);
    const started = Date.now();
    const passwordHash = await bcrypt.hash(DEMO_PASSWORD, 10);
    const { seeded } = await seedDatabase(db, { passwordHash });
    if (seeded) await seedScale(db, scale, passwordHash, sqliteFile);
    const took = ((Date.now() - started) / 1000).toFixed(1);
    console.log(seeded ? `seeded the demo data${scale > 1 ? ` at scale ${scale}` : ""} in ${took} s` : "database already has data: seed skipped");
    await db.$disconnect();
  }
}

/**
 * `npm run operator -- grant EMAIL` (or `revoke EMAIL`): the only way a real deployment gets its
 * first operator (docs/architecture/operator.md); signup never makes one. Recorded in the audit log.
 */
async function operator([verb, email]: string[]) {
  if ((verb !== "grant" && verb !== "revoke") || !email) {
    console.error("usage: npm run operator -- grant|revoke EMAIL");
    process.exitCode = 2;
    return;
  }
  const db = createDb(loadConfig(process.env).databaseUrl);
  try {
    const result = await setOperator(db, email, verb === "grant");
    console.log(result.message);
    if (!result.ok) process.exitCode = 1;
  } finally {
    await db.$disconnect();
  }
}

/** CREATE DATABASE for the URL's database unless it exists (through the `postgres` database). */
async function createPostgresDatabase(url: string) {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (!rowCount) {
      await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
      console.log(`created database ${name}`);
    }
  } catch (error) {
    // Another process may have created it meanwhile.
    if ((error as { code?: string }).code !== "42P04") throw error;
  } finally {
    await client.end();
  }
}

main(process.argv[2], process.argv.slice(3)).catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
