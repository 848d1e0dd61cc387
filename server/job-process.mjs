// @ts-check
// The job process's two ends of the host (docs/architecture/host.md "The job process"; the
// process itself: server/jobs.mjs). The primary forks it once the worker first serves, replaces
// it when it dies (100 ms backoff, growing to 5 s while it keeps dying young), stops it with the
// worker, and passes what it says on to the worker: each job's run and SQL time (the worker's
// /metrics) and EVENTS_COMMITTED, which the worker emits as EVENTS_ELSEWHERE for its hub. A job
// process that exits before its jobs started (its start-up refused the configuration) stops the
// server as a worker's does. Node's flags reach it as they reach the worker, but the inspector's:
// its port is the primary's and the worker's.
import { fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import { EVENTS_COMMITTED, EVENTS_ELSEWHERE } from "../lib/shared/web/host-contract.mjs";
import { log } from "./log.mjs";

/** What the job process tells the primary once its jobs are started. */
export const JOBS_READY = "nosh:jobs-ready";
/** What the primary asks the job process at a scrape of /metrics: it answers `{ jobsFigures }`. */
export const JOBS_FIGURES = "nosh:jobs-figures";

/** @typedef {{ cpuSeconds: number, residentBytes: number }} JobsFigures */

/** How long a scrape waits for the job process's figures. */
const FIGURES_TIMEOUT_MS = 1_000;

/**
 * The primary's side: starts the job process and keeps one running until `stop`.
 * @param {{ toWorker: (message: unknown) => void, gone: () => void, failed: (code: number) => void }} host
 *   `toWorker` passes a message on to the current worker; `gone` is called once it has exited
 *   after `stop`; `failed` when it exits before it ever started its jobs (the server then stops).
 */
export function superviseJobProcess({ toWorker, gone, failed }) {
  /** @type {import("node:child_process").ChildProcess | null} */
  let child = null;
  let stopping = false;
  let restarts = 0;
  let backoffMs = 50;
  /** @type {Set<(figures: JobsFigures | null) => void>} */
  const asking = new Set();
  const execArgv = process.execArgv.filter((flag) => !/^--inspect(-brk|-port)?(=|$)/.test(flag));

  const start = () => {
    const startedAt = Date.now();
    let ready = false;
    const forked = fork(fileURLToPath(new URL("./jobs.mjs", import.meta.url)), [], { execArgv, env: { ...process.env, NOSH_ROLE: "jobs" } });
    child = forked;
    forked.on("message", (message) => {
      if (message === JOBS_READY) ready = true;
      else if (message === EVENTS_COMMITTED) toWorker(EVENTS_COMMITTED);
      else if (message && typeof message === "object" && "jobsFigures" in message) {
        for (const answer of asking) answer(/** @type {JobsFigures} */ (message.jobsFigures));
        asking.clear();
      } else if (message && typeof message === "object" && ("jobRan" in message || "queries" in message)) toWorker(message);
    });
    forked.once("exit", (code, signal) => {
      child = null;
      if (stopping) return gone();
      if (!ready) {
        log(`the job process exited (${signal ?? `code ${code}`}) before it started its jobs; stopping`);
        return failed(code || 1);
      }
      backoffMs = Date.now() - startedAt > 30_000 ? 100 : Math.min(backoffMs * 2, 5_000);
      log(`the job process (pid ${forked.pid}) exited (${signal ?? `code ${code}`}); starting a new one in ${backoffMs} ms`);
      restarts++;
      setTimeout(() => stopping || start(), backoffMs);
    });
  };
  start();

  return {
    /** Stops the job process (the passes under way finish first, 5 s at most). @param {NodeJS.Signals} signal */
    stop(signal) {
      stopping = true;
      child?.kill(signal);
    },
    /** Whether a job process is running (or exiting). */
    get alive() {
      return child !== null;
    },
    /** The job process's figures for the primary's lines of /metrics (null when it does not answer). @returns {Promise<JobsFigures | null>} */
    figures() {
      if (!child?.connected) return Promise.resolve(null);
      return new Promise((resolve) => {
        asking.add(resolve);
        if (asking.size === 1) child?.send(JOBS_FIGURES);
        setTimeout(() => asking.delete(resolve) && resolve(null), FIGURES_TIMEOUT_MS).unref();
      });
    },
    get restarts() {
      return restarts;
    },
  };
}

/**
 * The primary's lines of /metrics for the job process, appended to its own.
 * @param {JobsFigures | null} figures @param {number} restarts
 */
export function jobsMetrics(figures, restarts) {
  /** @type {[string, "gauge" | "counter", string, number | undefined][]} */
  const lines = [
    ["nosh_jobs_process_resident_memory_bytes", "gauge", "The job process's resident memory", figures?.residentBytes],
    ["nosh_jobs_process_cpu_seconds_total", "counter", "The job process's CPU time (user and system)", figures?.cpuSeconds],
    ["nosh_jobs_process_restarts_total", "counter", "Job processes started again after one died", restarts],
  ];
  return lines
    .filter(([, , , value]) => value !== undefined)
    .map(([name, type, help, value]) => `# HELP ${name} ${help}\n# TYPE ${name} ${type}\n${name} ${value}\n`)
    .join("");
}

/**
 * The worker's side: what the primary passes on from the job process, into the worker's metrics
 * and, for its event rows, into the hub (EVENTS_ELSEWHERE, lib/server/platform/local-writes.ts).
 * @param {{ jobRan: (job: string, seconds: number, failed: boolean) => void, queryTook: (kind: string, seconds: number) => void }} metrics
 */
export function hearJobProcess(metrics) {
  process.on("message", (message) => {
    if (message === EVENTS_COMMITTED) /** @type {import("node:events").EventEmitter} */ (process).emit(EVENTS_ELSEWHERE);
    else if (message && typeof message === "object") {
      if ("jobRan" in message && Array.isArray(message.jobRan)) {
        const [job, seconds, failed] = message.jobRan;
        metrics.jobRan(String(job), Number(seconds), Boolean(failed));
      } else if ("queries" in message && Array.isArray(message.queries)) {
        for (const [kind, seconds] of message.queries) metrics.queryTook(String(kind), Number(seconds));
      }
    }
  });
}
