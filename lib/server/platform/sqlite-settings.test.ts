import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, expect, it } from "vitest";
import { configureSqlite } from "./sqlite-settings";

// Every SQLite connection of the server gets WAL, synchronous FULL, foreign keys and the busy
// timeout, and a setting that does not take stops it (the server then refuses to start:
// e2e/reliability/startup.spec.ts).

const dir = mkdtempSync(path.join(tmpdir(), "nosh-settings-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it("a file database gets WAL, synchronous FULL, foreign keys and the busy timeout", () => {
  const db = new Database(path.join(dir, "settings.db"));
  configureSqlite(db, 1234);
  expect(db.pragma("journal_mode", { simple: true })).toBe("wal");
  expect(db.pragma("synchronous", { simple: true })).toBe(2);
  expect(db.pragma("foreign_keys", { simple: true })).toBe(1);
  expect(db.pragma("busy_timeout", { simple: true })).toBe(1234);
  db.close();
});

it("a database where WAL does not take is refused with the setting named", () => {
  const db = new Database(":memory:");
  expect(() => configureSqlite(db, 1000)).toThrow("SQLite settings did not take on :memory: (journal_mode is memory, expected wal)");
  db.close();
});
