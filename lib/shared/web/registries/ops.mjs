// @ts-check
// Operations: the logger, the request id, the metrics and the readiness checks the host and the
// app share (docs/architecture/operations.md), one of the registries the host puts on globalThis
// for the app (docs/architecture/host.md "The contract"): the host and the app's bundles are two
// module graphs in one process, so a module-level variable would not be seen by both. Absent
// without the host (Vitest, a plain `next start`): the app then logs through its own formatter
// and records nothing.
//
// - Installed by the host: server/worker.mjs (server/ops.mjs), before the app starts.
// - Filled by the app at start-up: lib/server/web/operations.ts offerOperations() (the readiness checks,
//   the figures read at a scrape), called by instrumentation.ts.
// - Read by both: the host serves /healthz, /readyz and /metrics from it; the app logs, records
//   job runs, query time and stream refusals through it, and reads the request's id.
//
// Plain JavaScript with JSDoc types, like lib/shared/web/host-contract.mjs; it imports nothing.

/** One check of /readyz: "ok", or what is wrong. @typedef {{ ok: boolean, detail?: string }} Check */

/**
 * What the app measures when asked (a scrape of /metrics), each read cheap (an index, a count).
 * @typedef {{
 *   openStreams: number,
 *   outbox: { depth: number, oldestSeconds: number },
 *   payments: Record<string, number>,
 *   unassigned: { count: number, oldestSeconds: number },
 * }} Sample
 */

/**
 * A logger's methods: an object of fields first (optional), then the message.
 * @typedef {{ (message: string): void, (fields: Record<string, unknown>, message: string): void }} LogMethod
 * @typedef {{ debug: LogMethod, info: LogMethod, warn: LogMethod, error: LogMethod }} Logger
 */

/**
 * @typedef {{
 *   log: Logger,
 *   requestId: () => string | undefined,
 *   detached: <T>(work: () => T) => T,
 *   jobRan: (job: string, seconds: number, failed: boolean) => void,
 *   queryTook: (kind: "read" | "transaction" | "statement", seconds: number) => void,
 *   streamRefusedForHeap: () => void,
 *   app: null | { ready: () => Promise<Record<string, Check>>, sample: () => Promise<Sample> },
 * }} Ops
 */

const holder = /** @type {{ __noshOps?: Ops }} */ (globalThis);

/** The host's (server/ops.mjs): puts the registry where the app finds it. @param {Ops} ops */
export function installOps(ops) {
  holder.__noshOps = ops;
  return ops;
}

/** The app's: the registry, or undefined without the host. */
export const hostOps = () => holder.__noshOps;
