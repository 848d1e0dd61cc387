// @ts-check
// The primary: supervision only (never loads Next.js). It forks one worker (server/worker.mjs),
// which runs Next.js, and forks a new one when it dies (100 ms backoff, growing to 5 s while
// workers keep dying young). A worker that exits before it ever served (bad configuration:
// instrumentation.ts exits 1) makes the primary exit with the same code: retrying cannot fix a
// configuration. SIGTERM/SIGINT stop the worker, then the primary. Node's flags
// (--max-old-space-size ...) and the environment reach the worker unchanged (cluster forks with
// the primary's execArgv). The worker accepts connections itself (SCHED_NONE: no hop through the
// primary); Node closes the listening socket when its last worker dies, so connections are
// refused for the second or two a new worker needs to start.
import cluster from "node:cluster";
import { log } from "./log.mjs";

/** What a worker tells the primary once it has answered its first request (server/lifecycle.mjs). */
export const READY = "nosh:ready";

/** @param {import("./settings.mjs").Settings} settings */
export function runPrimary(settings) {
  cluster.schedulingPolicy = cluster.SCHED_NONE;
  let stopping = false;
  /** @type {import("node:cluster").Worker | null} */
  let worker = null;
  let backoffMs = 50;

  const fork = () => {
    const startedAt = Date.now();
    let ready = false;
    const forked = cluster.fork();
    worker = forked;
    const pid = forked.process.pid;
    forked.on("message", (message) => {
      if (message === READY) ready = true;
    });
    forked.once("exit", (code, signal) => {
      worker = null;
      if (stopping) return process.exit(0);
      if (!ready) {
        log(`the server exited (${signal ?? `code ${code}`}) before it served; not restarting`);
        return process.exit(code || 1);
      }
      backoffMs = Date.now() - startedAt > 30_000 ? 100 : Math.min(backoffMs * 2, 5_000);
      log(`the server (pid ${pid}) exited (${signal ?? `code ${code}`}); starting a new one in ${backoffMs} ms`);
      setTimeout(fork, backoffMs);
    });
  };

  /** @param {NodeJS.Signals} signal */
  const stop = (signal) => {
    if (stopping) return;
    stopping = true;
    if (!worker) process.exit(0);
    worker.process.kill(signal);
    // Next.js may wait for keep-alive connections; the worker gives up after its grace period.
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
  log(
    `primary ${process.pid}${settings.dev ? " (development)" : ""}: headersTimeout ${settings.headersTimeoutMs} ms, requestTimeout ${settings.requestTimeoutMs} ms, ` +
      `keepAliveTimeout ${settings.keepAliveTimeoutMs} ms, maxConnections ${settings.maxConnections}, max body ${settings.maxBodyBytes} bytes`,
  );
  fork();
}
