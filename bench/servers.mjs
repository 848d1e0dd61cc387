// The processes of `npm run bench`: the servers (core 0) and the load generator (bench/load.mjs,
// core 1), pinned with `taskset` when present; what a server costs (its CPU time and memory,
// read from /proc); and fresh seeded databases. This module owns the list of everything the
// bench started, so every exit path stops all of it (stopAll, and the signal handlers
// handleSignals installs). Importing it starts nothing.

import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort, hostScriptIn, spawnNextStart, stopGroup, waitUntilServing } from "../e2e/runners/next-server.mjs";
import { BENCH, ROOT } from "./settings.mjs";

// ---------------------------------------------------------------------------------------------
// Process bookkeeping: everything we start is its own process group, killed on any exit path.

const started = []; // { name, child }: servers and load generators
let stopping = false;
let interrupted = false;
const tempDirs = [];

/**
 * True once a signal has begun stopping the run (its handler exits). Not the end of a run: a
 * scenario's `finally` calls stopAll before its error reaches bench/run.mjs, which then waited
 * forever for a handler that never ran (Node's exit 13, the error unprinted: the PostgreSQL rush).
 */
export const isInterrupted = () => interrupted;

export async function stopAll() {
  stopping = true;
  await Promise.all(started.map(({ child }) => stopGroup(child)));
  started.length = 0;
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
}

/** Stops one server started by startNext (its whole process group). */
export async function stopServer(server) {
  const entry = started.find((e) => e.child === server.child);
  await stopGroup(server.child);
  if (entry) started.splice(started.indexOf(entry), 1);
}

/** Adds a process started elsewhere (its own process group) to those stopped on exit. */
export function track(name, child) {
  started.push({ name, child });
}

/** A fresh folder under the OS's temporary folder, removed by stopAll. */
export function makeTempDir(prefix) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
}

/** On SIGINT or SIGTERM: stop everything started, then exit 130. */
export function handleSignals() {
  for (const signal of ["SIGINT", "SIGTERM"]) {
    process.on(signal, () => {
      if (stopping) return;
      interrupted = true;
      console.error(`\n${signal}: stopping servers`);
      stopAll().finally(() => process.exit(130));
    });
  }
}

// ---------------------------------------------------------------------------------------------
// Pinning: servers on core 0, the load generator on core 1.

let tasksetChecked = null;
/** `taskset` is there and there are 2 cores or more (checked once, when first asked). */
export function hasTaskset() {
  tasksetChecked ??= spawnSync("taskset", ["-V"]).status === 0 && os.availableParallelism() >= 2;
  return tasksetChecked;
}

let pinning = true;
/** `--instances N` (N > 1) pins nothing (see scenarios/instances.mjs). */
export function setPinning(enabled) {
  pinning = enabled;
}

/** The command prefix that runs a process on `core` (none when not pinning). */
const pin = (core) => (pinning && hasTaskset() ? ["taskset", "-c", String(core)] : []);

// ---------------------------------------------------------------------------------------------
// Servers.

/**
 * The memory settings `npm start` gives the production server (package.json "start": V8's heap
 * limits and glibc's MALLOC_ARENA_MAX, which keep its RSS within the 300 MB target), so Nosh
 * is measured as it is deployed.
 */
const START_SCRIPT = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")).scripts.start;
export const START_NODE_FLAGS = START_SCRIPT.match(/--max-[a-z-]+=\d+|--expose-gc/g) ?? [];
export const START_ENV = Object.fromEntries([...START_SCRIPT.matchAll(/\b(MALLOC_[A-Z_]+)=(\S+)/g)].map((m) => [m[1], m[2]]));

/**
 * Nosh's node flags in the main run: `npm start`'s, and with BENCH_CPU_PROF=dir a CPU profile
 * of the whole run written there (node --cpu-prof; `--profile-page` profiles one page alone);
 * BENCH_NODE_FLAGS: more flags for the server (`--heapsnapshot-near-heap-limit=1 --diagnostic-dir=DIR`).
 */
