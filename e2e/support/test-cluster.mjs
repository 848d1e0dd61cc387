// `npm run test:cluster`: two production servers (`next start` on two ports, each with its
// own DATA_DIR) on one PostgreSQL database and one shared upload folder, behind nginx on
// loopback; then e2e/cluster/*.spec.ts against them. Needs nginx (Debian: apt-get install
// nginx) and reuses the existing build. Everything started here is stopped even on failure.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { NGINX, hasNginx, nginxArgs } from "./nginx.mjs";
import { startPostgresCluster } from "./postgres-cluster.mjs";

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
const cleanup = () => {
  for (const child of children) {
    try {
      process.kill(-child.pid, "SIGTERM"); // its whole process group
    } catch {
      // already gone
    }
  }
  postgres?.stop();
  rmSync(dir, { recursive: true, force: true });
};
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => (cleanup(), process.exit(130)));

const exited = (child) => new Promise((resolve) => child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0))));
function start(command, args, env, label) {
  const child = spawn(command, args, { env: { ...process.env, ...env }, detached: true, stdio: ["ignore", "ignore", "pipe"] });
  child.stderr.on("data", (chunk) => process.stderr.write(`[${label}] ${chunk}`));
  children.push(child);
  return child;
}
async function waitFor(url, child, label) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${label} exited with ${child.exitCode}`);
    const ok = await fetch(url).then((r) => r.status < 500, () => false); // /api/auth/ is a 401 when signed out
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${label} did not answer ${url} within 120 s`);
}

let status = 1;
try {
  postgres = startPostgresCluster();
  const databaseUrl = postgres.url("nosh_cluster");
  const uploads = path.join(dir, "uploads");
  mkdirSync(uploads);
  const shared = {
    DATABASE_URL: databaseUrl,
    UPLOAD_DIR: uploads,
    SESSION_SECRET: randomBytes(32).toString("hex"),
    NEXT_TELEMETRY_DISABLED: "1",
    BCRYPT_COST: "4",
    TRUST_PROXY: "1",
  };
  // Create the database; the servers then migrate and seed it, racing (the advisory lock decides).
  const migrate = spawnSync(process.execPath, ["node_modules/tsx/dist/cli.mjs", "--conditions=react-server", "prisma/cli.ts", "migrate"], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
    encoding: "utf8",
  });
  if (migrate.status !== 0) throw new Error(`migrate failed: ${migrate.stderr}`);

  const servers = instancePorts.map((port, i) =>
    start(process.execPath, ["node_modules/next/dist/bin/next", "start", "-p", String(port), "-H", "127.0.0.1"], { ...shared, DATA_DIR: path.join(dir, `data-${i}`) }, `server ${port}`),
  );
  const nginx = start(NGINX, nginxArgs({ dir, port: proxyPort, upstreamPorts: instancePorts }), {}, "nginx");
  await Promise.all(servers.map((server, i) => waitFor(`http://127.0.0.1:${instancePorts[i]}/api/auth/`, server, `server ${instancePorts[i]}`)));
  await waitFor(`http://127.0.0.1:${proxyPort}/api/auth/`, nginx, "nginx");
  console.log(`[test:cluster] nginx :${proxyPort} -> next start :${instancePorts.join(", :")} on ${databaseUrl} (${Math.round((Date.now() - started) / 1000)} s)`);

  const tests = spawn("npx", ["playwright", "test", "--config", "playwright.cluster.config.ts"], {
    stdio: "inherit",
    env: {
      ...process.env,
      CLUSTER_URL: `http://127.0.0.1:${proxyPort}`,
      INSTANCE_URLS: instancePorts.map((port) => `http://127.0.0.1:${port}`).join(","),
    },
  });
  status = await exited(tests);
} catch (error) {
  console.error(`[test:cluster] ${error.stack ?? error}`);
} finally {
  cleanup();
}
console.log(`[test:cluster] ${status ? "FAILED" : "passed"} in ${Math.round((Date.now() - started) / 1000)} s`);
process.exit(status ? 1 : 0);
