// `npm run bench` (issue 9): loads Nosh's production build and a bare Next.js route handler on
// the same machine and prints each endpoint's throughput as a ratio of the bare handler's.
//
// Servers run on core 0 and the load generator on core 1 (`taskset`, when present), so the
// numbers measure one server core rather than how the OS shares cores between the two.
// Scale 1 only (the demo data seeded at start-up); scale 10 seeding, the scale 1 vs 10 ratio,
// Lighthouse and the EXPLAIN QUERY PLAN test are not part of this script yet.
//
// Environment: BENCH_SECONDS (default 10) per endpoint, BENCH_CONNECTIONS (default 50),
// BENCH_CHECKOUT_CONCURRENCY (default 20), BENCH_RECAPTURE=1 to re-capture the baseline's JSON.
// Exits non-zero only when the bench itself fails, never for a missed target.

import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");
const BENCH = path.join(ROOT, "bench");
const NEXT_BIN = path.join(ROOT, "node_modules/next/dist/bin/next");
const CONSTANT_JSON = path.join(BENCH, "baseline/constant.json");

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const CHECKOUT_CONCURRENCY = Number(process.env.BENCH_CHECKOUT_CONCURRENCY ?? 20);
const DEMO_CUSTOMER = 3; // a seeded demo customer (not a restaurant owner) with orders
const RESTAURANT = 1;

// The targets (one core for the server, one for the load).
const TARGETS = { readRatio: 0.5, readP99Ms: 50, checkoutPerSec: 150, rssMb: 300 };
const OUT_OF_SCOPE = "scale 10 seeding and the scale 1/10 p50 ratio, the EXPLAIN QUERY PLAN test, Lighthouse and bundle budgets";

const HAS_TASKSET = spawnSync("taskset", ["-V"]).status === 0 && os.availableParallelism() >= 2;
const pinned = (core, command, args) => (HAS_TASKSET ? ["taskset", ["-c", String(core), command, ...args]] : [command, args]);

// ---------------------------------------------------------------------------------------------
// Process bookkeeping: everything we start is its own process group, killed on any exit path.

const started = []; // { name, child }: servers and load generators
let stopping = false;
const tempDirs = [];

