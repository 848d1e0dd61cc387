import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { migrateSqlite } from "./migrate";

declare module "vitest" {
  export interface ProvidedContext {
    /** The migrated SQLite file every test file's database is a copy of (test-db.ts). */
    sqliteTemplate: string;
  }
}

/**
 * Vitest's global setup (vitest.config.mts): migrates one SQLite template before any test file
 * runs, so each file's database (createTestDatabase) is a copy of that file instead of a run of
 * every migration. `npm run test:postgres` does the same with a template database
 * (TEST_DATABASE_TEMPLATE). The folder is removed after the run.
 */
export default function setup(project: TestProject): () => void {
  const dir = mkdtempSync(path.join(tmpdir(), "nosh-test-template-"));
  const file = path.join(dir, "template.db");
  migrateSqlite(`file:${file}`);
  project.provide("sqliteTemplate", file);
  return () => rmSync(dir, { recursive: true, force: true });
}
