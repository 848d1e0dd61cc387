import "server-only";
import { hostOps } from "@/lib/shared/web/registries/ops.mjs";

// The app's log and operations figures (docs/architecture/operations.md), through the registry
// the host installs (lib/shared/web/registries/ops.mjs): one JSON line an event, the request's
// id added, secrets and personal data scrubbed (server/log.mjs). Without the host (Vitest, a
// plain `next start`) a line goes to the console as `[nosh] message` and nothing is recorded.

type Fields = Record<string, unknown>;
type Level = "debug" | "info" | "warn" | "error";

const CONSOLE = { debug: "debug", info: "log", warn: "warn", error: "error" } as const;

function write(level: Level, message: string, fields?: Fields): void {
  const ops = hostOps();
  if (ops) {
    if (fields) ops.log[level](fields, message);
    else ops.log[level](message);
    return;
  }
  if (fields) console[CONSOLE[level]](`[nosh] ${message}`, fields);
  else console[CONSOLE[level]](`[nosh] ${message}`);
}

/** The server's log: `appLog.error("job x failed", { err })`. */
export const appLog = {
  debug: (message: string, fields?: Fields) => write("debug", message, fields),
  info: (message: string, fields?: Fields) => write("info", message, fields),
  warn: (message: string, fields?: Fields) => write("warn", message, fields),
  error: (message: string, fields?: Fields) => write("error", message, fields),
};

/** The id of the request being served (X-Request-Id), if any: what a job the request starts keeps. */
export const currentRequestId = (): string | null => hostOps()?.requestId() ?? null;

/** Runs `work` outside any request (timers it starts carry no request's id). */
export const outsideRequest = <T>(work: () => T): T => {
  const ops = hostOps();
  return ops ? ops.detached(work) : work();
};

/** Records a background job's run (nosh_job_runs_total, nosh_job_duration_seconds). */
export const recordJob = (job: string, seconds: number, failed: boolean) => hostOps()?.jobRan(job, seconds, failed);

/** Records database time (nosh_db_query_duration_seconds). */
export const recordQuery = (kind: "read" | "transaction" | "statement", seconds: number) => hostOps()?.queryTook(kind, seconds);

/** Records a new event stream refused for the heap (nosh_heap_refusals_total{what="streams"}). */
export const recordStreamHeapRefusal = () => hostOps()?.streamRefusedForHeap();