async function stopAll() {
  stopping = true;
  for (const { child } of started) {
    if (child.exitCode === null && child.signalCode === null) {
      try {
        process.kill(-child.pid, "SIGTERM"); // the group: `next start` forks the real server
      } catch {}
    }
  }
  const deadline = Date.now() + 5000;
  for (const { child } of started) {
    while (child.exitCode === null && child.signalCode === null && Date.now() < deadline) await sleep(100);
    try {
      process.kill(-child.pid, "SIGKILL");
    } catch {}
  }
  started.length = 0;
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
}

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    if (stopping) return;
    console.error(`\n${signal}: stopping servers`);
    stopAll().finally(() => process.exit(130));
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Starts `next start` in `dir` on core 0 and waits until `readyPath` answers. */
async function startNext(name, dir, env, readyPath) {
  const port = await freePort();
  const [command, args] = pinned(0, process.execPath, [NEXT_BIN, "start", "-p", String(port), "-H", "127.0.0.1", "--keepAliveTimeout", "70000"]);
  const child = spawn(command, args, {
    cwd: dir,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", NODE_ENV: "production", ...env },
    detached: true, // own process group, so stopAll() reaches the forked server too
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk) => (stderr = (stderr + chunk).slice(-4000)));
  started.push({ name, child });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000; // first start migrates and seeds the database
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}:\n${stderr}`);
    try {
      const response = await fetch(base + readyPath);
      await response.arrayBuffer();
      // Any answer below 500 means it is serving (GET /api/auth/ is 401 when signed out).
      if (response.status < 500) return { base, port, child };
    } catch {}
    await sleep(250);
  }
  throw new Error(`${name} did not answer ${readyPath} within 180 s:\n${stderr}`);
}

// ---------------------------------------------------------------------------------------------
// Memory: `next start` is a thin parent that forks the server, so read VmRSS of the descendant
// that owns the listening socket (found via /proc/net/tcp inode -> /proc/<pid>/fd).

function listeningPid(rootPid, port) {
  const hexPort = port.toString(16).toUpperCase().padStart(4, "0");
  const inodes = new Set();
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    let text = "";
    try {
      text = fs.readFileSync(table, "utf8");
    } catch {
      continue;
    }
    for (const line of text.split("\n").slice(1)) {
      const cols = line.trim().split(/\s+/);
      if (cols.length > 9 && cols[1].endsWith(`:${hexPort}`) && cols[3] === "0A") inodes.add(`socket:[${cols[9]}]`);
    }
  }
  for (const pid of descendants(rootPid)) {
    let fds = [];
    try {
      fds = fs.readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        if (inodes.has(fs.readlinkSync(`/proc/${pid}/fd/${fd}`))) return pid;
      } catch {}
    }
  }
  return null;
}

function descendants(rootPid) {
  const children = new Map();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // Field 4 of /proc/<pid>/stat is the parent pid; the name in (...) may contain spaces.
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (!children.has(ppid)) children.set(ppid, []);
      children.get(ppid).push(Number(entry));
    } catch {}
  }
  const out = [rootPid];
  for (let i = 0; i < out.length; i++) out.push(...(children.get(out[i]) ?? []));
  return out;
}

/** { pid, rssMb, peakMb } of the listening server process, or nulls when /proc is unavailable. */
function serverMemory(server) {
  const pid = listeningPid(server.child.pid, server.port);
  if (!pid) return { pid: null, rssMb: null, peakMb: null };
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field) => Number(status.match(new RegExp(`^${field}:\\s+(\\d+)`, "m"))?.[1] ?? NaN);
  return { pid, rssMb: Math.round(kb("VmRSS") / 1024), peakMb: Math.round(kb("VmHWM") / 1024) };
}

// ---------------------------------------------------------------------------------------------
// Load: each run is a child process on core 1 (bench/load.mjs), returning one JSON line.

// Asynchronous (not spawnSync) so that SIGINT can stop everything mid-run.
async function load(job) {
  if (stopping) throw new Error("stopping");
  const [command, args] = pinned(1, process.execPath, [path.join(BENCH, "load.mjs"), JSON.stringify(job)]);
  const child = spawn(command, args, { cwd: ROOT, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  const entry = { name: "load", child };
  started.push(entry);
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => (stdout += chunk));
  child.stderr.on("data", (chunk) => (stderr = (stderr + chunk).slice(-4000)));
  const code = await new Promise((resolve) => child.on("close", resolve));
  started.splice(started.indexOf(entry), 1);
  if (code !== 0) throw new Error(`load generator failed (${code}):\n${stderr}`);
  return JSON.parse(stdout);
}

/** A short warm-up so JIT compilation and first-request work are not measured. */
async function warmUp(url, headers = {}) {
  for (let i = 0; i < 50; i++) await (await fetch(url, { headers })).arrayBuffer();
}

// ---------------------------------------------------------------------------------------------
// Session: the demo login needs the double-submit XSRF pair (see proxy.ts).

function cookiesOf(response) {
  return Object.fromEntries(response.headers.getSetCookie().map((c) => c.split(";")[0].split(/=(.*)/s).slice(0, 2)));
}

async function signIn(base) {
  const first = await fetch(`${base}/api/auth/`);
  await first.arrayBuffer();
  const xsrf = cookiesOf(first)["XSRF-TOKEN"];
  if (!xsrf) throw new Error("no XSRF-TOKEN cookie from GET /api/auth/");
  const login = await fetch(`${base}/api/users/demo/${DEMO_CUSTOMER}`, {
    method: "POST",
    headers: { cookie: `XSRF-TOKEN=${xsrf}`, "XSRF-Token": xsrf },
  });
  if (!login.ok) throw new Error(`demo login failed: ${login.status} ${await login.text()}`);
  await login.arrayBuffer();
  const session = cookiesOf(login).nosh_session;
  if (!session) throw new Error("no nosh_session cookie from the demo login");
  return { xsrf, cookie: `XSRF-TOKEN=${xsrf}; nosh_session=${session}` };
}

// ---------------------------------------------------------------------------------------------
// Baseline: bench/baseline is copied to /tmp/nosh-bench-baseline-<content hash>/ and built
// there, so no build output lands in the repo (where lint and typecheck would pick it up); a
// later run with the same content reuses that build. Two Turbopack quirks decide the details:
// built inside the repo it adopts the repo's proxy.ts and instrumentation.ts (the workspace
// root is the repo), and built in /tmp it will not follow a symlinked node_modules. So the
// baseline is built with webpack (`next build --webpack`), which follows the symlink; the
// bundler makes no difference to a handler that serialises a constant.

function buildBaseline() {
  const source = path.join(BENCH, "baseline");
  const files = ["next.config.mjs", "constant.json", "app/layout.tsx", "app/api/constant/route.ts"];
  const hash = createHash("sha256");
  for (const file of files) hash.update(file).update(fs.readFileSync(path.join(source, file)));
  hash.update(fs.readFileSync(path.join(ROOT, "node_modules/next/package.json")));
  const dir = path.join(os.tmpdir(), `nosh-bench-baseline-${hash.digest("hex").slice(0, 12)}`);
  if (fs.existsSync(path.join(dir, ".next/BUILD_ID"))) return dir;
  fs.rmSync(dir, { recursive: true, force: true });
  for (const file of files) fs.cpSync(path.join(source, file), path.join(dir, file));
  fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(dir, "node_modules"), "dir");
  console.log(`building the baseline app in ${dir} ...`);
  const build = spawnSync(process.execPath, [NEXT_BIN, "build", "--webpack"], { cwd: dir, env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" }, encoding: "utf8" });
  if (build.status !== 0) throw new Error(`baseline build failed:\n${build.stdout}\n${build.stderr}`);
  return dir;
}

// ---------------------------------------------------------------------------------------------

function machine() {
  const commit = spawnSync("git", ["rev-parse", "--short", "HEAD"], { cwd: ROOT, encoding: "utf8" }).stdout.trim();
  return {
    cpu: os.cpus()[0]?.model ?? "unknown",
    cores: os.availableParallelism(),
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    os: `${os.type()} ${os.release()}`,
    node: process.version,
    next: JSON.parse(fs.readFileSync(path.join(ROOT, "node_modules/next/package.json"), "utf8")).version,
    commit,
    pinned: HAS_TASKSET ? "servers on core 0, load on core 1" : "not pinned (no taskset or fewer than 2 cores)",
  };
}

const fmt = (n, digits = 0) => (n === null || n === undefined || Number.isNaN(n) ? "-" : n.toFixed(digits));

function printTable(rows) {
  const header = ["endpoint", "req/s", "p50 ms", "p99 ms", "errors", "x base", "target", ""];
  const lines = rows.map((r) => [r.name, fmt(r.requestsPerSec), fmt(r.p50), fmt(r.p99), String(r.errors), r.ratio === null ? "-" : fmt(r.ratio, 2), r.target ?? "", r.met === undefined ? "" : r.met ? "met" : "MISSED"]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const line = (cols) => cols.map((c, i) => (i === 0 || i >= 6 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ");
  console.log(line(header));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const l of lines) console.log(line(l));
}

async function main() {
  if (!fs.existsSync(path.join(ROOT, ".next/BUILD_ID"))) {
    console.log("no production build: running npm run build ...");
    const build = spawnSync("npm", ["run", "build"], { cwd: ROOT, stdio: "inherit" });
    if (build.status !== 0) throw new Error("npm run build failed");
  }

  // Nosh on a fresh database: the app migrates and seeds the demo data (scale 1) at start-up.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "nosh-bench-data-"));
  tempDirs.push(dataDir);
  console.log("starting Nosh (production build, fresh database) ...");
  const nosh = await startNext("nosh", ROOT, { DATA_DIR: dataDir, BCRYPT_COST: "4" }, "/api/auth/");

  // The baseline returns what GET /api/restaurants/?limit=20 returns; capture it once.
  const listUrl = `${nosh.base}/api/restaurants?limit=20`;
  const listBody = await (await fetch(listUrl)).text();
  if (!fs.existsSync(CONSTANT_JSON) || process.env.BENCH_RECAPTURE === "1") {
    fs.writeFileSync(CONSTANT_JSON, JSON.stringify(JSON.parse(listBody), null, 2) + "\n");
    console.log(`captured ${listBody.length} bytes of GET /api/restaurants/?limit=20 into bench/baseline/constant.json`);
  }
  const baselineDir = buildBaseline();
  console.log("starting the bare baseline ...");
  const baseline = await startNext("baseline", baselineDir, {}, "/api/constant");
  const baselineBytes = (await (await fetch(`${baseline.base}/api/constant`)).text()).length;

  const auth = await signIn(nosh.base);
  const menu = await (await fetch(`${nosh.base}/api/menu-items?restaurantId=${RESTAURANT}`)).json();
  const menuItems = Array.isArray(menu) ? menu : (menu.menuItems ?? menu.items ?? Object.values(menu).find(Array.isArray) ?? []);
  if (!menuItems.length) throw new Error(`no menu items for restaurant ${RESTAURANT}: ${JSON.stringify(menu).slice(0, 200)}`);
  const items = menuItems.slice(0, 2).map((item) => ({ menuItemId: item.id, quantity: 1 }));

  const endpoints = [
    { name: "bare Next.js handler (baseline)", server: baseline, path: "/api/constant" },
    // The canonical URLs have no trailing slash: `/api/restaurants/?limit=20` is a 308 to them.
    { name: "GET /api/restaurants?limit=20", path: "/api/restaurants?limit=20", read: true },
    { name: `GET /api/restaurants/${RESTAURANT}`, path: `/api/restaurants/${RESTAURANT}`, read: true },
    { name: `GET /api/menu-items?restaurantId=${RESTAURANT}`, path: `/api/menu-items?restaurantId=${RESTAURANT}`, read: true },
    { name: "GET /api/orders (signed in)", path: "/api/orders", read: true, signedIn: true },
    { name: "GET /home (HTML)", path: "/home", read: true, signedIn: true },
    { name: `GET /restaurants/${RESTAURANT} (HTML)`, path: `/restaurants/${RESTAURANT}`, read: true, signedIn: true },
  ];

  // Every endpoint must answer 200 before it is loaded; a redirect or error would be measured
  // as a (misleadingly fast) error page otherwise.
  for (const e of endpoints) {
    const response = await fetch((e.server ?? nosh).base + e.path, { headers: e.signedIn ? { cookie: auth.cookie } : {}, redirect: "manual" });
    const body = await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${e.path} answered ${response.status}, not 200`);
    e.bytes = body.byteLength;
  }

  const idle = { nosh: serverMemory(nosh), baseline: serverMemory(baseline) };
  console.log(`idle RSS: Nosh ${idle.nosh.rssMb} MB, baseline ${idle.baseline.rssMb} MB; ${SECONDS} s per endpoint at ${CONNECTIONS} connections\n`);

  const rows = [];
  for (const e of endpoints) {
    const url = (e.server ?? nosh).base + e.path;
    const headers = e.signedIn ? { cookie: auth.cookie } : {};
    await warmUp(url, headers);
    process.stdout.write(`  ${e.name} ... `);
    const r = await load({ mode: "autocannon", url, connections: CONNECTIONS, seconds: SECONDS, headers });
    console.log(`${fmt(r.requestsPerSec)} req/s`);
    rows.push({ name: e.name, path: e.path, bytes: e.bytes, ...r });
  }

  process.stdout.write(`  checkout (create + submit, ${CHECKOUT_CONCURRENCY} concurrent) ... `);
  const checkout = await load({ mode: "checkout", base: nosh.base, cookie: auth.cookie, xsrf: auth.xsrf, restaurantId: RESTAURANT, items, concurrency: CHECKOUT_CONCURRENCY, seconds: SECONDS });
  console.log(`${fmt(checkout.requestsPerSec)} checkouts/s`);
  rows.push({ name: "checkout: create + submit (orders/s)", ...checkout });

  const after = { nosh: serverMemory(nosh), baseline: serverMemory(baseline) };

  // Ratios and targets.
  const base = rows[0].requestsPerSec;
  for (const [i, r] of rows.entries()) {
    const e = endpoints[i];
    r.ratio = e ? r.requestsPerSec / base : null; // the baseline row is 1.00 by definition
    if (e?.read) {
      r.target = `>= ${TARGETS.readRatio}x, p99 <= ${TARGETS.readP99Ms}`;
      r.met = r.ratio >= TARGETS.readRatio && r.p99 <= TARGETS.readP99Ms && r.errors === 0;
    }
  }
  checkout.target = `>= ${TARGETS.checkoutPerSec}/s, 0 errors`;
  rows.at(-1).target = checkout.target;
  rows.at(-1).met = checkout.requestsPerSec >= TARGETS.checkoutPerSec && checkout.errors === 0;
  const rssMet = after.nosh.rssMb !== null && Math.max(idle.nosh.rssMb, after.nosh.rssMb) <= TARGETS.rssMb;

  const info = machine();
  console.log(`\nNosh bench, scale 1 (demo data), ${SECONDS} s per endpoint, ${CONNECTIONS} connections (checkout: ${CHECKOUT_CONCURRENCY})`);
  console.log(`${info.cpu}, ${info.cores} cores, ${info.os}, Node ${info.node}, Next ${info.next}, ${info.pinned}, commit ${info.commit}`);
  console.log(`baseline body ${baselineBytes} B vs GET /api/restaurants?limit=20 ${listBody.length} B\n`);
  printTable(rows);
  console.log(
    `\nserver RSS: idle ${idle.nosh.rssMb} MB, after ${after.nosh.rssMb} MB (peak ${after.nosh.peakMb} MB); target <= ${TARGETS.rssMb} MB: ${rssMet ? "met" : "MISSED"}` +
      `  [baseline: idle ${idle.baseline.rssMb} MB, after ${after.baseline.rssMb} MB]`,
  );
  if (checkout.errorSamples?.length) console.log(`checkout errors, first ${checkout.errorSamples.length}:\n  ${checkout.errorSamples.join("\n  ")}`);
  console.log(`not measured yet (issue 9): ${OUT_OF_SCOPE}`);

  const results = {
    date: new Date().toISOString(),
    scale: 1,
    settings: { seconds: SECONDS, connections: CONNECTIONS, checkoutConcurrency: CHECKOUT_CONCURRENCY },
    machine: info,
    targets: TARGETS,
    endpoints: rows,
    memory: { idle, after, targetMet: rssMet },
    notMeasured: OUT_OF_SCOPE,
  };
  const outDir = path.join(BENCH, "results");
  fs.mkdirSync(outDir, { recursive: true });
  const file = path.join(outDir, `${results.date.replace(/[:.]/g, "-")}.json`);
  fs.writeFileSync(file, JSON.stringify(results, null, 2) + "\n");
  console.log(`\nwrote ${path.relative(ROOT, file)}`);
}

try {
  await main();
  await stopAll();
} catch (error) {
  if (stopping) await new Promise(() => {}); // interrupted: the signal handler stops and exits
  console.error(`\nbench failed: ${error?.stack ?? error}`);
  await stopAll();
  process.exit(1);
}
