import "server-only";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createDb, type Db } from "./create-db";
import { migrateSqlite } from "./migrate";

/**
 * A real, migrated SQLite database in a temp folder for integration tests, and the
 * environment pointing the data layer at it. Call `cleanup` in afterAll.
 */
export function createTestDatabase(): { db: Db; url: string; dir: string; cleanup: () => Promise<void> } {
  const dir = mkdtempSync(path.join(tmpdir(), "nosh-test-"));
  const url = `file:${path.join(dir, "test.db")}`;
  migrateSqlite(url);
  const db = createDb(url);
  return {
    db,
    url,
    dir,
    cleanup: async () => {
      await db.$disconnect();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
