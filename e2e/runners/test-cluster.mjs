// `npm run test:cluster`: two production servers (`npm start`'s host, server/main.mjs, on two ports, each
// with its own DATA_DIR) on one PostgreSQL database and one S3-compatible upload store (s3rver,
// e2e/runners/s3-server.mjs: no instance shares a folder with the other), behind nginx on loopback;
// then e2e/cluster/*.spec.ts against them. Needs nginx (Debian: apt-get install
// nginx) and reuses the existing build. Everything started here is stopped even on failure.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { SERVER_SCRIPT, spawnInGroup, stopGroup, waitUntilServing } from "./next-server.mjs";
import { NGINX, hasNginx, nginxArgs } from "./nginx.mjs";
import { startPostgresCluster } from "./postgres-cluster.mjs";
import { startS3Server } from "./s3-server.mjs";

const proxyPort = Number(process.env.CLUSTER_PORT ?? 3120);
const instancePorts = [proxyPort + 1, proxyPort + 2];

if (!hasNginx()) {
  console.error(`[test:cluster] ${NGINX} not found: apt-get install -y nginx (see .ci/run)`);
  process.exit(1);
}
if (!existsSync(".next/BUILD_ID") && spawnSync("npm", ["run", "build"], { stdio: "inherit" }).status !== 0) process.exit(1);

const started = Date.now();
const dir = mkdtempSync(path.join(tmpdir(), "nosh-cluster-"));
const children = [];
let postgres;
let s3;
const cleanup = async () => {
  await Promise.all(children.map((child) => stopGroup(child)));
  postgres?.stop();
  await s3?.stop();
  rmSync(dir, { recursive: true, force: true });
};
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => void cleanup().finally(() => process.exit(130)));

const exited = (child) => new Promise((resolve) => child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0))));
function start(command, args, env, label) {
  const { child } = spawnInGroup(command, args, { env, onOutput: (chunk) => process.stderr.write(`[${label}] ${chunk}`) });
  children.push(child);
  return { child, label };
}
// The output went to stderr as it came, so the error need not repeat it.
const waitFor = (url, { child, label }) => waitUntilServing({ url, child, label });

let status = 1;
try {
  postgres = startPostgresCluster();
  const databaseUrl = postgres.url("nosh_cluster");
  s3 = await startS3Server();
  const shared = {
    DATABASE_URL: databaseUrl,
    // Pictures in the object store; each instance's own UPLOAD_DIR (under its DATA_DIR) stays empty.
    ...s3.env,
    SESSION_SECRET: randomBytes(32).toString("hex"),
    NEXT_TELEMETRY_DISABLED: "1",
    BCRYPT_COST: "4",
    COURIER_SIMULATOR: "off",
    // Jobs offered at once, whatever the food's ready time (as on the e2e servers).
    DISPATCH_EARLY_MINUTES: "90",
    TRUST_PROXY: "1",
    // The suite signs up many users from one address: creation and login limits off (0).
    LOGIN_MAX_SUCCESSES_PER_ACCOUNT: "0",
    LOGIN_MAX_SUCCESSES_PER_ADDRESS: "0",
    SIGNUP_MAX_PER_ADDRESS: "0",
    GUEST_MAX_PER_ADDRESS: "0",
    // It races one customer's checkouts: the open-order limits off too (proven in e2e/checkout/open-orders.api.spec.ts).
    MAX_OPEN_ORDERS: "0",
    MAX_OPEN_ORDERS_PER_RESTAURANT: "0",
    // Its specs give one owner several restaurants: off as on the shared servers (playwright.config.ts).
    RESTAURANTS_PER_DAY: "0",
    RESTAURANTS_PER_ACCOUNT: "0",
    RESTAURANTS_UNVERIFIED: "0",
  };
  // Create the database; the servers then migrate and seed it, racing (the advisory lock decides).
  const migrate = spawnSync(process.execPath, ["node_modules/tsx/dist/cli.mjs", "--conditions=react-server", "prisma/cli.ts", "migrate"], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
    encoding: "utf8",
  });
  if (migrate.status !== 0) throw new Error(`migrate failed: ${migrate.stderr}`);

  const servers = instancePorts.map((port, i) =>
    start(process.execPath, [SERVER_SCRIPT, "-p", String(port), "-H", "127.0.0.1"], { ...shared, DATA_DIR: path.join(dir, `data-${i}`) }, `server ${port}`),
  );
  const nginx = start(NGINX, nginxArgs({ dir, port: proxyPort, upstreamPorts: instancePorts }), {}, "nginx");
  await Promise.all(servers.map((server, i) => waitFor(`http://127.0.0.1:${instancePorts[i]}/api/auth/`, server)));
  await waitFor(`http://127.0.0.1:${proxyPort}/api/auth/`, nginx);
  console.log(`[test:cluster] nginx :${proxyPort} -> server/main.mjs :${instancePorts.join(", :")} on ${databaseUrl} (${Math.round((Date.now() - started) / 1000)} s)`);

  const tests = spawn("npx", ["playwright", "test", "--config", "playwright.cluster.config.ts"], {
    stdio: "inherit",
    env: {
      ...process.env,
      CLUSTER_URL: `http://127.0.0.1:${proxyPort}`,
      // The couriers spec makes couriers in the database, as an operator would (e2e/support/couriers.ts).
      DATABASE_URL: databaseUrl,
      INSTANCE_URLS: instancePorts.map((port) => `http://127.0.0.1:${port}`).join(","),
      // The pictures spec reads the bucket and the instances' folders directly.
      ...s3.env,
      CLUSTER_DATA_DIRS: instancePorts.map((_, i) => path.join(dir, `data-${i}`)).join(","),
    },
  });
  status = await exited(tests);
} catch (error) {
  console.error(`[test:cluster] ${error.stack ?? error}`);
} finally {
  await cleanup();
}
console.log(`[test:cluster] ${status ? "FAILED" : "passed"} in ${Math.round((Date.now() - started) / 1000)} s`);
process.exit(status ? 1 : 0);
