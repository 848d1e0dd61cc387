// @ts-check
// The primary: supervision only (never loads Next.js). It forks one worker (server/worker.mjs),
// which runs Next.js, and forks a new one when it dies (100 ms backoff, growing to 5 s while
// workers keep dying young). A worker that exits before it ever served (bad configuration:
// instrumentation.ts exits 1) makes the primary exit with the same code: retrying cannot fix a
// configuration. Once the worker first serves, JOBS=process (the default) starts the job process
// beside it, supervised the same way (server/job-process.mjs). SIGTERM/SIGINT stop both, then the
// primary. Node's flags
// (--max-old-space-size ...) and the environment reach the worker unchanged (cluster forks with
// the primary's execArgv). The worker accepts connections itself (SCHED_NONE: no hop through the
// primary); Node closes the listening socket when its last worker dies, so connections are
// refused for the second or two a new worker needs to start.
import cluster from "node:cluster";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { chooseAllocator } from "./allocator.mjs";
import { jobsMetrics, superviseJobProcess } from "./job-process.mjs";
import { log } from "./log.mjs";

/** What a worker tells the primary once it has answered its first request (server/lifecycle.mjs). */
export const READY = "nosh:ready";
/** What a worker asks for its scrape of /metrics (server/ops.mjs): the primary answers `{ primaryMetrics }`. */
export const ASK_PRIMARY_METRICS = "nosh:primary-metrics";

/**
 * The primary's own figures in Prometheus text (written by hand: the primary loads no
 * prom-client, it stays as small as Node), appended to the worker's scrape.
 * @param {{ restarts: number, startedAt: number }} state
 */
export function primaryMetrics({ restarts, startedAt }) {
  const cpu = process.cpuUsage();
  /** @type {[string, "gauge" | "counter", string, number][]} */
  const lines = [
    ["nosh_primary_resident_memory_bytes", "gauge", "The primary's resident memory", process.memoryUsage.rss()],
    ["nosh_primary_cpu_seconds_total", "counter", "The primary's CPU time (user and system)", (cpu.user + cpu.system) / 1e6],
    ["nosh_primary_start_time_seconds", "gauge", "When the primary started (Unix seconds)", startedAt / 1000],
    ["nosh_primary_worker_restarts_total", "counter", "Workers started again after one died", restarts],
  ];
  return lines.map(([name, type, help, value]) => `# HELP ${name} ${help}\n# TYPE ${name} ${type}\n${name} ${value}\n`).join("");
}

/** Where each running server leaves its pid (`npm run restore` refuses while one is alive): <DATA_DIR>/.servers/<pid>. */
export const serversDir = (env = process.env) => path.resolve(env.DATA_DIR ?? "data", ".servers");

/** Marks this server as running in its data folder until it exits. */
function markRunning() {
  const file = path.join(serversDir(), String(process.pid));
  try {
    // Made private (0700) like the rest of the data folder (lib/edge/private-files.ts).
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    writeFileSync(file, `${process.pid}\n`, { mode: 0o600 });
    process.on("exit", () => rmSync(file, { force: true }));
  } catch (error) {
    log(`could not mark the data folder as in use (${error instanceof Error ? error.message : error}): npm run restore will not see this server`);
  }
}

/** @param {import("./settings.mjs").Settings} settings */
export function runPrimary(settings) {
  markRunning();
  // The worker and the job process are forked with this environment: jemalloc when installed (server/allocator.mjs).
  const allocator = chooseAllocator(process.env);
  if (allocator.preload) process.env.LD_PRELOAD = allocator.preload;
  log(`the worker's memory allocator: ${allocator.note}`);
  cluster.schedulingPolicy = cluster.SCHED_NONE;
  let stopping = false;
  /** @type {import("node:cluster").Worker | null} */
  let worker = null;
  let backoffMs = 50;
  const figures = { restarts: 0, startedAt: Date.now() };
  /** @type {ReturnType<typeof superviseJobProcess> | null} */
  let jobs = null;
  // The worker runs only the jobs whose work waits in its memory beside a job process, or with none (JOBS=off).
  const env = settings.jobs === "inline" ? {} : { NOSH_ROLE: "web" };
  let exitCode = 0;
  /** Once stopping: exits when the worker and the job process are both gone. */
  const exitWhenAlone = () => void (!worker && !jobs?.alive && process.exit(exitCode));
  /** Stops the server: both children, then the primary. @param {NodeJS.Signals} signal @param {number} code */
  const stopAll = (signal, code = 0) => {
    stopping = true;
    exitCode ||= code;
    jobs?.stop(signal);
    // Next.js may wait for keep-alive connections; the worker gives up after its grace period.
    worker?.process.kill(signal);
    exitWhenAlone();
  };
  const startJobs = () => {
    if (jobs || settings.jobs !== "process" || stopping) return;
    jobs = superviseJobProcess({
      toWorker: (message) => void (worker?.isConnected() && worker.send(/** @type {import("node:child_process").Serializable} */ (message))),
      gone: exitWhenAlone,
      failed: (code) => stopAll("SIGTERM", code),
    });
  };

  const fork = () => {
    const startedAt = Date.now();
    let ready = false;
    const forked = cluster.fork(env);
    worker = forked;
    const pid = forked.process.pid;
    forked.on("message", (message) => {
      if (message === READY) {
        ready = true;
        startJobs();
      } else if (message === ASK_PRIMARY_METRICS) {
        const own = primaryMetrics(figures);
        if (!jobs) forked.send({ primaryMetrics: own });
        else void jobs.figures().then((found) => forked.isConnected() && forked.send({ primaryMetrics: own + jobsMetrics(found, jobs?.restarts ?? 0) }));
      }
    });
    forked.once("exit", (code, signal) => {
      worker = null;
      if (stopping) return exitWhenAlone();
      if (!ready) {
        log(`the server exited (${signal ?? `code ${code}`}) before it served; not restarting`);
        return stopAll("SIGTERM", code || 1);
      }
      backoffMs = Date.now() - startedAt > 30_000 ? 100 : Math.min(backoffMs * 2, 5_000);
      log(`the server (pid ${pid}) exited (${signal ?? `code ${code}`}); starting a new one in ${backoffMs} ms`);
      figures.restarts++;
      setTimeout(fork, backoffMs);
    });
  };

  /** @param {NodeJS.Signals} signal */
  const stop = (signal) => void (!stopping && stopAll(signal));
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
  log(
    `primary ${process.pid}${settings.dev ? " (development)" : ""}: headersTimeout ${settings.headersTimeoutMs} ms, requestTimeout ${settings.requestTimeoutMs} ms, ` +
      `keepAliveTimeout ${settings.keepAliveTimeoutMs} ms, maxConnections ${settings.maxConnections}, max body ${settings.maxBodyBytes} bytes, jobs ${settings.jobs}`,
  );
  fork();
}
