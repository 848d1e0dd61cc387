// @ts-check
// The host's settings, read once at start-up in the primary and again in the worker (the same
// argv and environment reach both). Documented in .env.example and docs/deploying.md.
import { readFileSync } from "node:fs";
import { refuseToStart } from "./log.mjs";

/**
 * @typedef {{
 *   dev: boolean,
 *   port: number,
 *   hostname: string | undefined,
 *   keepAliveTimeoutMs: number,
 *   headersTimeoutMs: number,
 *   requestTimeoutMs: number,
 *   maxConnections: number,
 *   maxBodyBytes: number,
 *   jobs: "inline" | "process" | "off",
 * }} Settings
 */

/**
 * A positive whole number from the environment, or the default.
 * @param {string} name @param {number} fallback @param {Record<string, string | undefined>} [env]
 */
function positiveInt(name, fallback, env = process.env) {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) <= 0) refuseToStart(`${name} must be a positive whole number (got "${raw}")`);
  return Number(raw);
}

/** The soft limit on open files (Linux), or null when unknown. */
function openFilesLimit() {
  try {
    const line = readFileSync("/proc/self/limits", "utf8")
      .split("\n")
      .find((l) => l.startsWith("Max open files"));
    const soft = line?.trim().split(/\s+/)[3];
    return soft && /^\d+$/.test(soft) ? Number(soft) : null;
  } catch {
    return null;
  }
}

/**
 * The origin a server listening on `hostname`:`port` is reached at from this machine: what links
 * in its mails point to when PUBLIC_ORIGIN is unset (lib/edge/load-config.ts `linkOrigin`); null
 * for port 0 (not known before listening). Every address (unset, 0.0.0.0, ::) reads as localhost.
 * @param {{ port: number, hostname: string | undefined }} settings
 * @returns {string | null}
 */
export function localOrigin({ port, hostname }) {
  if (port === 0) return null;
  const host = !hostname || hostname === "0.0.0.0" || hostname === "::" ? "localhost" : hostname.includes(":") ? `[${hostname}]` : hostname;
  return `http://${host}:${port}`;
}

/**
 * `-p/--port`, `-H/--hostname`, `--keepAliveTimeout` as `next start` takes them; then PORT/HOSTNAME.
 * `--dev`: Next.js in development mode (`npm run dev`).
 * @returns {Settings}
 */
export function serverSettings(argv = process.argv.slice(2), env = /** @type {Record<string, string | undefined>} */ (process.env)) {
  /** @param {string[]} names */
  const flag = (...names) => {
    for (let i = 0; i < argv.length; i++) {
      for (const name of names) {
        if (argv[i] === name) return argv[i + 1];
        if (argv[i].startsWith(`${name}=`)) return argv[i].slice(name.length + 1);
      }
    }
    return undefined;
  };
  const port = Number(flag("-p", "--port") ?? env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) refuseToStart(`the port must be a whole number from 0 to 65535`);
  const keepAliveFlag = flag("--keepAliveTimeout");
  const keepAliveTimeoutMs =
    keepAliveFlag !== undefined
      ? positiveInt("--keepAliveTimeout", 70_000, { "--keepAliveTimeout": keepAliveFlag })
      : positiveInt("NOSH_KEEP_ALIVE_TIMEOUT_MS", 70_000, env);
  const headersTimeoutMs = positiveInt("NOSH_HEADERS_TIMEOUT_MS", 15_000, env);
  const requestTimeoutMs = positiveInt("NOSH_REQUEST_TIMEOUT_MS", 120_000, env);
  if (headersTimeoutMs > requestTimeoutMs) refuseToStart("NOSH_HEADERS_TIMEOUT_MS must not exceed NOSH_REQUEST_TIMEOUT_MS");
  // Each connection costs a file descriptor; leave room for the database, uploads and logs.
  const files = openFilesLimit();
  const maxConnections = Math.min(positiveInt("NOSH_MAX_CONNECTIONS", 4096, env), files ? Math.max(files - 256, 64) : Infinity);
  const dev = argv.includes("--dev");
  return {
    dev,
    port,
    hostname: flag("-H", "--hostname") ?? env.HOSTNAME ?? undefined,
    keepAliveTimeoutMs,
    headersTimeoutMs,
    requestTimeoutMs,
    maxConnections,
    maxBodyBytes: positiveInt("NOSH_MAX_BODY_BYTES", 11 * 1024 * 1024, env),
    jobs: jobsSetting(env.JOBS, dev),
  };
}

/**
 * Where the background jobs run (JOBS, docs/architecture/host.md "The job process"): "inline", in the
 * web process (the default, and always under `npm run dev`, whose code changes under it); "process",
 * a job process beside the web process (opt-in: a third Node process in the unit's memory); "off",
 * none but the web process's own (lib/server/jobs/runner.ts jobsOf).
 * @param {string | undefined} raw @param {boolean} dev @returns {Settings["jobs"]}
 */
export function jobsSetting(raw, dev) {
  const value = raw?.trim().toLowerCase() || "inline";
  if (value !== "inline" && value !== "process" && value !== "off") refuseToStart(`JOBS must be inline, process or off (got "${raw}")`);
  if (dev && value === "process") return "inline";
  return value;
}
