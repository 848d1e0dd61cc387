import "server-only";
import { appLog, outsideRequest, recordJob } from "../platform/log";
import { jobDefinitions } from "./definitions";
import { isTimed, type JobDefinition, type TimedJob } from "./job";

// Starts the background jobs (definitions/) in this server process: instrumentation.ts calls
// startJobs() once the database is ready. Each timed job has its own timer, first after its
// cadence's firstAfterMs (one period by default), then every period; a run still going when the
// next is due is not doubled in this process (the jobs' `once` rules cover other processes). A
// failed run is logged and the next one runs as usual. The timers never keep the process alive.

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

function schedule(job: TimedJob): void {
  for (const warning of job.warnings?.() ?? []) appLog.warn(warning, { job: job.id });
  const every = job.cadence.everyMs();
  const tick = () => void runJob(job);
  const first = setTimeout(() => {
    tick();
    setInterval(tick, every).unref();
  }, job.cadence.firstAfterMs ?? every);
  first.unref();
}

/** Starts every enabled job once per process (a second call does nothing). */
export async function startJobs(jobs: readonly JobDefinition[] = jobDefinitions): Promise<void> {
  if (started) return;
  started = true;
  for (const job of jobs) {
    if (job.enabled && !job.enabled()) continue;
    // Started outside the request that may be under way (the first one starts the app): their
    // timers' log lines carry no request's id.
    if (isTimed(job)) outsideRequest(() => schedule(job));
    else await outsideRequest(() => job.start());
  }
}
