// A/B (`npm run bench -- --ab <dir>`): this checkout's build (A) against another checkout's
// build in <dir> (B, e.g. `git worktree add /tmp/base <commit> && cd /tmp/base && npm ci &&
// npm run build`), each on a database its own seed made at the first of BENCH_SCALES (default
// 10 in this mode), both servers up at once on core 0. BENCH_AB_ROUNDS (default 5) rounds load
// each endpoint on A and on B back to back (which goes first alternates), BENCH_SECONDS each,
// and read each server's CPU time per request. The answer is the median over rounds of B / A
// (throughput) and A / B (CPU per request): the two builds meet the same machine load within
// seconds of each other, and CPU per request barely moves with other processes' load, so the
// ratio holds on a shared machine where absolute figures do not. Used for "within N % of
// before the change" targets (docs/log/performance.md). Rows: the catalog reads, the restaurant page,
// and the wallet checkout (one call where a build has the one-call path, and create + submit);
// BENCH_AB_ONLY=checkout (words of the rows' names, comma-separated) runs only those rows.
// The personal lists (scenarios/personal-lists.mjs: a customer with BENCH_LIST_ORDERS
// orders at restaurant 1, written into each side's database before it starts, and its owner):
// `BENCH_AB_ONLY=list` runs only them.
// BENCH_AB_B_ENV="NAME=value,NAME=value" adds variables to side B's server only: with `--ab .`
// (this same build on both sides, each on its own database) it measures a switch, e.g. the
// notification outbox's cost on the checkout: BENCH_AB_B_ENV=NOTIFY_OUTBOX=off
// (docs/architecture/notifications.md "Cost").

import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { signIn, topUp, warmUp } from "../client.mjs";
import { sampleMachine, stateLine, verdict } from "../machine-state.mjs";
import { fmt, machine, printColumns, writeResults } from "../report.mjs";
import { NOSH_FLAGS, START_NODE_FLAGS, load, seedAt, serverCpuMs, startNext } from "../servers.mjs";
import { CONNECTIONS, RESTAURANT, ROOT, SCALES, SECONDS } from "../settings.mjs";
import { TARGETS } from "../targets.mjs";
import { prepareCheckout } from "./checkout.mjs";
import { LIST_ORDERS, listEndpoints, seedListHistory } from "./personal-lists.mjs";

