import "server-only";
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
  try {
    const said = await job.run(now);
    if (said && "log" in said) console.log(`[nosh] ${said.log}`);
    if (said && "error" in said) console.error(`[nosh] ${said.error}`);
    return "ran";
  } catch (error) {
    console.error(`[nosh] job ${job.id} failed:`, error);
    return "failed";
  } finally {
    running.delete(job.id);
  }
}

function schedule(job: TimedJob): void {
  for (const warning of job.warnings?.() ?? []) console.warn(`[nosh] ${warning}`);
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
    if (isTimed(job)) schedule(job);
    else await job.start();
  }
}
