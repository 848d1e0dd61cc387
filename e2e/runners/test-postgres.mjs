// `npm run test:postgres`: the integration tests (Vitest: the files that open a database, see
// vitest.config.mts) and the Playwright specs whose outcome can differ by database (the API
// specs listed in playwright.config.ts; two servers sharing one database) against a throwaway PostgreSQL 15 cluster, reusing the existing
// production build. The cluster is stopped and deleted even on failure.
// `npm run test:postgres -- lib/server/orders/tip-raise.test.ts` runs only those Vitest files (no
// build needed, no Playwright): a race seen on PostgreSQL reproduced in seconds.
import { spawn } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { startPostgresCluster } from "./postgres-cluster.mjs";

const run = (command, args, env) =>
  new Promise((resolve) => {
    const child = spawn(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });

const only = process.argv.slice(2);
if (!only.length && !existsSync(".next/BUILD_ID") && (await run("npm", ["run", "build"])) !== 0) process.exit(1);

const started = Date.now();
const cluster = startPostgresCluster();
let stopped = false;
const stop = () => {
  if (!stopped) cluster.stop();
  stopped = true;
};
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => (stop(), process.exit(130)));
console.log(`[test:postgres] PostgreSQL 15 on ${cluster.url()} (${Date.now() - started} ms)`);

let failed = 0;
// Vitest's failures and retried tests, printed again last: Playwright's output follows them.
const recapFile = `/tmp/nosh-vitest-recap-${process.pid}.txt`;
try {
  // Each integration test file gets its own database on this server, dropped after it.
  // Only what can differ by database runs again (e2e/README.md, "PostgreSQL"): the integration
  // tests (vitest.config.mts) and the API specs chosen in playwright.config.ts.
  const phase = async (name, command, args, env) => {
    const at = Date.now();
    if ((await run(command, args, env)) !== 0) failed++;
    console.log(`[test:postgres] ${name} took ${Math.round((Date.now() - at) / 1000)} s`);
  };
  // One migrated template (`migrate` creates the database); Vitest's global setup copies it once per
  // integration test file before the first file starts (lib/server/platform/testing/db-template.ts).
  await phase("template migration", "node", ["node_modules/tsx/dist/cli.mjs", "--conditions=react-server", "prisma/cli.ts", "migrate"], {
    DATABASE_URL: cluster.url("nosh_template"),
  });
  await phase("Vitest", "npx", ["vitest", "run", ...only], {
    TEST_DATABASE_URL: cluster.url("postgres"),
    TEST_DATABASE_TEMPLATE: "nosh_template",
    VITEST_RECAP_FILE: recapFile,
  });
  if (!only.length) await phase("Playwright", "npx", ["playwright", "test"], { DATABASE_URL: cluster.url("nosh_e2e") });
} finally {
  stop();
}
if (existsSync(recapFile)) {
  const recap = readFileSync(recapFile, "utf8").trim();
  if (recap) console.log(`[test:postgres] Vitest on PostgreSQL, to look at:\n${recap}`);
  rmSync(recapFile, { force: true });
}
console.log(`[test:postgres] ${failed ? "FAILED" : "passed"} in ${Math.round((Date.now() - started) / 1000)} s`);
process.exit(failed ? 1 : 0);