const AB_ROUNDS = Number(process.env.BENCH_AB_ROUNDS ?? 5);
/** BENCH_AB_ONLY="checkout" (comma-separated words): only the A/B rows whose name contains one. */
const AB_ONLY = (process.env.BENCH_AB_ONLY ?? "").split(",").filter(Boolean);
/** BENCH_AB_B_ENV="NAME=value,...": side B's extra environment. */
const B_ENV = Object.fromEntries(
  (process.env.BENCH_AB_B_ENV ?? "")
    .split(",")
    .filter(Boolean)
    .map((pair) => [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)]),
);

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** `--ab <dir>`: this build against the build in `abDir`, round by round. */
export async function runAB(abDir) {
  if (!fs.existsSync(path.join(abDir, ".next/BUILD_ID"))) throw new Error(`--ab ${abDir}: no production build there (npm run build in it first)`);
  const scale = process.env.BENCH_SCALES ? SCALES[0] : 10;
  const commitOf = (dir) => spawnSync("git", ["rev-parse", "--short", "HEAD"], { cwd: dir, encoding: "utf8" }).stdout.trim() || "?";
  const sides = [
    { label: "A", dir: ROOT, commit: commitOf(ROOT) },
    { label: "B", dir: abDir, commit: `${commitOf(abDir)}${process.env.BENCH_AB_B_ENV ? ` with ${process.env.BENCH_AB_B_ENV}` : ""}` },
  ];
  const listRows = [
    { name: `list GET /api/orders (a customer with ${LIST_ORDERS} orders)`, list: "list /api/orders" },
    { name: `list GET /api/manage/${RESTAURANT}/orders (its owner)`, list: "list /api/manage/orders" },
    { name: `list GET /api/manage/${RESTAURANT}/board (its owner)`, list: "list /api/manage/board" },
  ].filter((e) => AB_ONLY.length === 0 || AB_ONLY.some((word) => e.name.includes(word)));
  for (const side of sides) {
    process.stdout.write(`${side.label} (${side.commit}, ${side.dir}): seeding scale ${scale} ... `);
    side.data = seedAt(scale, side.dir);
    if (listRows.length) side.history = seedListHistory(side.data.dataDir);
    console.log(`${side.data.seedSeconds.toFixed(1)} s; starting ...`);
    // BENCH_CPU_PROF=dir: side A (this build) writes its CPU profile there (node --cpu-prof).
    const flags = side.label === "A" ? NOSH_FLAGS : START_NODE_FLAGS;
    const extra = side.label === "B" ? B_ENV : {};
    side.server = await startNext(`nosh-${side.label}`, side.dir, { DATA_DIR: side.data.dataDir, DATABASE_URL: "", NOSH_SEED: "false", ...extra }, "/api/auth/", flags);
  }
  const endpoints = [
    { name: "GET /api/restaurants?limit=20", path: "/api/restaurants?limit=20" },
    { name: `GET /api/restaurants/${RESTAURANT}`, path: `/api/restaurants/${RESTAURANT}` },
    { name: `GET /api/menu-items?restaurantId=${RESTAURANT}`, path: `/api/menu-items?restaurantId=${RESTAURANT}` },
    { name: "GET /api/menu-items?limit=20", path: "/api/menu-items?limit=20" },
    { name: `GET /restaurants/${RESTAURANT} (HTML)`, path: `/restaurants/${RESTAURANT}` },
    // Catalog pages for a signed-in customer (a session cookie: the kept page plus its session hole where the build has it).
    { name: "GET /home (HTML, signed in)", path: "/home", signedIn: true },
    { name: `GET /restaurants/${RESTAURANT} (HTML, signed in)`, path: `/restaurants/${RESTAURANT}`, signedIn: true },
    // Wallet checkouts (checkouts/s and CPU per checkout): the one-call path where a side has it
    // (POST /api/orders with `submit`), else that side's create + submit; then create + submit on both.
    { name: "wallet checkout, one call where the build has it (orders/s)", checkout: "one-call" },
    { name: "wallet checkout, create + submit (orders/s)", checkout: "two-call" },
  ]
    .filter((e) => AB_ONLY.length === 0 || AB_ONLY.some((word) => e.name.includes(word)))
    .concat(listRows);
  if (listRows.length) {
    for (const side of sides) side.lists = await listEndpoints(side.server.base, side.history);
  }
  if (endpoints.some((e) => e.checkout)) {
    for (const side of sides) side.checkout = await prepareCheckout(side.server.base, scale);
  }
  if (endpoints.some((e) => e.signedIn)) {
    for (const side of sides) side.auth = await signIn(side.server.base);
  }
  const rows = endpoints.map((e) => ({ ...e, rounds: [] }));
  const states = [];
  for (let round = 0; round < AB_ROUNDS; round++) {
    const order = round % 2 === 0 ? sides : [...sides].reverse();
    // The machine before each round (machine-state.mjs): a busy round is printed as such; the
    // A/B's medians are over every round, a busy one's sides both slowed alike (they alternate).
    const state = await sampleMachine();
    console.log(`round ${round + 1} of ${AB_ROUNDS} (${order.map((s) => s.label).join(" then ")}), ${stateLine(state)}`);
    states.push(state);
    for (const row of rows) {
      const measured = {};
      for (const side of order) {
        let job;
        if (row.checkout) {
          job = { ...side.checkout.job, oneCall: row.checkout === "one-call" && side.checkout.oneCall };
          // Each row's run spends about 100,000 dollars (300 checkouts a second): topped up before
          // it, outside the measurement, or the wallet runs dry after three rounds.
          await topUp(side.server.base, side.checkout.auth, side.checkout.auth.userId, 15);
          await load({ ...job, seconds: Math.min(3, SECONDS) }); // warm-up
        } else if (row.list) {
          const list = side.lists.find((e) => e.key === row.list);
          await warmUp(side.server.base + list.path, list.headers);
          job = { mode: "autocannon", url: side.server.base + list.path, connections: CONNECTIONS, seconds: SECONDS, headers: list.headers };
        } else {
          const url = side.server.base + row.path;
          const headers = row.signedIn ? { cookie: side.auth.cookie } : {};
          await warmUp(url, headers);
          job = { mode: "autocannon", url, connections: CONNECTIONS, seconds: SECONDS, headers };
        }
        const cpuBefore = serverCpuMs(side.server);
        const r = await load({ ...job, seconds: SECONDS });
        const cpuPerRequest = (serverCpuMs(side.server) - cpuBefore) / Math.max(1, r.requests);
        measured[side.label] = { ...r, cpuPerRequest };
      }
      const { A, B } = measured;
      row.rounds.push({ A, B, throughput: B.requestsPerSec / A.requestsPerSec, cpu: A.cpuPerRequest / B.cpuPerRequest });
      console.log(
        `  ${row.name}: A ${fmt(A.requestsPerSec)} req/s ${A.cpuPerRequest.toFixed(2)} ms CPU ${A.errors} errors, B ${fmt(B.requestsPerSec)} req/s ${B.cpuPerRequest.toFixed(2)} ms CPU ${B.errors} errors`,
      );
    }
  }
  const info = machine();
  console.log(
    `\nA/B at scale ${scale}: A = ${sides[0].commit} (this checkout), B = ${sides[1].commit}; ${AB_ROUNDS} rounds, ${SECONDS} s per side, ${CONNECTIONS} connections`,
  );
  console.log(`${info.cpu}, ${info.cores} cores, Node ${info.node}, ${info.pinned}`);
  const header = ["endpoint", "A req/s", "B req/s", "A/B throughput", "A ms CPU/req", "B ms CPU/req", "B/A CPU"];
  const lines = rows.map((row) => {
    row.median = {
      aRps: median(row.rounds.map((r) => r.A.requestsPerSec)),
      bRps: median(row.rounds.map((r) => r.B.requestsPerSec)),
      throughput: median(row.rounds.map((r) => 1 / r.throughput)),
      aCpu: median(row.rounds.map((r) => r.A.cpuPerRequest)),
      bCpu: median(row.rounds.map((r) => r.B.cpuPerRequest)),
      cpu: median(row.rounds.map((r) => 1 / r.cpu)),
    };
    const m = row.median;
    return [row.name, fmt(m.aRps), fmt(m.bRps), fmt(m.throughput, 2), m.aCpu.toFixed(2), m.bCpu.toFixed(2), fmt(m.cpu, 2)];
  });
  printColumns(header, lines, (i) => i === 0);
  console.log("(medians over rounds; A/B throughput above 1 and B/A CPU below 1 mean A is faster)");
  const busyRounds = states.filter((state) => state.busy).length;
  if (busyRounds) console.log(`${busyRounds} of ${states.length} rounds began on a busy machine: the figures are not judgeable; run the bench alone.`);
  // The outbox's cost (TARGETS.outboxThroughputCost): with B = this build with the
  // outbox off, A's checkout throughput over B's must lose at most that fraction.
  const outbox = /(^|,)NOTIFY_OUTBOX=off(,|$)/.test(process.env.BENCH_AB_B_ENV ?? "");
  const outboxVerdicts = [];
  if (outbox)
    for (const row of rows.filter((r) => r.checkout)) {
      const cost = 1 - row.median.aRps / row.median.bRps;
      const met = cost <= TARGETS.outboxThroughputCost && row.rounds.every((r) => r.A.errors === 0 && r.B.errors === 0);
      const judged = verdict(met, busyRounds ? { busy: true } : null);
      outboxVerdicts.push({ row: row.name, cost, met, verdict: judged });
      console.log(
        `the outbox costs ${row.name} ${fmt(cost * 100, 1)}% of its throughput (target <= ${fmt(TARGETS.outboxThroughputCost * 100)}%; CPU a checkout ${row.median.aCpu.toFixed(2)} with, ${row.median.bCpu.toFixed(2)} ms without): ${judged}`,
      );
    }
  writeResults(
    {
      date: new Date().toISOString(),
      scale,
      settings: { seconds: SECONDS, connections: CONNECTIONS, rounds: AB_ROUNDS },
      machine: info,
      sides: sides.map(({ label, dir, commit }) => ({ label, dir, commit })),
      rows: rows.map(({ name, path: p, rounds, median: m }) => ({ name, path: p, rounds, median: m })),
      states,
      outboxVerdicts,
    },
    "ab-",
  );
}
