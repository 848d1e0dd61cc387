// @ts-check
// The job process (docs/architecture/host.md "The job process"): the background jobs (dispatch,
// the outbox, webhooks and mail, payment syncs, expiries, housekeeping: lib/server/jobs/) beside
// the web process, on the same database, as `npm start` runs them (JOBS=process). Started and
// restarted by the primary (server/job-process.mjs) once the worker serves, so the database is
// migrated and seeded by then. It runs the app's start-up as the build compiled it
// (.next/server/instrumentation.js, with NOSH_ROLE=jobs: lib/server/jobs/process.ts) without
// Next.js's server: no HTTP, no renders. What it tells the primary, which passes it to the worker:
// JOBS_READY once its jobs are started, each job's run and its SQL time (the worker's /metrics),
// and EVENTS_COMMITTED (its event rows, for the worker's streams). SIGTERM or SIGINT: the jobs'
// timers stop, the passes under way finish (5 s at most), then it exits; so does it when the
// primary is gone.
import { AsyncLocalStorage } from "node:async_hooks";
import { createRequire } from "node:module";
import path from "node:path";
import { EVENTS_COMMITTED, JOBS_STOPPED_EVENT, SHUTDOWN_EVENT } from "../lib/shared/web/host-contract.mjs";
import { installOps } from "../lib/shared/web/registries/ops.mjs";
import { JOBS_FIGURES, JOBS_READY } from "./job-process.mjs";
import { describeError, log, logger } from "./log.mjs";

/** SQL times waiting to go to the worker (sent every second, at most this many a second). */
const MAX_QUERIES = 5_000;

/** @param {unknown} message */
const send = (message) => void (process.connected && process.send?.(message));

function installJobOps() {
  /** @type {[string, number][]} */
  let queries = [];
  setInterval(() => {
    if (!queries.length) return;
    send({ queries });
    queries = [];
  }, 1_000).unref();
  installOps({
    log: logger,
    requestId: () => undefined,
    detached: (work) => work(),
    jobRan: (job, seconds, failed) => send({ jobRan: [job, seconds, failed] }),
    queryTook: (kind, seconds) => void (queries.length < MAX_QUERIES && queries.push([kind, seconds])),
    streamRefusedForHeap: () => {},
    app: null,
  });
}

function stopOnSignal() {
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    process.once(JOBS_STOPPED_EVENT, () => process.exit(0));
    /** @type {import("node:events").EventEmitter} */ (process).emit(SHUTDOWN_EVENT);
    setTimeout(() => process.exit(0), 5_000);
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
  // The primary is gone (killed): no one would stop or replace this process.
  process.once("disconnect", () => process.exit(0));
}

async function runJobs() {
  installJobOps();
  stopOnSignal();
  process.on(EVENTS_COMMITTED, () => send(EVENTS_COMMITTED));
  process.on("message", (message) => {
    if (message !== JOBS_FIGURES) return;
    const cpu = process.cpuUsage();
    send({ jobsFigures: { cpuSeconds: (cpu.user + cpu.system) / 1e6, residentBytes: process.memoryUsage.rss() } });
  });
  // What Next.js's server sets up before it loads the app's code, and the app's start-up reads.
  Object.assign(globalThis, { AsyncLocalStorage: /** @type {{ AsyncLocalStorage?: unknown }} */ (globalThis).AsyncLocalStorage ?? AsyncLocalStorage });
  Object.assign(process.env, { NEXT_RUNTIME: "nodejs", NODE_ENV: process.env.NODE_ENV ?? "production", NOSH_ROLE: "jobs" });
  const started = performance.now();
  const require = createRequire(import.meta.url);
  const { register } = /** @type {{ register: () => Promise<void> }} */ (require(path.join(process.cwd(), ".next", "server", "instrumentation.js")));
  await register();
  send(JOBS_READY);
  log(`job process ${process.pid} running the background jobs (started in ${Math.round(performance.now() - started)} ms)`);
}

runJobs().catch((error) => {
  logger.error(`refusing to start: ${describeError(error)}`);
  process.exit(1);
});
