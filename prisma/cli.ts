// npm run db:migrate | db:seed | db:reset — run with tsx under the react-server condition so
// the server-only data layer can be imported outside Next.js.
import { rmSync } from "node:fs";
import { loadConfig } from "@/lib/server/load-config";
import { createDb } from "@/lib/server/create-db";
import { migrateSqlite } from "@/lib/server/migrate";
import { seedDatabase } from "./seed";

async function main(command: string | undefined) {
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
    const { seeded } = await seedDatabase(db);
    console.log(seeded ? "seeded the demo data" : "database already has data: seed skipped");
    await db.$disconnect();
  }
  if (!["migrate", "seed", "reset"].includes(command ?? "")) {
    console.error("usage: tsx prisma/cli.ts migrate|seed|reset");
    process.exitCode = 2;
  }
}

main(process.argv[2]).catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
