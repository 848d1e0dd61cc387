import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { migrationsDir, readMigrations } from "./migrate";
import { releaseAppGlobals, testingOnPostgres } from "./testing/db";

// Several servers starting at once on one PostgreSQL database: each runs prepareDatabase
// (migrate, then seed an empty database). An advisory lock makes them take turns, so every
// migration is applied and recorded once and the demo data is seeded once; after the seed's
// explicit ids the id sequences continue past them. SQLite needs no such test: its migrations
// and seed run in IMMEDIATE transactions that take the file's write lock.

const url = new URL(process.env.TEST_DATABASE_URL ?? "postgresql://unused/");
url.pathname = `/nosh_prepare_${randomBytes(4).toString("hex")}`;
const admin = new URL(url);
admin.pathname = "/postgres";
const dir = mkdtempSync(path.join(tmpdir(), "nosh-prepare-"));

async function sql<T extends pg.QueryResultRow>(target: URL, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: target.toString() });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

describe.skipIf(!testingOnPostgres)("prepareDatabase on PostgreSQL (runs under npm run test:postgres)", () => {
  beforeAll(async () => {
    await sql(admin, `CREATE DATABASE "${url.pathname.slice(1)}"`);
    // The app's modules load afresh for this database (the worker ran other files before).
    vi.resetModules();
    process.env.DATABASE_URL = url.toString();
    process.env.DATA_DIR = dir;
  });
  afterAll(async () => {
    await releaseAppGlobals();
    await sql(admin, `DROP DATABASE IF EXISTS "${url.pathname.slice(1)}" WITH (FORCE)`);
    rmSync(dir, { recursive: true, force: true });
  });

  it("three servers starting at once migrate and seed once, and new rows get fresh ids", async () => {
    const { prepareDatabase } = await import("./prepare");
    const { seedDatabase } = await import("@/prisma/seed");
    await Promise.all([prepareDatabase(seedDatabase), prepareDatabase(seedDatabase), prepareDatabase(seedDatabase)]);

    const recorded = await sql<{ migration_name: string }>(url, `SELECT migration_name FROM _prisma_migrations ORDER BY migration_name`);
    expect(recorded.map((r) => r.migration_name)).toEqual(readMigrations(migrationsDir("postgresql")).map((m) => m.name));
    const { demoUsers } = await import("@/prisma/seed-data");
    const [{ count }] = await sql<{ count: string }>(url, `SELECT count(*) FROM "User"`);
    expect(Number(count)).toBe(demoUsers.length);

    const { db } = await import("./db");
    const user = await db.user.create({ data: { firstName: "After" } });
    expect(user.id).toBeGreaterThan(Math.max(...demoUsers.map((u) => u.id)));
    const order = await db.order.create({ data: { userId: user.id, restaurantName: "X" } });
    const entry = await db.walletTransaction.create({ data: { userId: user.id, kind: "topup", amountCents: 1, balanceAfterCents: 1, orderId: order.id } });
    expect(entry.id).toBeGreaterThan(0);
  });
});
