// `npm run bench -- --rush --database postgres`: the dinner rush on a throwaway
// PostgreSQL 15 cluster (e2e/runners/postgres-cluster.mjs) with two instances behind nginx (the
// set-up of scenarios/instances.mjs), both servers on core 0 and the load on core 1 (PostgreSQL
// and nginx unpinned). A warm-up (BENCH_RUSH_WARMUP_SECONDS, 30 s here) and the steps as on
// SQLite (up to BENCH_RUSH_MAX_STEP; each class's CPU alone only with BENCH_RUSH_SOLO_SECONDS); then one more 1x step in which the second instance is killed (SIGKILL)
// half-way and restarted on its port: its streams drop and its requests in flight fail (printed,
// not judged), and the end checks prove no order was lost or doubled.

import { createHash } from "node:crypto";
import path from "node:path";
import fs from "node:fs";
import { NGINX, hasNginx, nginxArgs } from "../../../e2e/runners/nginx.mjs";
import { spawnInGroup, waitUntilServing } from "../../../e2e/runners/next-server.mjs";
import { startPostgresCluster } from "../../../e2e/runners/postgres-cluster.mjs";
import { fmt } from "../../report.mjs";
import { NOSH_FLAGS, START_ENV, makeTempDir, startNext, stopAll, stopServer, takePort, track } from "../../servers.mjs";
import { ROOT } from "../../settings.mjs";
import { cpuByClass } from "./classes.mjs";
import { RUSH_ENV, RUSH_SECONDS, audit, carry, finish, printAudit, runStep, seedCity, stepUp } from "./steps.mjs";
import { printStep } from "./verdicts.mjs";
import { openDb, readyCity } from "./world.mjs";

const WARMUP_SECONDS = Number(process.env.BENCH_RUSH_WARMUP_SECONDS ?? 30);
const MAX_STEP = Number(process.env.BENCH_RUSH_MAX_STEP ?? Infinity);

export async function runRushPostgres() {
  if (!hasNginx()) throw new Error(`${NGINX} not found: apt-get install -y nginx`);
  const dir = makeTempDir("nosh-rush-pg-");
  const postgres = startPostgresCluster({ port: Number(process.env.POSTGRES_BENCH_PORT ?? 5434) });
  try {
    const databaseUrl = postgres.url("nosh_rush");
    process.stdout.write(`PostgreSQL on ${databaseUrl}; seeding the city ... `);
    console.log(`${fmt(seedCity({ DATABASE_URL: databaseUrl, DATA_DIR: path.join(dir, "seed") }), 1)} s`);
    const env = {
      ...RUSH_ENV,
      DATABASE_URL: databaseUrl,
      SESSION_SECRET: createHash("sha256").update(dir).digest("hex"),
      TRUST_PROXY: "1",
      UPLOAD_DIR: path.join(dir, "uploads"),
    };
    const envOf = (i) => ({ ...env, DATA_DIR: path.join(dir, `data-${i}`) });
    const servers = [];
    for (let i = 0; i < 2; i++) servers.push(await startNext(`nosh-rush-${i + 1}`, ROOT, envOf(i), "/api/auth/", NOSH_FLAGS));
    const proxyDir = fs.mkdtempSync(path.join(dir, "nginx-"));
    const port = await takePort();
    const { child, output } = spawnInGroup(NGINX, nginxArgs({ dir: proxyDir, port, upstreamPorts: servers.map((s) => s.port), perAddressLimits: false }));
    track("nginx", child);
    const base = `http://127.0.0.1:${port}`;
    await waitUntilServing({ url: `${base}/api/auth/`, child, output, label: "nginx", timeoutMs: 20_000, intervalMs: 100 });

    const db = await openDb({ databaseUrl });
    // At instance 1, not through nginx: nginx allows an address 5 sign-ins a second (burst 20,
    // deploy/nginx.conf), and the set-up signs in 2,000 people from one. The sessions hold on both.
    process.stdout.write("readying the city at instance 1 (sign-ins, cards, wallets, shifts) ... ");
    const world = await readyCity(servers[0].base, db);
    await db.close();
    console.log(`${world.buyers.length} buyers, ${world.couriers.length} couriers`);
    const since = new Date().toISOString();
    const database = "PostgreSQL, two instances behind nginx";
    const ctx = { base, servers, world, checkoutOffset: 0, placed: [], database };
    if (WARMUP_SECONDS > 0) {
      process.stdout.write(`warming up at 1x for ${WARMUP_SECONDS} s ... `);
      carry(world, await runStep({ ...ctx, label: "warm-up", multiplier: 1, seconds: WARMUP_SECONDS }));
      ctx.checkoutOffset += 100_000;
      console.log("done");
    }
    // Each class's CPU alone is the SQLite run's (one server); here only with BENCH_RUSH_SOLO_SECONDS set.
    const cpu = process.env.BENCH_RUSH_SOLO_SECONDS ? await cpuByClass(ctx) : {};
    const steps = await stepUp(ctx, cpu, { maxStep: MAX_STEP });

    // One more 1x step: instance 2 killed half-way, restarted on its port (nginx sends its share to instance 1 meanwhile).
    const kill = {};
    const during = async () => {
      await new Promise((resolve) => setTimeout(resolve, (RUSH_SECONDS * 1000) / 2));
      const victim = servers[1];
      process.kill(-victim.child.pid, "SIGKILL");
      kill.killedAt = new Date().toISOString();
      await stopServer(victim);
      const restarted = Date.now();
      servers[1] = await startNext("nosh-rush-2", ROOT, envOf(1), "/api/auth/", NOSH_FLAGS, START_ENV, victim.port);
      kill.restartSeconds = (Date.now() - restarted) / 1000;
    };
    const killed = await runStep({ ...ctx, label: "1x with instance 2 killed and restarted", multiplier: 1, seconds: RUSH_SECONDS, during });
    printStep(killed, cpu);
    console.log(
      `  instance 2 killed at ${kill.killedAt}, serving again ${fmt(kill.restartSeconds, 1)} s later (this step's errors and dropped streams are the kill's, not judged)`,
    );

    console.log("\nend checks:");
    const checks = audit(
      // A DATA_DIR of its own: without one the app's config writes its session secret into the checkout.
      { DATABASE_URL: databaseUrl, DATA_DIR: path.join(dir, "audit") },
      ctx.placed,
      world.buyers.map((b) => b.userId),
      since,
    );
    checks.held = printAudit(checks);
    finish({
      database,
      steps,
      cpu,
      checks,
      extra: { killStep: { ...killed, load: { ...killed.load, placed: killed.load.placed.length, couriersAt: undefined } }, kill },
    });
  } finally {
    await stopAll();
    postgres.stop();
  }
}
