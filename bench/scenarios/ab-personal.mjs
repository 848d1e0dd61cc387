// `npm run bench -- --ab DIR --personal [--database postgres]`: the dinner rush's personal reads
// (rush/drive.mjs: the orders list, an order, the bell, the wallet's statement) on this build (A)
// and the build in DIR (B) side by side, and each read's bare twin (bench/baseline's GET
// /api/twin answering JSON of the same size, sent a cookie of the same length), on SQLite or on a
// throwaway PostgreSQL cluster (one database per side). Each side seeds its own database at
// scale 1 with its own seed and signs in the demo customer, whose wallet is topped up once.
// BENCH_AB_ROUNDS (default 3) rounds each load every read on A, on B and its twin in turn (the
// order rotating), paced at BENCH_PERSONAL_RATE a second (default 100) from 20 clients for
// BENCH_SECONDS, all three servers up at once on core 0. A request's CPU is the server's /proc
// (worker and job process) over its load less its idle rate (its CPU while the others were
// loaded), and its statements the worker's probes' count (server/bench-probes.mjs). The answer:
// each read's median over the rounds, the four's mean (the rush's class mixes them evenly), each
// side's ratio to the twin and B / A. BENCH_AB_PROFILE=1: then A's worker is profiled under each
// read in turn (bench/cpu-profile.mjs, summed by module).

import { spawnSync } from "node:child_process";
import path from "node:path";
import { startPostgresCluster } from "../../e2e/runners/postgres-cluster.mjs";
import { buildBaseline } from "../bare.mjs";
import { signIn, topUp, warmUp } from "../client.mjs";
import { printProfileByModule, profileByModule } from "../cpu-profile.mjs";
import { sampleMachine, stateLine } from "../machine-state.mjs";
import { fmt, machine, printColumns, writeResults } from "../report.mjs";
import { NOSH_FLAGS, START_NODE_FLAGS, load, makeTempDir, seedAt, serverCpuMs, serverMemory, startNext, stopServer } from "../servers.mjs";
import { DEMO_CUSTOMER, ROOT, SECONDS } from "../settings.mjs";
import { mark, probesDuring, profileFrom, readProbes } from "./rush/probes.mjs";
import { RUSH_METRICS_TOKEN } from "./rush/kept-pages.mjs";

const ROUNDS = Number(process.env.BENCH_AB_ROUNDS ?? 3);
const RATE = Number(process.env.BENCH_PERSONAL_RATE ?? 100);
const CLIENTS = 20;
const PROBES = { NOSH_BENCH_PROBES: "1", METRICS_TOKEN: RUSH_METRICS_TOKEN, NOSH_SEED: "false", BCRYPT_COST: "4" };
const READS = [
  { name: "orders list", path: () => "/api/orders?limit=20" },
  { name: "an order", path: (side) => `/api/orders/${side.orderId}` },
  { name: "notifications", path: () => "/api/notifications" },
  { name: "wallet statement", path: () => `/api/users/wallet/${DEMO_CUSTOMER}/transactions` },
];

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** Seeds `side`'s database (its own seed) and starts its server; `postgres`: the cluster, or null for SQLite. */
async function startSide(side, postgres) {
  let env;
  const started = Date.now();
  if (postgres) {
    const databaseUrl = postgres.url(`nosh_ab_${side.label.toLowerCase()}`);
    const seed = spawnSync(
      process.execPath,
      [path.join(side.dir, "node_modules/tsx/dist/cli.mjs"), "--conditions=react-server", "prisma/cli.ts", "seed", "--scale", "1"],
      { cwd: side.dir, env: { ...process.env, DATABASE_URL: databaseUrl }, encoding: "utf8" },
    );
    if (seed.status !== 0) throw new Error(`seeding ${side.label} failed:\n${seed.stdout}\n${seed.stderr}`);
    env = { DATABASE_URL: databaseUrl, DATA_DIR: makeTempDir(`nosh-ab-${side.label}-`) };
  } else {
    env = { DATA_DIR: seedAt(1, side.dir).dataDir, DATABASE_URL: "" };
  }
  process.stdout.write(`${side.label} (${side.commit}): seeded in ${fmt((Date.now() - started) / 1000, 1)} s; starting ... `);
  side.server = await startNext(`nosh-${side.label}`, side.dir, { ...PROBES, ...env }, "/api/auth/", side.label === "A" ? NOSH_FLAGS : START_NODE_FLAGS);
  side.pid = serverMemory(side.server).pid;
  side.auth = await signIn(side.server.base);
  await topUp(side.server.base, side.auth, DEMO_CUSTOMER, 1);
  const orders = await (await fetch(`${side.server.base}/api/orders?limit=1`, { headers: { cookie: side.auth.cookie } })).json();
  side.orderId = orders.orders?.[0]?.id;
  if (!side.orderId) throw new Error(`${side.label}: the demo customer has no order: ${JSON.stringify(orders).slice(0, 200)}`);
  console.log(`up, order ${side.orderId}`);
}

