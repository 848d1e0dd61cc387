import { execFile } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setUpTestDatabase, testingOnPostgres } from "./testing/db";

// Every customer's data on disk is the server's account's alone whatever the umask (folders
// 0700, files 0600: lib/edge/private-files.ts): `npm run backup` and `npm run restore` run under
// umask 022 as an operator's shell has it, the server's own files (the live database and its
// -wal and -shm, the session secret, uploads, a scheduled backup) made under umask 022 here,
// and what an older version left readable tightened at start-up.

const test = setUpTestDatabase();
const { backupNow, backupSettings } = await import("./backup");
const { migrateSqlite } = await import("./migrate");
const { folderStore } = await import("./picture-store");
const { keepDataPrivate } = await import("./prepare");
const { config } = await import("./config");
const { sessionSecret } = await import("@/lib/edge/setting-readers");

const run = promisify(execFile);
const tsx = path.resolve("node_modules/tsx/dist/cli.mjs");
/** An npm script run from a shell whose umask is 022 (group and others may read what it makes by default). */
async function underUmask022(script: string, args: string[], env: Record<string, string>) {
  const { stdout } = await run("/bin/sh", ["-c", 'umask 022 && exec "$@"', "sh", process.execPath, tsx, "--conditions=react-server", script, ...args], {
    env: { ...process.env, DATABASE_URL: "", BACKUP_DIR: "", ...env },
  });
  return stdout;
}
const modeOf = (target: string) => (statSync(target).mode & 0o777).toString(8);
/** Every folder and file under `root` (itself included) with its mode, by relative path. */
function modesUnder(root: string): Record<string, string> {
  const found: Record<string, string> = { ".": modeOf(root) };
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    const full = path.join(entry.parentPath, entry.name);
    found[path.relative(root, full)] = modeOf(full);
  }
  return found;
}
const privately = (modes: Record<string, string>) => Object.entries(modes).filter(([, mode]) => mode !== "700" && mode !== "600");

/** A data folder as an older version left it under umask 022: the database, uploads in a subfolder, all readable by others. */
function looseDataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "nosh-modes-"));
  const source = new Database(test.url.replace(/^file:/, ""), { readonly: true });
  source.prepare("VACUUM INTO ?").run(path.join(dir, "nosh.db"));
  source.close();
  mkdirSync(path.join(dir, "uploads", "dishes"), { recursive: true });
  writeFileSync(path.join(dir, "uploads", "a.webp"), "picture");
  writeFileSync(path.join(dir, "uploads", "dishes", "b.webp"), "picture");
  for (const [target, mode] of [
    [dir, 0o755],
    [path.join(dir, "nosh.db"), 0o644],
    [path.join(dir, "uploads"), 0o755],
    [path.join(dir, "uploads", "dishes"), 0o755],
    [path.join(dir, "uploads", "a.webp"), 0o644],
    [path.join(dir, "uploads", "dishes", "b.webp"), 0o644],
  ] as const) {
    chmodSync(target, mode);
  }
  return dir;
}

describe.skipIf(testingOnPostgres)("file modes", () => {
  let backupFolder = "";

  it("npm run backup under umask 022: the backups folder, the backup's folders 0700, the database copy, manifest and uploads 0600", { timeout: 60_000 }, async () => {
    const dataDir = looseDataDir();
    const stdout = await underUmask022("scripts/backup.ts", [], { DATA_DIR: dataDir });
    backupFolder = /^backup: (\S+) /.exec(stdout)?.[1] ?? "";
    expect(backupFolder, stdout).toContain(path.join(dataDir, "backups"));
    const modes = modesUnder(path.join(dataDir, "backups"));
    expect(Object.keys(modes).sort()).toEqual(
      [".", "*", "*/manifest.json", "*/nosh.db", "*/uploads", "*/uploads/a.webp", "*/uploads/dishes", "*/uploads/dishes/b.webp"]
        .map((entry) => entry.replace("*", path.basename(backupFolder)))
        .sort(),
    );
    expect(privately(modes)).toEqual([]);
    expect(modes[path.basename(backupFolder)]).toBe("700");
    expect(modes[`${path.basename(backupFolder)}/nosh.db`]).toBe("600");
  });

  it(
    "npm run restore under umask 022: the database and uploads put in place 0600 and 0700, the data folder and what it set aside too, even from a readable backup",
    { timeout: 60_000 },
    async () => {
      // A backup an older version made readable by others.
      for (const target of [path.join(backupFolder, "nosh.db"), path.join(backupFolder, "uploads", "a.webp")]) chmodSync(target, 0o644);
      const dataDir = looseDataDir();
      const stdout = await underUmask022("scripts/restore.ts", [backupFolder], { DATA_DIR: dataDir });
      expect(stdout).toContain("integrity ok, migrations applied, ledger balanced");
      expect(modeOf(dataDir)).toBe("700");
      const modes = modesUnder(dataDir);
      expect(Object.keys(modes).some((entry) => /^nosh\.db\.before-restore-/.test(entry))).toBe(true);
      expect(Object.keys(modes).some((entry) => /^uploads\.before-restore-\w+\/dishes\/b\.webp$/.test(entry))).toBe(true);
      expect(privately(modes)).toEqual([]);
    },
  );

  describe("what the server makes, under umask 022", () => {
    let umask = 0;
    beforeAll(() => {
      umask = process.umask(0o022);
    });
    afterAll(() => {
      process.umask(umask);
    });

    it("the live database and its -wal and -shm, the session secret and its folder, an upload and its folder", async () => {
      const dir = path.join(mkdtempSync(path.join(tmpdir(), "nosh-live-")), "data");
      migrateSqlite(`file:${path.join(dir, "nosh.db")}`);
      const live = new Database(path.join(dir, "nosh.db"));
      live.pragma("journal_mode = WAL");
      live.exec(`CREATE TABLE "Probe" ("n" INTEGER)`);
      live.exec(`INSERT INTO "Probe" VALUES (1)`);
      expect(existsSync(path.join(dir, "nosh.db-wal")) && existsSync(path.join(dir, "nosh.db-shm"))).toBe(true);
      expect([modeOf(dir), modeOf(path.join(dir, "nosh.db")), modeOf(path.join(dir, "nosh.db-wal")), modeOf(path.join(dir, "nosh.db-shm"))]).toEqual([
        "700",
        "600",
        "600",
        "600",
      ]);
      live.close();

      const secretDir = path.join(dir, "..", "fresh");
      sessionSecret({}, "development", secretDir);
      expect([modeOf(secretDir), modeOf(path.join(secretDir, "session-secret"))]).toEqual(["700", "600"]);

      const uploads = path.join(dir, "uploads");
      await folderStore(uploads).put("1-abc.webp", new Uint8Array([1, 2, 3]));
      expect([modeOf(uploads), modeOf(path.join(uploads, "1-abc.webp"))]).toEqual(["700", "600"]);
    });

    it("a scheduled backup (the job's backupNow)", () => {
      const settings = { ...backupSettings(), dir: path.join(test.dir, "scheduled") };
      const { folder } = backupNow(new Date(), settings);
      expect(path.dirname(folder)).toBe(settings.dir);
      expect(privately(modesUnder(settings.dir))).toEqual([]);
    });

    it("start-up tightens what an older version left readable: the data folder, the database, the uploads", () => {
      const dataDir = looseDataDir();
      keepDataPrivate({ ...config(), dataDir, uploadDir: path.join(dataDir, "uploads") });
      migrateSqlite(`file:${path.join(dataDir, "nosh.db")}`);
      expect(privately(modesUnder(dataDir))).toEqual([]);
    });
  });
});
