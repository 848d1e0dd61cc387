import "server-only";
import { writeDailySummaries } from "../../mail/daily-summary";
import { hourlyCadence } from "../cadences";
import { logCount, type TimedJob } from "../job";

export const dailySummariesJob: TimedJob = {
  id: "notifications.daily-summaries",
  does: "Once a restaurant's morning has come (NOTIFY_SUMMARY_HOUR), its owner's summary of yesterday is written to the outbox (lib/server/mail/daily-summary.ts).",
  cadence: hourlyCadence,
  once: "Idempotent: each summary's cause (restaurant and date) is unique in the outbox, so a later pass that day, a restart or a second instance writes nothing more.",
  run: logCount(writeDailySummaries, (written) => `wrote ${written} owners' daily summaries`),
};
