import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { migratePostgres, migrateSqlite } from "../migrate";

declare module "vitest" {
  export interface ProvidedContext {
    /** The migrated SQLite file every test file's database is a copy of (db.ts). */
    sqliteTemplate: string;
    /** PostgreSQL: the prefix of this run's per-file databases (postgresTestDatabaseName). */
    postgresRun: string;
  }
}

/** The database made for `testFile` (its absolute path) by a run whose prefix is `run`. */
export function postgresTestDatabaseName(run: string, testFile: string): string {
  return `${run}_${createHash("sha1").update(testFile).digest("hex").slice(0, 12)}`;
}

/**
 * Vitest's global setup for the integration project (vitest.config.mts), so that a test file's
 * database (createTestDatabase in db.ts) is ready before the file starts:
 * - SQLite: one migrated template file; each file's database is a copy of it.
 * - PostgreSQL (TEST_DATABASE_URL): the template database TEST_DATABASE_TEMPLATE (`npm run
 *   test:postgres` migrates it first), or one migrated here when unset (`pg-vitest.mjs`); then one
 *   database per test file of the run, `CREATE DATABASE … TEMPLATE` over one connection, named
 *   from the file's path (postgresTestDatabaseName), so the file only connects to it.
 * What this made is removed after the run.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const url = process.env.TEST_DATABASE_URL ?? "";
  if (/^postgres(ql)?:\/\//.test(url)) return setUpPostgres(project, url);
  const dir = mkdtempSync(path.join(tmpdir(), "nosh-test-template-"));
  const file = path.join(dir, "template.db");
  migrateSqlite(`file:${file}`);
  project.provide("sqliteTemplate", file);
  return async () => rmSync(dir, { recursive: true, force: true });
}

/** CREATE DATABASE `name` TEMPLATE `template`, waiting (up to 5 s) while the template's last
 * session is still closing (PostgreSQL refuses a template someone is connected to). */
async function copyDatabase(client: pg.Client, name: string, template: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await client.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== "55006" || attempt >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

async function setUpPostgres(project: TestProject, url: string): Promise<() => Promise<void>> {
  const run = `nosh_t${randomBytes(3).toString("hex")}`;
  const admin = new URL(url);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  const made: string[] = [];
  try {
    let template = process.env.TEST_DATABASE_TEMPLATE;
    if (!template) {
      template = `${run}_template`;
      await client.query(`CREATE DATABASE "${template}"`);
      made.push(template);
      const templateUrl = new URL(url);
      templateUrl.pathname = `/${template}`;
      const migrator = new pg.Client({ connectionString: templateUrl.toString() });
      await migrator.connect();
      try {
        await migratePostgres(migrator);
      } finally {
        await migrator.end();
      }
    }
    // The files this run will execute (the command line's filters applied, when Vitest exposes
    // them; otherwise every integration file, which only costs a few unused copies).
    const filters = (project.vitest as unknown as { filenamePattern?: string[] }).filenamePattern ?? [];
    const { testFiles } = await project.globTestFiles(filters);
    for (const file of testFiles) {
      const name = postgresTestDatabaseName(run, file);
      await copyDatabase(client, name, template);
      made.push(name);
    }
  } finally {
    await client.end();
  }
  project.provide("postgresRun", run);
  // Each file drops its own database (db.ts); this catches the files that did not run to
  // their end, then the template made here.
  return async () => {
    const cleaner = new pg.Client({ connectionString: admin.toString() });
    await cleaner.connect();
    try {
      for (const name of made.reverse()) await cleaner.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    } finally {
      await cleaner.end();
    }
  };
}
