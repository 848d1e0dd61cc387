import { afterAll, expect, it, vi } from "vitest";
import { createTestDatabase, releaseAppGlobals } from "./testing/db";

// The app's one database client (db.ts) in a worker that runs several test files: a file's
// leftover timer that touches `db` after the file ended (its client released) must not leave a
// client for the ended file's database to the next file, which would then write into a database
// that is about to be dropped (one CI run on PostgreSQL: eleven files failed so).

const first = createTestDatabase();
const second = createTestDatabase();
const before = { ...process.env };
afterAll(async () => {
  await releaseAppGlobals();
  await first.cleanup();
  await second.cleanup();
  process.env = before;
});

it("a client made for an ended file's database is replaced by one for the current file's", async () => {
  vi.resetModules();
  Object.assign(process.env, { DATABASE_URL: first.url, DATA_DIR: first.dir });
  const ended = (await import("./db")).db;
  await ended.user.count();
  await releaseAppGlobals(); // the first file ends...
  await ended.user.count(); // ...and its leftover timer reads once more

  vi.resetModules();
  Object.assign(process.env, { DATABASE_URL: second.url, DATA_DIR: second.dir });
  const { db } = await import("./db");
  await db.user.create({ data: { firstName: "Second" } });

  const [inFirst, inSecond] = await Promise.all([first.db.user.count(), second.db.user.count()]);
  expect({ inFirst, inSecond }).toEqual({ inFirst: 0, inSecond: 1 });
});

it("the app's client gives its SQLite connection to a reader handed `db` itself (the event hub's poll reads on it, not through Prisma)", async () => {
  vi.resetModules();
  Object.assign(process.env, { DATABASE_URL: second.url, DATA_DIR: second.dir });
  const { db, sqliteConnection } = await import("./db");
  const { sqliteConnectionOf } = await import("./create-db");
  const connection = await sqliteConnection();
  expect(await sqliteConnectionOf(db)).toBe(connection);
  if (/^postgres/.test(second.url)) expect(connection).toBeNull();
  else expect(connection).not.toBeNull();
});
