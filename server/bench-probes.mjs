// @ts-check
// What the dinner rush's bench reads from the worker beside its CPU (bench/scenarios/rush/probes.mjs),
// on only with NOSH_BENCH_PROBES=1, which the bench's servers get and a deployment never sets
// (refused when NOSH_ENV=production). Without it server/worker.mjs does not load this module and
// /bench/probes is Next.js's 404. With it the worker
//   - counts every SQL statement it runs, by its text (better-sqlite3's statements and `exec`,
//     pg's `query`: every statement of Prisma's adapters and of the plain SQL layer passes there),
//     and names the better-sqlite3 ones that held the thread SLOW_STATEMENT_MS or more (synchronous:
//     the event loop waited that long);
//   - sums its garbage collector's pauses (a PerformanceObserver on "gc": the main thread's pauses,
//     not the helper threads' concurrent marking);
//   - watches its event loop's delay (perf_hooks.monitorEventLoopDelay, a timer every
//     LOOP_RESOLUTION_MS: each figure is how late it fired);
//   - reads where its memory is (V8's heap, buffers, V8's own malloc, the C heap's main arena);
//   - profiles its main thread on request (V8's sampling profiler through node:inspector, in-process).
// GET /bench/probes (the /metrics token) answers a snapshot: the counters since the start, and
// the windows (the loop's delay, the longest pause) since the previous snapshot, which it resets.
// GET /bench/probes?profile=start starts a profile, ?profile=stop answers it (a .cpuprofile).
import fs from "node:fs";
import { createRequire } from "node:module";
import v8 from "node:v8";
import path from "node:path";
import { Session } from "node:inspector/promises";
import { constants, monitorEventLoopDelay, PerformanceObserver } from "node:perf_hooks";
import { sendJson } from "./json-errors.mjs";
import { log } from "./log.mjs";

/** @import { IncomingMessage, ServerResponse } from "node:http" */

const LOOP_RESOLUTION_MS = 10;
/** A synchronous statement this long is a long task of its own (the rush's target: none over 20 ms). */
const SLOW_STATEMENT_MS = 20;
/** The profile's sampling interval (µs): node --cpu-prof's default. */
const PROFILE_INTERVAL_US = 1000;

const GC_KINDS = /** @type {Record<number, string>} */ ({
  [constants.NODE_PERFORMANCE_GC_MAJOR]: "major",
  [constants.NODE_PERFORMANCE_GC_MINOR]: "minor",
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: "incremental",
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: "weakcb",
});

/** @typedef {Map<string, { count: number, maxMs: number, ms: number }>} SlowStatements */

/**
 * Wraps the statement methods of better-sqlite3 and pg (as the app resolves them from `cwd`) so
 * that each run adds one to its text's count in `counts`, and a better-sqlite3 run of
 * SLOW_STATEMENT_MS or more to `slow`. A driver that is not installed is skipped. Returns what puts
 * the methods back (the worker never does; a test does).
 * @param {string} cwd @param {Map<string, number>} counts @param {SlowStatements} [slow]
 */
export function countStatements(cwd, counts, slow = new Map()) {
  const count = (/** @type {unknown} */ text) => {
    const key = typeof text === "string" ? text : String(text);
    counts.set(key, (counts.get(key) ?? 0) + 1);
    return key;
  };
  const require = createRequire(path.join(cwd, "package.json"));
  /** @type {(() => void)[]} */
  const undo = [];
  /** @param {any} proto @param {string} name @param {(self: any, args: IArguments) => unknown} textOf @param {boolean} [timed] synchronous: its time is the thread's */
  const wrap = (proto, name, textOf, timed = false) => {
    const original = proto[name];
    undo.push(() => (proto[name] = original));
    proto[name] = function () {
      const text = count(textOf(this, arguments));
      if (!timed) return original.apply(this, arguments);
      const started = performance.now();
      try {
        return original.apply(this, arguments);
      } finally {
        const ms = performance.now() - started;
        if (ms >= SLOW_STATEMENT_MS) {
          const seen = slow.get(text) ?? { count: 0, maxMs: 0, ms: 0 };
          slow.set(text, { count: seen.count + 1, maxMs: Math.max(seen.maxMs, ms), ms: seen.ms + ms });
        }
      }
    };
  };
  try {
    const Database = require("better-sqlite3");
    const db = new Database(":memory:");
    const statement = Object.getPrototypeOf(db.prepare("SELECT 1"));
    db.close();
    for (const name of ["run", "get", "all"]) wrap(statement, name, (self) => self.source, true);
    wrap(statement, "iterate", (self) => self.source);
    wrap(Database.prototype, "exec", (_, args) => args[0], true);
  } catch {}
  try {
    const pg = require("pg");
    wrap(pg.Client.prototype, "query", (_, args) => (typeof args[0] === "string" ? args[0] : args[0]?.text));
  } catch {}
  return () => undo.forEach((put) => put());
}

/** The resident KiB of the mappings named `[heap]` (glibc's main arena: SQLite's and Node's C allocations of the main thread), the rest anonymous, or nulls off Linux. */
function residentByKind() {
  try {
    let heap = 0;
    let anonymous = 0;
    let name = "";
    for (const line of fs.readFileSync("/proc/self/smaps", "utf8").split("\n")) {
      const mapping = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
      if (mapping) name = mapping[1];
      else if (line.startsWith("Rss:")) {
        const kb = Number(line.slice(4).trim().split(/\s+/)[0]);
        if (name === "[heap]") heap += kb;
        else if (name === "") anonymous += kb;
      }
    }
    return { cHeapMb: heap / 1024, otherAnonymousMb: anonymous / 1024 };
  } catch {
    return { cHeapMb: null, otherAnonymousMb: null };
  }
}