export const NOSH_FLAGS = [
  ...START_NODE_FLAGS,
  ...(process.env.BENCH_CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF)}`] : []),
  ...(process.env.BENCH_NODE_FLAGS?.split(/\s+/).filter(Boolean) ?? []),
];

/** BENCH_PORT=p: the servers listen on p, p+1, ... (a shared machine's port range); else any free port. */
let nextPort = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : null;

/** The next port to listen on (BENCH_PORT's next, or any free port). */
export async function takePort() {
  return nextPort === null ? await freePort() : nextPort++;
}

/**
 * The per-account and per-address limits the bench would trip, off (0) on every server it
 * starts: one bench customer places thousands of orders (the open-order caps, MAX_OPEN_ORDERS and
 * MAX_OPEN_ORDERS_PER_RESTAURANT, answered 429 after the fifth), signs in hundreds of times from
 * one address (the login, signup and guest limits) and may send promo codes (the wrong-code
 * throttle counts only unknown codes; off all the same). The limits are proven by the tests
 * (lib/server/orders/open-orders.test.ts, e2e/checkout/open-orders.api.spec.ts, e2e/auth), not
 * measured here. A scenario's own env still wins.
 */
export const BENCH_LIMITS_OFF = {
  MAX_OPEN_ORDERS: "0",
  MAX_OPEN_ORDERS_PER_RESTAURANT: "0",
  LOGIN_MAX_SUCCESSES_PER_ACCOUNT: "0",
  LOGIN_MAX_SUCCESSES_PER_ADDRESS: "0",
  SIGNUP_MAX_PER_ADDRESS: "0",
  GUEST_MAX_PER_ADDRESS: "0",
  PROMO_WRONG_PER_ACCOUNT: "0",
  PROMO_WRONG_PER_ADDRESS: "0",
};

/**
 * Starts the production server (`dir`'s own host: hostScriptIn) in `dir` on core 0 (with Nosh's start flags unless told, BENCH_LIMITS_OFF) and waits until `readyPath` answers.
 * `port`: the one to listen on (a restart behind a proxy); else takePort's.
 */
export async function startNext(name, dir, env, readyPath, nodeFlags = START_NODE_FLAGS, startEnv = START_ENV, port = null) {
  port ??= await takePort();
  const { child, output } = spawnNextStart({
    port,
    args: ["--keepAliveTimeout", "70000"],
    nodeFlags,
    prefix: pin(0),
    cwd: dir,
    script: hostScriptIn(dir),
    env: { NODE_ENV: "production", ...startEnv, ...BENCH_LIMITS_OFF, ...env },
    tailChars: 1_000_000,
    // --trace-gc writes to stdout: kept with the rest (the rush prints the last full collections).
    captureStdout: nodeFlags.includes("--trace-gc"),
  });
  started.push({ name, child });
  const base = `http://127.0.0.1:${port}`;
  // The first start migrates and seeds the database.
  await waitUntilServing({ url: base + readyPath, child, output, label: name, timeoutMs: 180_000 });
  return { base, port, child, output };
}

/** A fresh data folder seeded at `scale` by `npm run db:seed -- --scale N` (timed). */
export function seedAt(scale, root = ROOT) {
  const dataDir = makeTempDir(`nosh-bench-data-${scale}-`);
  const started = Date.now();
  const seed = spawnSync(
    process.execPath,
    [path.join(root, "node_modules/tsx/dist/cli.mjs"), "--conditions=react-server", "prisma/cli.ts", "seed", "--scale", String(scale)],
    {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
      encoding: "utf8",
    },
  );
  if (seed.status !== 0) throw new Error(`seeding at scale ${scale} failed:\n${seed.stdout}\n${seed.stderr}`);
  return { dataDir, seedSeconds: (Date.now() - started) / 1000 };
}

// ---------------------------------------------------------------------------------------------
// Memory: the host (server/main.mjs) is a thin supervising parent that forks the server (both hold the
// listening socket), so read VmRSS of the deepest descendant that owns the listening socket
// (found via /proc/net/tcp inode -> /proc/<pid>/fd).

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
  for (const pid of descendants(rootPid).reverse()) {
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

/** CPU time (user + system, ms) the listening server process and its job process have used so far, or NaN without /proc. */
export function serverCpuMs(server) {
  const pid = listeningPid(server.child.pid, server.port);
  if (!pid) return NaN;
  // The job process (server/jobs.mjs, forked by the primary under JOBS=process) shares the core and
  // the database: its CPU is the server's too. A job process replaced mid-phase restarts its count.
  const jobs = descendants(server.child.pid).filter((other) => other !== pid && isJobProcess(other));
  return [pid, ...jobs].reduce((sum, one) => sum + cpuOfPid(one), 0);
}

/** utime + stime of one process in ms (fields 14 and 15 of stat(5), in clock ticks: 100 a second on Linux); 0 once it is gone. */
function cpuOfPid(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return 0;
  }
}

function isJobProcess(pid) {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("server/jobs.mjs");
  } catch {
    return false;
  }
}

/** { pid, rssMb, peakMb } of the listening server process, or nulls when /proc is unavailable. */
export function serverMemory(server) {
  const pid = listeningPid(server.child.pid, server.port);
  if (!pid) return { pid: null, rssMb: null, peakMb: null };
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field) => Number(status.match(new RegExp(`^${field}:\\s+(\\d+)`, "m"))?.[1] ?? NaN);
  return { pid, rssMb: Math.round(kb("VmRSS") / 1024), peakMb: Math.round(kb("VmHWM") / 1024) };
}

// ---------------------------------------------------------------------------------------------
// Load: each run is a child process on core 1 (bench/load.mjs), returning one JSON line.

// Asynchronous (not spawnSync) so that SIGINT can stop everything mid-run.
export async function load(job) {
  if (stopping) throw new Error("stopping");
  // A large job (a thousand sessions' cookies) would pass the system's limit on one argument: it
  // goes through a file, named by "@path".
  let argument = JSON.stringify(job);
  if (argument.length > 64 * 1024) {
    const file = path.join(makeTempDir("nosh-bench-job-"), "job.json");
    fs.writeFileSync(file, argument);
    argument = `@${file}`;
  }
  const [command, ...args] = [...pin(1), process.execPath, path.join(BENCH, "load.mjs"), argument];
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

/**
 * Loads `url` as `job` says on core 1 and reads the server's CPU time around it: the row's
 * throughput, latency and `cpuPerRequest` (ms of the server's core a request).
 */
export async function loadWithCpu(server, job) {
  const before = serverCpuMs(server);
  const r = await load(job);
  return { ...r, cpuPerRequest: (serverCpuMs(server) - before) / Math.max(1, r.requests) };
}
