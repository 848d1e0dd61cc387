// `node e2e/runners/vitest-postgres.mjs <vitest files or folders...>`: the named integration test
// files on a throwaway PostgreSQL 15 cluster (the one `npm run test:postgres` starts), stopped
// and deleted even on failure. For checking a money or concurrency rule on PostgreSQL without
// the whole second pass.
import { spawn } from "node:child_process";
import { startPostgresCluster } from "./postgres-cluster.mjs";

const cluster = startPostgresCluster();
const stop = () => cluster.stop();
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => (stop(), process.exit(130)));
let code = 1;
try {
  code = await new Promise((resolve) => {
    const child = spawn("npx", ["vitest", "run", ...process.argv.slice(2)], {
      stdio: "inherit",
      env: { ...process.env, TEST_DATABASE_URL: cluster.url("postgres") },
    });
    child.on("exit", (c, signal) => resolve(c ?? (signal ? 1 : 0)));
  });
} finally {
  stop();
}
process.exit(code);
