import "server-only";
import { pruneOutbox } from "../../mail/daily-summary";
import { hourlyCadence } from "../cadences";
import type { TimedJob } from "../job";

export const pruneOutboxJob: TimedJob = {
  id: "notifications.prune-outbox",
  does: "Sent and skipped notifications older than NOTIFY_RETENTION_DAYS, failed ones after NOTIFY_FAILED_RETENTION_DAYS, are deleted, a batch a pass (lib/server/mail/daily-summary.ts).",
  cadence: hourlyCadence,
  once: "A conditional DELETE: two instances delete each row once, and never a pending row.",
  run: async (now) => {
    await pruneOutbox(now);
    return undefined;
  },
};
