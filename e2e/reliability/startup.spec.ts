import { expect, test } from "../fixtures";
import { freshDataDir, openReadOnly, reliabilityPort, startServer } from "../support/reliability";

// The SQLite settings money depends on are checked when a server starts (configureSqlite in
// lib/server/platform/sqlite-settings.ts reads each one back): a database where WAL cannot take, such as an
// in-memory one, makes the server exit with a message instead of serving.

test("a server whose SQLite settings do not take refuses to start, and says why", async () => {
  freshDataDir("startup");
  const server = await startServer({ name: "startup", port: reliabilityPort(5), env: { DATABASE_URL: "file::memory:" }, waitReady: false });
  const timeout = new Promise<string>((resolve) => setTimeout(() => resolve("still running after 90 s"), 90_000));
  const exit = await Promise.race([server.exited, timeout]);
  await server.kill();
  expect(exit, server.output()).toBe(1);
  expect(server.output()).toContain("[nosh] refusing to start: SQLite settings did not take");
  expect(server.output()).toContain("journal_mode is memory, expected wal");
});

test("a server on a file database runs it in WAL mode", async () => {
  freshDataDir("startup");
  // No template (startServer's copied database): this server creates its file itself.
  const server = await startServer({ name: "startup", port: reliabilityPort(5), template: false });
  try {
    const db = openReadOnly(server.dbFile);
    // journal_mode is stored in the file; synchronous and busy_timeout are per connection
    // (read back by configureSqlite itself, unit-tested in lib/server/platform/sqlite-settings.test.ts).
    expect(db.pragma("journal_mode", { simple: true })).toBe("wal");
    db.close();
  } finally {
    await server.stop();
  }
});
