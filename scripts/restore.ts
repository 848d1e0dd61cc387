// npm run restore -- <backup folder>: puts a backup (npm run backup) into the data folder
// (DATA_DIR, default data/) of a stopped server. Refuses while a server runs on that folder
// (<DATA_DIR>/.servers/<pid>, written by server/supervisor.mjs) and when the copy fails its
// checks (integrity_check, every migration of this build applied, the ledger's invariants); the
// database and uploads it replaces are kept beside them as *.before-restore-<time>. What it puts
// in place (and keeps aside) is the server's account's alone: folders 0700, files 0600.
// docs/deploying.md "Backups".
import { cpSync, existsSync, readdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { keepPrivate, privateDir } from "@/lib/edge/private-files";
import { BACKUP_DATABASE, checkCopy, copyIsSound, sqliteFileOf } from "@/lib/server/platform/backup";
import { config } from "@/lib/server/platform/config";
import { LEDGER_CHECKS } from "@/prisma/ledger-checks";

/** The pids of live servers on `dataDir`. */
function runningServers(dataDir: string): number[] {
  const dir = path.join(dataDir, ".servers");
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .map((name) => Number(readFileSync(path.join(dir, name), "utf8").trim()))
    .filter((pid) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch (error) {
        return (error as NodeJS.ErrnoException).code === "EPERM";
      }
    });
}

function fail(message: string): never {
  console.error(`restore refused: ${message}`);
  process.exit(1);
}

const from = process.argv[2];
if (!from) fail("name the backup folder: npm run restore -- data/backups/nosh-20261212T130000000Z");
const folder = path.resolve(from);
const copy = path.join(folder, BACKUP_DATABASE);
if (!existsSync(copy)) fail(`${copy} does not exist`);
const { dataDir, databaseUrl, uploadDir } = config();
const target = sqliteFileOf(databaseUrl);
const running = runningServers(dataDir);
if (running.length) fail(`a server is running on ${dataDir} (pid ${running.join(", ")}): stop it first`);

const check = checkCopy(copy, LEDGER_CHECKS);
if (!copyIsSound(check)) {
  fail(
    [
      check.integrity !== "ok" ? `integrity_check: ${check.integrity}` : "",
      check.missingMigrations.length ? `migrations not applied: ${check.missingMigrations.join(", ")}` : "",
      check.ledgerProblems.length ? `ledger: ${check.ledgerProblems.join("; ")}` : "",
    ]
      .filter(Boolean)
      .join("; "),
  );
}

const stamp = new Date().toISOString().replace(/[-:.]/g, "");
privateDir(dataDir);
const aside = (from: string) => {
  renameSync(from, `${from}.before-restore-${stamp}`);
  keepPrivate(`${from}.before-restore-${stamp}`);
};
if (existsSync(target)) aside(target);
for (const suffix of ["-wal", "-shm"]) rmSync(`${target}${suffix}`, { force: true });
cpSync(copy, target);
keepPrivate(target);
const uploads = path.join(folder, "uploads");
if (existsSync(uploads)) {
  if (existsSync(uploadDir)) aside(uploadDir);
  cpSync(uploads, uploadDir, { recursive: true });
  keepPrivate(uploadDir);
}
const placed = checkCopy(target, LEDGER_CHECKS);
if (!copyIsSound(placed)) fail(`the restored file failed its checks: ${JSON.stringify(placed)}`);
console.log(`restore: ${folder} -> ${target}${existsSync(uploads) ? ` and ${uploadDir}` : ""}: integrity ok, migrations applied, ledger balanced`);
