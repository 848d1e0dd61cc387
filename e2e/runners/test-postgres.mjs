// `npm run test:postgres`: the integration tests (Vitest) and the Playwright suite (the API
// project in full, the browser journeys tagged @postgres: see playwright.config.ts; two servers
// sharing one database) against a throwaway PostgreSQL 15 cluster, reusing the existing
// production build. The cluster is stopped and deleted even on failure.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { startPostgresCluster } from "./postgres-cluster.mjs";

const run = (command, args, env) =>
  new Promise((resolve) => {
    const child = spawn(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });

if (!existsSync(".next/BUILD_ID") && (await run("npm", ["run", "build"])) !== 0) process.exit(1);

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
try {
  // Each test file creates and drops its own database on this server.
  if ((await run("npx", ["vitest", "run"], { TEST_DATABASE_URL: cluster.url("postgres") })) !== 0) failed++;
  if ((await run("npx", ["playwright", "test"], { DATABASE_URL: cluster.url("nosh_e2e") })) !== 0) failed++;
} finally {
  stop();
}
console.log(`[test:postgres] ${failed ? "FAILED" : "passed"} in ${Math.round((Date.now() - started) / 1000)} s`);
process.exit(failed ? 1 : 0);
