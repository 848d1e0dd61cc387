import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { statusOf, STAGES_OF_STATUS } from "@/lib/shared/orders/order-stages";
import { migrateSqlite, migratePostgres, migrationsDir, readMigrations } from "../platform/migrate";
import { scratchPostgresDatabase, testingOnPostgres } from "../platform/testing/db";

// The migration that made `stage` an order's one stored state (prisma/migrations/
// 20261127090000_order_stage_only) run on a database holding orders in every state the code
// before it could write, on SQLite, and on PostgreSQL under `npm run test:postgres`
// (TEST_DATABASE_URL). After it, each order's derived status (statusOf) is the status it had
// stored, a stage already set is kept, and the status column and its index are gone.

const STAGE_ONLY = "20261127090000_order_stage_only";

/** [status, stage] pairs as rows held them before the migration: every stage, and the rows whose stage was null. */
const BEFORE: [string, string | null][] = [
  ["Active", null],
  ...(["placed", "accepted", "ready", "out_for_delivery"] as const).map((stage): [string, string] => ["Submitted", stage]),
  ["Completed", "delivered"],
  ...(["rejected", "canceled", "expired"] as const).map((stage): [string, string] => ["Canceled", stage]),
  // An Active order of a restaurant deleted before the migration: set Canceled, no stage.
  ["Canceled", null],
  // Rows from before the lifecycle existed, had any escaped its migration.
  ["Submitted", null],
  ["Completed", null],
];

/** What the migration must leave: the stage kept when set, else the first stage of the old status. */
const expected = ([status, stage]: [string, string | null]) => ({
  stage: stage ?? (status === "Active" ? null : status === "Canceled" ? "canceled" : STAGES_OF_STATUS[status as "Submitted" | "Completed"]![0]),
  status,
});

const insertOrder = (status: string, stage: string | null, i: number) =>
  `INSERT INTO "Order" ("userId", "restaurantName", "status", "stage", "createdAt", "updatedAt") VALUES (1, 'Order ${i}', '${status}', ${stage === null ? "NULL" : `'${stage}'`}, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)`;

describe.skipIf(testingOnPostgres)("the stage-only migration on SQLite", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "nosh-stage-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("converts orders in every state: status derived from stage is the status they had", () => {
    const url = `file:${path.join(dir, "before.db")}`;
    const all = readMigrations();
    migrateSqlite(
      url,
      all.filter((migration) => migration.name < STAGE_ONLY),
    );
    const db = new Database(url.slice("file:".length));
    try {
      db.exec(`INSERT INTO "User" ("id", "firstName", "updatedAt") VALUES (1, 'Test', CURRENT_TIMESTAMP)`);
      BEFORE.forEach(([status, stage], i) => db.exec(insertOrder(status, stage, i)));
    } finally {
      db.close();
    }
    expect(migrateSqlite(url, all)).toEqual(all.filter((migration) => migration.name >= STAGE_ONLY).map((migration) => migration.name));
    const after = new Database(url.slice("file:".length), { readonly: true });
    try {
      const rows = after.prepare(`SELECT "stage" FROM "Order" ORDER BY "id"`).all() as { stage: string | null }[];
      expect(rows.map((row) => ({ stage: row.stage, status: statusOf(row.stage) }))).toEqual(BEFORE.map(expected));
      const columns = (after.prepare(`PRAGMA table_info("Order")`).all() as { name: string }[]).map((column) => column.name);
      expect(columns).not.toContain("status");
      const indexes = (after.prepare(`PRAGMA index_list("Order")`).all() as { name: string }[]).map((index) => index.name);
      expect(indexes).toContain("Order_restaurantId_stage_createdAt_idx");
      expect(indexes).not.toContain("Order_restaurantId_status_createdAt_idx");
    } finally {
      after.close();
    }
  });
});

describe.skipIf(!testingOnPostgres)("the stage-only migration on PostgreSQL (runs under npm run test:postgres)", () => {
  const scratch = scratchPostgresDatabase("nosh_stage");

  it("converts orders in every state: status derived from stage is the status they had", async () => {
    await scratch.create();
    const all = readMigrations(migrationsDir("postgresql"));
    await scratch.run(async (client) => {
      await migratePostgres(
        client,
        all.filter((migration) => migration.name < STAGE_ONLY),
      );
      await client.query(`INSERT INTO "User" ("id", "firstName", "updatedAt") VALUES (1, 'Test', CURRENT_TIMESTAMP)`);
      for (const [i, [status, stage]] of BEFORE.entries()) await client.query(insertOrder(status, stage, i));
      expect(await migratePostgres(client, all)).toEqual(all.filter((migration) => migration.name >= STAGE_ONLY).map((migration) => migration.name));
      const { rows } = await client.query<{ stage: string | null }>(`SELECT "stage" FROM "Order" ORDER BY "id"`);
      expect(rows.map((row) => ({ stage: row.stage, status: statusOf(row.stage) }))).toEqual(BEFORE.map(expected));
      const columns = await client.query<{ column_name: string }>(`SELECT column_name FROM information_schema.columns WHERE table_name = 'Order'`);
      expect(columns.rows.map((row) => row.column_name)).not.toContain("status");
      const indexes = await client.query<{ indexname: string }>(`SELECT indexname FROM pg_indexes WHERE tablename = 'Order'`);
      expect(indexes.rows.map((row) => row.indexname)).toContain("Order_restaurantId_stage_createdAt_idx");
    });
  });
});