/** Where the worker's memory is now (MB). */
function memoryNow() {
  const usage = process.memoryUsage();
  const heap = v8.getHeapStatistics();
  const mb = (/** @type {number} */ bytes) => bytes / 1024 / 1024;
  return {
    rssMb: mb(usage.rss),
    heapTotalMb: mb(usage.heapTotal),
    heapUsedMb: mb(usage.heapUsed),
    externalMb: mb(usage.external),
    arrayBuffersMb: mb(usage.arrayBuffers),
    v8MallocMb: mb(heap.malloced_memory),
    v8MallocPeakMb: mb(heap.peak_malloced_memory),
    ...residentByKind(),
  };
}

/**
 * The worker's probes, or null when the environment does not ask for them (or is production).
 * @param {Record<string, string | undefined>} env
 */
export function benchProbes(env = process.env) {
  if (env.NOSH_BENCH_PROBES !== "1") return null;
  if (env.NOSH_ENV === "production") {
    log("NOSH_BENCH_PROBES ignored: the bench's probes are never on in production");
    return null;
  }
  /** @type {Map<string, number>} */
  const statements = new Map();
  /** The statements of SLOW_STATEMENT_MS or more since the last snapshot. @type {SlowStatements} */
  const slow = new Map();
  const uncount = countStatements(process.cwd(), statements, slow);
  /** @type {Record<string, { count: number, ms: number }>} */
  const byKind = {};
  const gc = { count: 0, ms: 0, windowMaxMs: 0, byKind };
  const gcObserver = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const kind = GC_KINDS[/** @type {{ detail?: { kind: number } }} */ (entry).detail?.kind ?? -1] ?? "other";
      gc.count++;
      gc.ms += entry.duration;
      gc.windowMaxMs = Math.max(gc.windowMaxMs, entry.duration);
      const k = (gc.byKind[kind] ??= { count: 0, ms: 0 });
      k.count++;
      k.ms += entry.duration;
    }
  });
  gcObserver.observe({ entryTypes: ["gc"] });
  const loop = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
  loop.enable();
  /** @type {Session | null} */
  let profiler = null;
  log(`bench probes on in worker ${process.pid}: SQL statements by text, GC pauses, event loop delay, CPU profile on request`);

  /** The counters and the windows since the last snapshot (reset here). */
  const snapshot = () => {
    // How late the loop's timer fired, past its own interval (ms).
    const late = (/** @type {number} */ ns) => Math.max(0, ns / 1e6 - LOOP_RESOLUTION_MS);
    const out = {
      pid: process.pid,
      statements: { total: [...statements.values()].reduce((n, c) => n + c, 0), byText: Object.fromEntries(statements), slow: Object.fromEntries(slow) },
      gc: { count: gc.count, ms: gc.ms, byKind: structuredClone(gc.byKind), windowMaxMs: gc.windowMaxMs },
      memory: memoryNow(),
      loop: {
        resolutionMs: LOOP_RESOLUTION_MS,
        samples: loop.count,
        p50Ms: loop.count ? late(loop.percentile(50)) : null,
        p99Ms: loop.count ? late(loop.percentile(99)) : null,
        maxMs: loop.count ? late(loop.max) : null,
      },
    };
    loop.reset();
    slow.clear();
    gc.windowMaxMs = 0;
    return out;
  };

  /** @param {"start" | "stop"} action */
  const profile = async (action) => {
    if (action === "start") {
      if (profiler) return null;
      profiler = new Session();
      profiler.connect();
      await profiler.post("Profiler.enable");
      await profiler.post("Profiler.setSamplingInterval", { interval: PROFILE_INTERVAL_US });
      await profiler.post("Profiler.start");
      return null;
    }
    if (!profiler) return null;
    const { profile: taken } = await profiler.post("Profiler.stop");
    profiler.disconnect();
    profiler = null;
    return taken;
  };

  return {
    snapshot,
    /** Everything off again (the worker never calls it; a test does). */
    stop() {
      uncount();
      gcObserver.disconnect();
      loop.disable();
      profiler?.disconnect();
    },
    /** Answers GET /bench/probes (the caller checked the token). @param {IncomingMessage} req @param {ServerResponse} res */
    async serve(req, res) {
      const action = new URL(String(req.url), "http://host").searchParams.get("profile");
      if (action === "start" || action === "stop") {
        const taken = await profile(action);
        if (action === "start") return void res.writeHead(204, { "Cache-Control": "no-store" }).end();
        if (!taken) return sendJson(res, 409, { message: "No profile is running" });
        const body = JSON.stringify(taken);
        res.writeHead(200, { "Content-Type": "application/json", "Cache-Control": "no-store", "Content-Length": Buffer.byteLength(body) });
        return void res.end(body);
      }
      sendJson(res, 200, snapshot(), { "Cache-Control": "no-store" });
    },
  };
}

/** @typedef {NonNullable<ReturnType<typeof benchProbes>>} BenchProbes */
