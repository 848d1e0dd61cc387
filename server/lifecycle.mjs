// @ts-check
// A worker's readiness and shutdown.
import { SHUTDOWN_EVENT } from "../lib/shared/web/host-contract.mjs";
import { READY } from "./supervisor.mjs";

/** @import { Server } from "node:http" */

/** Where the worker's own requests reach it (the readiness probe, shared answers' fill). @param {string | undefined} hostname @param {number} port */
export function originOf(hostname, port) {
  const host = !hostname || hostname === "0.0.0.0" || hostname === "::" ? "127.0.0.1" : hostname;
  return `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
}

/**
 * Asks the server for its first answer, then tells the primary it has started. Next.js runs
 * instrumentation.ts's register() (migrations, the settings check, which exits 1 on a bad
 * configuration) before it serves its first request, not at prepare(): only a worker that has
 * answered one counts as started for the primary (server/supervisor.mjs).
 * @param {string} origin
 */
export async function announceWhenServing(origin) {
  for (let attempt = 0; ; attempt++) {
    try {
      await (await fetch(`${origin}/api/auth/`, { signal: AbortSignal.timeout(60_000) })).arrayBuffer();
      break;
    } catch (error) {
      if (attempt >= 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  process.send?.(READY);
}

/** On SIGTERM or SIGINT: stop taking connections, let the answers under way finish (5 s at most), exit. @param {Server} server */
export function shutDownOnSignal(server) {
  let closing = false;
  const shutdown = () => {
    if (closing) return;
    closing = true;
    // Live order event streams never finish by themselves: they end now (lib/server/order-events/),
    // and their clients reconnect with Last-Event-ID to the next server. Their connections turn
    // idle once the stream's last bytes are out, so idle connections are closed until exit.
    /** @type {import("node:events").EventEmitter} */ (process).emit(SHUTDOWN_EVENT);
    server.close(() => process.exit(0));
    server.closeIdleConnections();
    setInterval(() => server.closeIdleConnections(), 100).unref();
    setTimeout(() => process.exit(0), 5_000).unref();
  };
  process.on("SIGTERM", shutdown);
  process.on("SIGINT", shutdown);
}
