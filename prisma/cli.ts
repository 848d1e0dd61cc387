// npm run db:migrate | db:seed | db:reset — run with tsx under the react-server condition so
// the server-only data layer can be imported outside Next.js.
import { rmSync } from "node:fs";
import bcrypt from "bcryptjs";
import { loadConfig } from "@/lib/server/load-config";
import { createDb } from "@/lib/server/create-db";
import { migrateSqlite } from "@/lib/server/migrate";
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
  const scale = scaleArg(args);
  const config = loadConfig(process.env);
  if (config.databaseProvider !== "sqlite") throw new Error("Only SQLite is supported by this command so far");
  const file = config.databaseUrl.replace(/^file:/, "");

  if (command === "reset") {
    for (const suffix of ["", "-wal", "-shm", "-journal"]) rmSync(file + suffix, { force: true });
    console.log(`removed ${file}`);
  }
  if (command === "migrate" || command === "reset" || command === "seed") {
    const applied = migrateSqlite(config.databaseUrl);
    console.log(applied.length ? `applied: ${applied.join(", ")}` : "migrations: up to date");
  }
  if (command === "seed" || command === "reset") {
    const db = createDb(config.databaseUrl);
    const started = Date.now();
    const passwordHash = await bcrypt.hash(DEMO_PASSWORD, 10);
    const { seeded } = await seedDatabase(db, { passwordHash });
    if (seeded) await seedScale(db, scale, passwordHash, file);
    const took = ((Date.now() - started) / 1000).toFixed(1);
    console.log(seeded ? `seeded the demo data${scale > 1 ? ` at scale ${scale}` : ""} in ${took} s` : "database already has data: seed skipped");
    await db.$disconnect();
  }
  if (!["migrate", "seed", "reset"].includes(command ?? "")) {
    console.error("usage: tsx prisma/cli.ts migrate|seed|reset [--scale N]");
    process.exitCode = 2;
  }
}

main(process.argv[2], process.argv.slice(3)).catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
