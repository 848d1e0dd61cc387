// `npm run bench -- --instances N` instead runs Nosh on a throwaway PostgreSQL 15
// cluster (e2e/runners/postgres-cluster.mjs) seeded at the first of BENCH_SCALES, loads the
// JSON reads and the wallet checkout on one instance, then on N instances behind nginx, and
// prints both with their ratio. Nothing is pinned in that mode: the instances, PostgreSQL,
// nginx and the load generator share the machine's cores, as they would on one host
// (run.mjs turns the pinning off).

import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { NGINX, hasNginx, nginxArgs } from "../../e2e/runners/nginx.mjs";
import { spawnInGroup, waitUntilServing } from "../../e2e/runners/next-server.mjs";
import { startPostgresCluster } from "../../e2e/runners/postgres-cluster.mjs";
import { menuOf, signIn, topUp, warmUp } from "../client.mjs";
import { fmt, machine, printColumns, writeResults } from "../report.mjs";
import { load, makeTempDir, startNext, stopAll, takePort, track } from "../servers.mjs";
import { CHECKOUT_CONCURRENCY, CONNECTIONS, DEMO_CUSTOMER, RESTAURANT, ROOT, SCALES, SECONDS } from "../settings.mjs";
import { walletCheckoutJob } from "./checkout.mjs";

/** `--instances N`: one instance, then N behind nginx, on one PostgreSQL database. */
export async function runInstances(instances) {
  if (!hasNginx()) throw new Error(`${NGINX} not found: apt-get install -y nginx`);
  const scale = SCALES[0];
  const dir = makeTempDir("nosh-bench-instances-");
  const postgres = startPostgresCluster({ port: Number(process.env.POSTGRES_BENCH_PORT ?? 5434) });
  try {
    const databaseUrl = postgres.url("nosh_bench");
    process.stdout.write(`PostgreSQL on ${databaseUrl}; seeding at scale ${scale} ... `);
    const seeded = Date.now();
    const seed = spawnSync(
      process.execPath,
      [path.join(ROOT, "node_modules/tsx/dist/cli.mjs"), "--conditions=react-server", "prisma/cli.ts", "seed", "--scale", String(scale)],
      {
        cwd: ROOT,
        env: { ...process.env, DATABASE_URL: databaseUrl },
        encoding: "utf8",
      },
    );
    if (seed.status !== 0) throw new Error(`seeding failed:\n${seed.stdout}\n${seed.stderr}`);
    console.log(`${((Date.now() - seeded) / 1000).toFixed(1)} s`);

    const shared = {
      DATABASE_URL: databaseUrl,
      SESSION_SECRET: createHash("sha256").update(dir).digest("hex"),
      BCRYPT_COST: "4",
      TRUST_PROXY: "1",
      UPLOAD_DIR: path.join(dir, "uploads"),
    };
    const servers = [];
    for (let i = 0; i < instances; i++) servers.push(await startNext(`nosh-${i + 1}`, ROOT, { ...shared, DATA_DIR: path.join(dir, `data-${i}`) }, "/api/auth/"));
    // One nginx per configuration, so both phases pay the same proxy hop.
    const proxies = [];
    for (const upstream of [servers.slice(0, 1), servers]) {
      const proxyDir = fs.mkdtempSync(path.join(dir, "nginx-"));
      const port = await takePort();
      const { child, output } = spawnInGroup(NGINX, nginxArgs({ dir: proxyDir, port, upstreamPorts: upstream.map((s) => s.port) }));
      track("nginx", child);
      const base = `http://127.0.0.1:${port}`;
      await waitUntilServing({ url: `${base}/api/auth/`, child, output, label: "nginx", timeoutMs: 20_000, intervalMs: 100 });
      proxies.push({ base, instances: upstream.length });
    }

    const auth = { ...(await signIn(proxies[0].base)), userId: DEMO_CUSTOMER };
    const { menuItems } = await menuOf(proxies[0].base);
    const items = menuItems.slice(0, 2).map((item) => ({ menuItemId: item.id, quantity: 1 }));
    await topUp(proxies[0].base, auth, auth.userId, 20);
    const endpoints = [
      { name: "GET /api/restaurants?limit=20", path: "/api/restaurants?limit=20" },
      { name: `GET /api/restaurants/${RESTAURANT}`, path: `/api/restaurants/${RESTAURANT}` },
      { name: `GET /api/menu-items?restaurantId=${RESTAURANT}`, path: `/api/menu-items?restaurantId=${RESTAURANT}` },
      { name: "GET /api/orders (signed in)", path: "/api/orders", signedIn: true },
    ];
    const phases = [];
    for (const proxy of proxies) {
      console.log(`\n${proxy.instances} instance${proxy.instances > 1 ? "s" : ""} behind nginx:`);
      const rows = [];
      for (const e of endpoints) {
        const url = proxy.base + e.path;
        const headers = e.signedIn ? { cookie: auth.cookie } : {};
        await warmUp(url, headers);
        process.stdout.write(`  ${e.name} ... `);
        const r = await load({ mode: "autocannon", url, connections: CONNECTIONS, seconds: SECONDS, headers });
        console.log(`${fmt(r.requestsPerSec)} req/s, p50 ${fmt(r.p50)} ms, p99 ${fmt(r.p99)} ms, ${r.errors} errors`);
        rows.push({ name: e.name, ...r });
      }
      process.stdout.write(`  wallet checkout (create + submit, ${CHECKOUT_CONCURRENCY} concurrent) ... `);
      const checkout = await load({ ...walletCheckoutJob(proxy.base, auth, items), seconds: SECONDS });
      console.log(`${fmt(checkout.requestsPerSec)} checkouts/s, ${checkout.errors} errors`);
      rows.push({ name: "wallet checkout: create + submit (orders/s)", ...checkout });
      phases.push({ instances: proxy.instances, rows });
    }

    const info = machine();
    console.log(`\nNosh bench on PostgreSQL, scale ${scale}: ${SECONDS} s per endpoint, ${CONNECTIONS} connections (checkout: ${CHECKOUT_CONCURRENCY} loops)`);
    console.log(`${info.cpu}, ${info.cores} cores, ${info.os}, Node ${info.node}, Next ${info.next}, not pinned, commit ${info.commit}`);
    const [one, many] = phases;
    const header = ["endpoint", "1 instance req/s", `${instances} instances req/s`, "ratio", "p99 ms (1)", `p99 ms (${instances})`, "errors"];
    const lines = one.rows.map((r, i) => {
      const m = many.rows[i];
      return [r.name, fmt(r.requestsPerSec), fmt(m.requestsPerSec), fmt(m.requestsPerSec / r.requestsPerSec, 2), fmt(r.p99), fmt(m.p99), String(r.errors + m.errors)];
    });
    printColumns(header, lines, (i) => i === 0);

    const results = {
      date: new Date().toISOString(),
      database: "postgresql",
      scale,
      instances,
      settings: { seconds: SECONDS, connections: CONNECTIONS, checkoutConcurrency: CHECKOUT_CONCURRENCY },
      machine: info,
      phases,
    };
    writeResults(results, `instances-${instances}-`);
  } finally {
    await stopAll();
    postgres.stop();
  }
}