/** The paced job of `url` with `cookie` on every client. */
const pacedJob = (url, cookie) => ({
  mode: "paced",
  url,
  method: "GET",
  clients: Array.from({ length: CLIENTS }, () => ({ cookie })),
  rate: RATE,
  seconds: SECONDS,
  body: null,
  headers: {},
});

/** `--ab DIR --personal`: see the top of the file. */
export async function runPersonalAB(abDir, database) {
  const onPostgres = /^postgres/.test(database);
  const commitOf = (dir) => spawnSync("git", ["rev-parse", "--short", "HEAD"], { cwd: dir, encoding: "utf8" }).stdout.trim() || "?";
  const sides = [
    { label: "A", dir: ROOT, commit: "" },
    { label: "B", dir: abDir, commit: "" },
  ];
  for (const side of sides) side.commit = commitOf(side.dir);
  const postgres = onPostgres ? startPostgresCluster({ port: Number(process.env.POSTGRES_BENCH_PORT ?? 5434) }) : null;
  try {
    for (const side of sides) await startSide(side, postgres);
    const twin = { label: "twin", server: await startNext("baseline", buildBaseline(), {}, "/api/constant", [], {}) };
    const servers = [...sides, twin];
    const [a] = sides;
    const rows = [];
    for (const read of READS) {
      const answer = await fetch(a.server.base + read.path(a), { headers: { cookie: a.auth.cookie } });
      const bytes = Buffer.byteLength(await answer.text());
      if (answer.status !== 200) throw new Error(`${read.name} answered ${answer.status} on A`);
      rows.push({ ...read, bytes, cookieChars: a.auth.cookie.length, rounds: [] });
    }
    const idle = new Map(servers.map((s) => [s.label, { ms: 0, cpu: 0 }]));
    const states = [];
    for (let round = 0; round < ROUNDS; round++) {
      const state = await sampleMachine();
      states.push(state);
      console.log(`round ${round + 1} of ${ROUNDS}: ${stateLine(state)}`);
      // A fresh session each round: one older than its refresh interval (15 minutes) is re-sealed on every request.
      for (const side of sides) side.auth = await signIn(side.server.base);
      for (const row of rows) {
        const measured = {};
        const turn = servers.map((_, i) => servers[(i + round) % servers.length]);
        for (const side of turn) {
          const url = side === twin ? `${twin.server.base}/api/twin?bytes=${row.bytes}` : side.server.base + row.path(side);
          const cookie = side === twin ? `nosh_session=${"x".repeat(row.cookieChars - 13)}` : side.auth.cookie;
          await warmUp(url, { cookie });
          const before = { at: performance.now(), cpu: new Map(servers.map((s) => [s.label, serverCpuMs(s.server)])) };
          const probesBefore = side === twin ? null : await readProbes([side.server.base]);
          const r = await load(pacedJob(url, cookie));
          const probesAfter = side === twin ? null : await readProbes([side.server.base]);
          const ms = performance.now() - before.at;
          for (const other of servers) {
            const cpu = serverCpuMs(other.server) - before.cpu.get(other.label);
            if (other === side)
              measured[side.label] = {
                ...r,
                cpuMs: cpu,
                ms,
                statements: probesAfter ? probesDuring(probesBefore, probesAfter).statements / Math.max(1, r.requests) : null,
              };
            else Object.assign(idle.get(other.label), { ms: idle.get(other.label).ms + ms, cpu: idle.get(other.label).cpu + cpu });
          }
        }
        row.rounds.push(measured);
        const line = servers.map(
          (s) => `${s.label} ${fmt(measured[s.label].cpuMs / Math.max(1, measured[s.label].requests), 2)} ms (${measured[s.label].errors} errors)`,
        );
        console.log(`  ${row.name}: ${line.join(", ")}`);
      }
    }
    // Each server's idle rate (ms of CPU a ms), taken out of its loads.
    const idleRate = (label) => idle.get(label).cpu / Math.max(1, idle.get(label).ms);
    const net = (label, m) => (m.cpuMs - idleRate(label) * m.ms) / Math.max(1, m.requests);
    for (const row of rows)
      row.median = Object.fromEntries(
        servers.map((s) => [
          s.label,
          {
            gross: median(row.rounds.map((m) => m[s.label].cpuMs / Math.max(1, m[s.label].requests))),
            net: median(row.rounds.map((m) => net(s.label, m[s.label]))),
            statements: s === twin ? null : median(row.rounds.map((m) => m[s.label].statements ?? NaN)),
            p99: median(row.rounds.map((m) => m[s.label].p99)),
            errors: row.rounds.reduce((n, m) => n + m[s.label].errors, 0),
          },
        ]),
      );
    const mean = (label, key) => rows.reduce((sum, row) => sum + row.median[label][key], 0) / rows.length;
    const info = machine();
    console.log(
      `\npersonal reads on ${onPostgres ? "PostgreSQL" : "SQLite"}: A = ${sides[0].commit} (this checkout), B = ${sides[1].commit}; ${ROUNDS} rounds, ${SECONDS} s a load at ${RATE} a second; idle ms a second: ${servers.map((s) => `${s.label} ${fmt(idleRate(s.label) * 1000, 1)}`).join(", ")}`,
    );
    const header = ["read", "bytes", "A ms", "B ms", "twin ms", "A x twin", "B x twin", "A / B", "A stmts", "B stmts", "A p99", "B p99", "errors"];
    const lineOf = (name, bytes, m) => [
      name,
      bytes,
      fmt(m.A.net, 2),
      fmt(m.B.net, 2),
      fmt(m.twin.net, 2),
      fmt(m.A.net / m.twin.net, 2),
      fmt(m.B.net / m.twin.net, 2),
      fmt(m.A.net / m.B.net, 2),
      fmt(m.A.statements, 1),
      fmt(m.B.statements, 1),
      fmt(m.A.p99, 1),
      fmt(m.B.p99, 1),
      String(m.A.errors + m.B.errors + m.twin.errors),
    ];
    const all = Object.fromEntries(
      servers.map((s) => [
        s.label,
        { net: mean(s.label, "net"), gross: mean(s.label, "gross"), statements: s === twin ? null : mean(s.label, "statements"), p99: NaN, errors: 0 },
      ]),
    );
    printColumns(header, [...rows.map((row) => lineOf(row.name, String(row.bytes), row.median)), lineOf("the four, mean", "", all)], (i) => i === 0);
    console.log(`(ms of CPU a request, idle taken out; gross, idle in: A ${fmt(all.A.gross, 2)}, B ${fmt(all.B.gross, 2)}, twin ${fmt(all.twin.gross, 2)})`);
    const busy = states.filter((s) => s.busy).length;
    if (busy) console.log(`${busy} of ${states.length} rounds began on a busy machine.`);
    const profiles = [];
    if (process.env.BENCH_AB_PROFILE === "1")
      for (const row of rows) {
        const url = a.server.base + row.path(a);
        const session = profileFrom(a.server.base, a.pid, performance.now());
        await load(pacedJob(url, a.auth.cookie));
        const file = path.join(makeTempDir("nosh-ab-profile-"), "worker.cpuprofile");
        const window = await session.stop(file, mark([a.pid]));
        if (!window) continue;
        const summary = profileByModule(file, window);
        console.log(`\nA's worker under "${row.name}":`);
        printProfileByModule(summary);
        profiles.push({ read: row.name, ...summary });
      }
    writeResults(
      {
        date: new Date().toISOString(),
        database: onPostgres ? "postgresql" : "sqlite",
        settings: { rounds: ROUNDS, seconds: SECONDS, rate: RATE },
        machine: info,
        sides: sides.map(({ label, dir, commit }) => ({ label, dir, commit })),
        rows,
        all,
        states,
        profiles,
      },
      "ab-personal-",
    );
    for (const s of servers) await stopServer(s.server);
  } finally {
    postgres?.stop();
  }
}
