import pg from "pg";
import { afterAll, expect, it } from "vitest";
import { countStatements } from "@/server/bench-probes.mjs";
import { setUpTestDatabase, testingOnPostgres } from "./testing/db";

// sqlTransaction's durability (lib/server/platform/sql.ts Durability): a "relaxed" transaction
// (a courier's positions) commits without waiting for the disk, and every other transaction of
// the process still does, after a relaxed one that committed and after one that threw.

const test = setUpTestDatabase();
if (testingOnPostgres) {
  // The throwaway test cluster runs with synchronous_commit=off for speed
  // (e2e/runners/postgres-cluster.mjs): this database's sessions wait for the disk again, as a
  // deployment's do, so a relaxed setting that outlived its transaction would show.
  const client = new pg.Client({ connectionString: test.url });
  await client.connect();
  await client.query(`ALTER DATABASE "${new URL(test.url).pathname.slice(1)}" SET synchronous_commit = on`);
  await client.end();
}
const { sqlTransaction } = await import("./sql");
const { db } = await import("./db");

/** What the transaction's commit waits for: SQLite's synchronous (2 FULL, 1 NORMAL), PostgreSQL's synchronous_commit. */
const setting = (durability: "full" | "relaxed") =>
  sqlTransaction(
    async (sql) => {
      if (testingOnPostgres) return String((await sql.all<{ synchronous_commit: string }>("SHOW synchronous_commit"))[0]!.synchronous_commit);
      return Number((await sql.all<{ synchronous: number }>("PRAGMA synchronous"))[0]!.synchronous);
    },
    { durability },
  );

const FULL = testingOnPostgres ? "on" : 2;
const RELAXED = testingOnPostgres ? "off" : 1;

it("a relaxed transaction commits without waiting for the disk; the next one waits again", async () => {
  expect(await setting("full")).toBe(FULL);
  expect(await setting("relaxed")).toBe(RELAXED);
  expect(await setting("full")).toBe(FULL);
});

it("a relaxed transaction that throws leaves the next one waiting for the disk", async () => {
  await expect(sqlTransaction(() => Promise.reject(new Error("rolled back")), { durability: "relaxed" })).rejects.toThrow("rolled back");
  expect(await setting("full")).toBe(FULL);
});

it("relaxed and full transactions started together each get their own setting", async () => {
  const results = await Promise.all(Array.from({ length: 10 }, (_, i) => setting(i % 2 ? "relaxed" : "full")));
  expect(results).toEqual(Array.from({ length: 10 }, (_, i) => (i % 2 ? RELAXED : FULL)));
});

it.skipIf(testingOnPostgres)("relaxed transactions in a row share one setting, and a plain write after them waits for the disk again", async () => {
  const counts = new Map<string, number>();
  const stop = countStatements(process.cwd(), counts);
  afterAll(stop);
  await setting("full");
  counts.clear();
  for (let i = 0; i < 3; i++) expect(await setting("relaxed")).toBe(RELAXED);
  // Prisma's autocommit write, no transaction of ours: FULL is set back before it runs.
  await db.user.create({ data: { firstName: "After relaxed" } });
  const [{ synchronous }] = await db.$queryRawUnsafe<{ synchronous: bigint | number }[]>("PRAGMA synchronous");
  expect(Number(synchronous)).toBe(FULL);
  expect({ normal: counts.get("PRAGMA synchronous = NORMAL"), full: counts.get("PRAGMA synchronous = FULL") }).toEqual({ normal: 1, full: 1 });
});
