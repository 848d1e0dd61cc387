import "server-only";
import { EVENTS_COMMITTED } from "@/lib/shared/web/host-contract.mjs";
import { config } from "../platform/config";
import { sqliteConnection } from "../platform/db";
import { onLocalEvent } from "../platform/local-writes";
import { prepareDatabase } from "../platform/prepare";
import { jobsOf, startJobs } from "./runner";

// The app's side of the job process (NOSH_ROLE=jobs: docs/architecture/host.md "The job
// process"), which the host's primary starts beside the web process once that one serves: the
// database is migrated and seeded by then, so this one only checks it (no seeding), then starts
// every job but those that run in the web process (runner.ts jobsOf), and on SQLite relays its
// event rows' commits to the web process's streams.

export async function runJobProcess(): Promise<void> {
  await prepareDatabase(async () => ({ seeded: false }));
  if (config().databaseProvider === "sqlite") relayCommittedEvents();
  await startJobs(jobsOf("background"));
}

/**
 * An event row is written inside its step's transaction (order-events/write.ts): once that
 * transaction has ended (the connection's lock is free), EVENTS_COMMITTED, which the host passes
 * to the web process, whose hub then reads the row at once instead of at its next poll
 * (ORDER_EVENTS_POLL_MS). Writes while one is waiting share it: the wait ends after theirs.
 */
function relayCommittedEvents(): void {
  let waiting = false;
  onLocalEvent(() => {
    if (waiting) return;
    waiting = true;
    void (async () => {
      try {
        const connection = await sqliteConnection();
        if (connection) while (connection.lock.busy) await connection.lock.idle();
      } finally {
        waiting = false;
        (process as NodeJS.EventEmitter).emit(EVENTS_COMMITTED);
      }
    })();
  });
}
