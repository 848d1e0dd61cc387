import "server-only";

// What a background job declares (documenso's jobs/definitions/* is the model): one file per job
// under definitions/, started by runner.ts: under `npm start` in the job process beside the web
// process (JOBS, docs/architecture/host.md "The job process"), but for a job `where: "web"`. None
// relies on being the only one running it, and `once` says how two processes or instances
// running it at the same moment still do each piece of work once.

/** A pass's line in the server's log: news on stdout, trouble on stderr. */
export type Said = { log: string } | { error: string };

/** How often a job runs: read when the runner starts it, so the tests' settings apply. */
export type Cadence = {
  /** Said in words, with the setting that changes it. */
  label: string;
  everyMs: () => number;
  /** The first run after start-up; one period by default. */
  firstAfterMs?: number;
};

type Declared = {
  /** `<domain>.<what>`: the folder whose function does the work, then the work. */
  id: string;
  /** What it does, in one sentence. */
  does: string;
  cadence: Cadence;
  /** How it is made safe when several processes or instances run it at once. */
  once: string;
  /** Off unless this says so (read at start-up); on by default. */
  enabled?: () => boolean;
  /** "web": runs in the process that serves requests, whatever JOBS says: its work waits in that process's memory. */
  where?: "web";
};

/** A job the runner times: `run` is called every period, one run at a time in a process. */
export type TimedJob = Declared & {
  /** Said once at start-up, before the first run (a missing setting the job works around). */
  warnings?: () => string[];
  /** Does one pass; returns what to log, if anything. A throw is logged as "[nosh] job <id> failed". */
  run: (now: Date) => Promise<Said | undefined>;
};

/** A job that keeps its own timer and state (the demo couriers' rides): the runner only starts it. */
export type SelfTimedJob = Declared & { start: () => Promise<void> };

export type JobDefinition = TimedJob | SelfTimedJob;

export const isTimed = (job: JobDefinition): job is TimedJob => "run" in job;

/** A run that does `work` and logs how many it did (`said`), nothing when it did none. */
export const logCount =
  (work: (now: Date) => Promise<number>, said: (count: number) => string): TimedJob["run"] =>
  async (now) => {
    const count = await work(now);
    return count ? { log: said(count) } : undefined;
  };
