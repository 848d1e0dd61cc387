import { execFile, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { setUpTestDatabase, testingOnPostgres } from "./testing/db";

// Backups of a SQLite deployment (backup.ts, scripts/backup.ts, scripts/restore.ts) on a real,
// migrated file: a copy taken while another process keeps writing is whole and consistent;
// retention keeps the newest BACKUP_KEEP; restore refuses a running server's folder and a copy
// that fails its checks, and puts a sound one in place. Through the API under 20 parallel
// checkouts: e2e/platform/ops.api.spec.ts.

const test = setUpTestDatabase();
const { backupNow, checkCopy, copyIsSound, listBackups, backupSettings } = await import("./backup");
const { LEDGER_CHECKS } = await import("@/prisma/ledger-checks");
const file = test.url.replace(/^file:/, "");

const run = promisify(execFile);
const tsx = path.resolve("node_modules/tsx/dist/cli.mjs");
/** The restore script with `env`; its exit code and output. */
async function restore(folder: string, env: Record<string, string>) {
  try {
    const { stdout } = await run(process.execPath, [tsx, "--conditions=react-server", "scripts/restore.ts", folder], {
      env: { ...process.env, DATABASE_URL: "", ...env },
    });
    return { code: 0, output: stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: `${failed.stdout}${failed.stderr}` };
  }
}

describe.skipIf(testingOnPostgres)("backups", () => {
  it("copies the database consistently while another process keeps writing, with the uploads and a manifest", async () => {
    const uploads = path.join(test.dir, "uploads");
    mkdirSync(path.join(uploads, "dishes"), { recursive: true });
    writeFileSync(path.join(uploads, "dishes", "a.webp"), "picture");
    const writer = new Database(file);
    writer.exec(`CREATE TABLE "BackupProbe" ("n" INTEGER PRIMARY KEY, "half" INTEGER NOT NULL)`);
    writer.close();
    // Another process writes two rows a transaction, as fast as it can: a copy of one moment has an even count.
    const script = `const D=require("better-sqlite3");const d=new D(process.argv[1]);d.pragma("busy_timeout=5000");const i=d.prepare('INSERT INTO "BackupProbe" ("half") VALUES (?)');const t=d.transaction(()=>{i.run(0);i.run(1)});for(;;)t()`;
    const child = spawn(process.execPath, ["-e", script, file], { stdio: "ignore" });
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      const settings = { ...backupSettings(), dir: path.join(test.dir, "backups") };
      const { folder, manifest } = backupNow(new Date(), settings);
      const copy = new Database(path.join(folder, "nosh.db"), { readonly: true });
      const { count } = copy.prepare(`SELECT COUNT(*) AS "count" FROM "BackupProbe"`).get() as { count: number };
      copy.close();
      expect(count).toBeGreaterThan(0);
      expect(count % 2).toBe(0);
      expect(manifest).toMatchObject({ database: "nosh.db", uploads: 1 });
      expect(manifest.migrations.length).toBeGreaterThan(50);
      expect(existsSync(path.join(folder, "uploads", "dishes", "a.webp"))).toBe(true);
      expect(copyIsSound(checkCopy(path.join(folder, "nosh.db"), LEDGER_CHECKS))).toBe(true);
    } finally {
      child.kill("SIGKILL");
    }
  });

  it("reads BACKUP_DIR, BACKUP_KEEP and BACKUP_EVERY_HOURS", () => {
    expect(backupSettings({})).toEqual({ dir: path.join(test.dir, "backups"), keep: 7, everyHours: 0 });
    expect(backupSettings({ BACKUP_DIR: "/srv/b", BACKUP_KEEP: "3", BACKUP_EVERY_HOURS: "6" })).toEqual({ dir: "/srv/b", keep: 3, everyHours: 6 });
    expect(() => backupSettings({ BACKUP_KEEP: "many" })).toThrow('BACKUP_KEEP must be a whole number (got "many")');
  });

  it("keeps the newest BACKUP_KEEP backups", () => {
    const settings = { dir: path.join(test.dir, "kept"), keep: 2, everyHours: 0 };
    const moments = [1, 2, 3].map((minute) => new Date(Date.UTC(2026, 11, 12, 13, minute)));
    const removed = moments.map((moment) => backupNow(moment, settings).pruned);
    expect(removed.flat().map((folder) => path.basename(folder))).toEqual(["nosh-20261212T130100000Z"]);
    expect(listBackups(settings.dir).map((folder) => path.basename(folder))).toEqual(["nosh-20261212T130200000Z", "nosh-20261212T130300000Z"]);
  });

  it("finds what restore refuses: a missing migration, an unbalanced ledger", () => {
    const { folder } = backupNow(new Date(Date.UTC(2026, 11, 12, 14)), { dir: path.join(test.dir, "broken"), keep: 5, everyHours: 0 });
    const copyFile = path.join(folder, "nosh.db");
    const copy = new Database(copyFile);
    const last = copy.prepare(`SELECT "migration_name" AS "name" FROM "_prisma_migrations" ORDER BY 1 DESC LIMIT 1`).get() as { name: string };
    copy.prepare(`DELETE FROM "_prisma_migrations" WHERE "migration_name" = ?`).run(last.name);
    copy.exec(`INSERT INTO "LedgerAccount" ("id", "kind", "balanceCents") VALUES ('probe', 'platform', 5)`);
    copy.close();
    const check = checkCopy(copyFile, LEDGER_CHECKS);
    expect(check.integrity).toBe("ok");
    expect(check.missingMigrations).toEqual([last.name]);
    expect(check.ledgerProblems).toContain("accounts (wallets too) whose balance is not the sum of their lines");
    expect(copyIsSound(check)).toBe(false);
  });

  it("npm run restore refuses while a server runs on the folder and a copy that fails its checks; puts a sound one in place", { timeout: 60_000 }, async () => {
    const sound = listBackups(path.join(test.dir, "backups"))[0]!;
    const target = mkdtempSync(path.join(tmpdir(), "nosh-restore-"));
    mkdirSync(path.join(target, ".servers"));
    writeFileSync(path.join(target, ".servers", String(process.pid)), `${process.pid}\n`);
    const busy = await restore(sound, { DATA_DIR: target });
    expect(busy).toMatchObject({ code: 1, output: expect.stringContaining(`restore refused: a server is running on ${target} (pid ${process.pid})`) });
    expect(existsSync(path.join(target, "nosh.db"))).toBe(false);

    writeFileSync(path.join(target, ".servers", String(process.pid)), "999999999\n");
    const broken = await restore(listBackups(path.join(test.dir, "broken"))[0]!, { DATA_DIR: target });
    expect(broken.code).toBe(1);
    expect(broken.output).toMatch(/restore refused: migrations not applied: \d+_\w+; ledger: currencies whose balances do not add up to zero; accounts/);

    const done = await restore(sound, { DATA_DIR: target });
    expect(done.output).toContain("integrity ok, migrations applied, ledger balanced");
    expect(done.code).toBe(0);
    expect(readdirSync(path.join(target, "uploads", "dishes"))).toEqual(["a.webp"]);
    const restored = new Database(path.join(target, "nosh.db"), { readonly: true });
    expect((restored.prepare(`SELECT COUNT(*) AS "count" FROM "BackupProbe"`).get() as { count: number }).count % 2).toBe(0);
    restored.close();
  });
});
