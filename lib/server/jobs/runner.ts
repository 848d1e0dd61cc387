import "server-only";
import { JOBS_STOPPED_EVENT, SHUTDOWN_EVENT } from "@/lib/shared/web/host-contract.mjs";
import { appLog, outsideRequest, recordJob } from "../platform/log";
import { jobDefinitions } from "./definitions";
import { isTimed, type JobDefinition, type TimedJob } from "./job";

// Starts the background jobs (definitions/) in this server process: instrumentation.ts calls
// startJobs() once the database is ready, with the jobs this process runs (jobsOf: under
// `npm start` the job process runs them and the web process only those `where: "web"`). Each
// timed job has its own timer, first after its cadence's firstAfterMs (one period by default),
// then every period; a run still going when the next is due is not doubled in this process (the
// jobs' `once` rules cover other processes). A failed run is logged and the next one runs as
// usual. The timers never keep the process alive; on SHUTDOWN_EVENT they stop, and once the
// passes under way have ended the runner emits JOBS_STOPPED_EVENT (the job process then exits).

const running = new Set<string>();
let started = false;

/** One pass of `job`, logged; "skipped" when this process is still running the previous one. */
export async function runJob(job: TimedJob, now = new Date()): Promise<"ran" | "failed" | "skipped"> {
  if (running.has(job.id)) return "skipped";
  running.add(job.id);
  const start = performance.now();
  let failed = false;
  try {
    const said = await job.run(now);
    if (said && "log" in said) appLog.info(said.log, { job: job.id });
    if (said && "error" in said) appLog.error(said.error, { job: job.id });
    return "ran";
  } catch (error) {
    failed = true;
    appLog.error(`job ${job.id} failed`, { job: job.id, err: error });
    return "failed";
  } finally {
    running.delete(job.id);
    recordJob(job.id, (performance.now() - start) / 1000, failed);
  }
}

const timers = new Set<NodeJS.Timeout>();
let stopping = false;

function schedule(job: TimedJob): void {
  for (const warning of job.warnings?.() ?? []) appLog.warn(warning, { job: job.id });
  const every = job.cadence.everyMs();
  const tick = () => void runJob(job).finally(stopped);
  const first = setTimeout(() => {
    timers.delete(first);
    tick();
    timers.add(setInterval(tick, every).unref());
  }, job.cadence.firstAfterMs ?? every);
  timers.add(first.unref());
}

/** Once stopping, after the last pass under way: JOBS_STOPPED_EVENT, once. */
function stopped() {
  if (!stopping || running.size) return;
  stopping = false;
  (process as NodeJS.EventEmitter).emit(JOBS_STOPPED_EVENT);
}

function stop() {
  stopping = true;
  for (const timer of timers) clearTimeout(timer);
  timers.clear();
  stopped();
}

/**
 * Which jobs a process runs: "all" (JOBS=inline, and without the host), "web" (the web process
 * beside a job process, or with JOBS=off: only the jobs whose work waits in its memory) or
 * "background" (the job process: every other one).
 */
export function jobsOf(set: "all" | "web" | "background", jobs: readonly JobDefinition[] = jobDefinitions): readonly JobDefinition[] {
  return set === "all" ? jobs : jobs.filter((job) => (job.where === "web") === (set === "web"));
}

/** Starts every enabled job once per process (a second call does nothing). */
export async function startJobs(jobs: readonly JobDefinition[] = jobDefinitions): Promise<void> {
  if (started) return;
  started = true;
  process.once(SHUTDOWN_EVENT, stop);
  for (const job of jobs) {
    if (job.enabled && !job.enabled()) continue;
    // Started outside the request that may be under way (the first one starts the app): their
    // timers' log lines carry no request's id.
    if (isTimed(job)) outsideRequest(() => schedule(job));
    else await outsideRequest(() => job.start());
  }
}
