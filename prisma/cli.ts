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
import { seedScale, type ScaleOptions } from "./seed-scale";

/** `--scale N` (default 1: the demo data only); see prisma/seed-scale.ts. */
function scaleArg(args: string[]): number {
  const i = args.indexOf("--scale");
  const raw = i >= 0 ? args[i + 1] : args.find((a) => a.startsWith("--scale="))?.slice("--scale=".length);
  if (raw === undefined) return 1;
  const scale = Number(raw);
  if (!Number.isInteger(scale) || scale < 1 || scale > 100) throw new Error(`--scale must be a whole number from 1 to 100, got "${raw}"`);
  return scale;
}

/** `--restaurants N --customers N --orders N --long-customers N --long-orders N --couriers N --time-zone Z`: sizes other than the scale's (ScaleOptions). */
function sizeArgs(args: string[]): ScaleOptions {
  const sizes: ScaleOptions = {};
  const names = {
    restaurants: "--restaurants",
    customers: "--customers",
    orders: "--orders",
    longCustomers: "--long-customers",
    longOrders: "--long-orders",
    couriers: "--couriers",
  } as const;
  for (const [key, flag] of Object.entries(names) as [keyof typeof names, string][]) {
    const i = args.indexOf(flag);
    if (i < 0) continue;
    const n = Number(args[i + 1]);
    if (!Number.isInteger(n) || n < 0 || n > 10_000_000) throw new Error(`${flag} must be a whole number from 0 to 10000000, got "${args[i + 1]}"`);
    sizes[key] = n;
  }
  const zone = args.indexOf("--time-zone");
  if (zone >= 0) {
    const timeZone = args[zone + 1] ?? "";
    try {
      new Intl.DateTimeFormat("en-US", { timeZone });
    } catch {
      throw new Error(`--time-zone must be an IANA time zone, got "${timeZone}"`);
    }
    sizes.timeZone = timeZone;
  }
  return sizes;
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
    // BCRYPT_COST (10 by default, at least 10 in production): the bench seeds with a cheap hash.
    const passwordHash = await bcrypt.hash(DEMO_PASSWORD, config.bcryptCost);
    const { seeded } = await seedDatabase(db, { passwordHash });
    const postgresUrl = config.databaseProvider === "postgresql" ? url : undefined;
    if (seeded) await seedScale(db, scale, passwordHash, sqliteFile, { ...sizeArgs(args), postgresUrl });
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
