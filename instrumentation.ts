// Runs once when a server process starts: refuse to start on bad configuration, apply
// pending migrations, seed the demo data into an empty database, then start the background
// jobs (the order expiry, the dispatch tick, the notification worker, the hourly housekeeping,
// the demo couriers: lib/server/jobs/), and hand the host the routes it serves itself.
// Under the host (server/), NOSH_ROLE says which process this is: "web" runs only the jobs whose
// work waits in its memory, the rest being the job process's ("jobs": lib/server/jobs/process.ts,
// which loads this file's build without Next.js); unset (JOBS=inline, or no host) runs them all.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const role = process.env.NOSH_ROLE;
  try {
    if (role === "jobs") return await (await import("./lib/server/jobs/process")).runJobProcess();
    const { prepareDatabase } = await import("./lib/server/platform/prepare");
    // The seed is loaded only when it runs (an empty database with NOSH_SEED on).
    await prepareDatabase(async (client) => (await import("./prisma/seed")).seedDatabase(client));
    const { jobsOf, startJobs } = await import("./lib/server/jobs/runner");
    await startJobs(jobsOf(role === "web" ? "web" : "all"));
    // The routes the host serves without Next.js's router (the courier's position report).
    (await import("./lib/server/web/host-routes")).offerHostRoutes();
    // The checks behind /readyz and the figures behind /metrics (the host serves both).
    (await import("./lib/server/web/operations")).offerOperations();
  } catch (error) {
    // Next.js logs a failed register() and keeps serving, every request then failing; a
    // server that cannot guarantee its settings (SQLite's, the session secret) must not run.
    const { appLog } = await import("./lib/server/platform/log");
    appLog.error(`refusing to start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
