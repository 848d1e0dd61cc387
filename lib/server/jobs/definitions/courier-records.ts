import "server-only";
import { sweepCourierRecords } from "../../courier-record/standing";
import type { TimedJob } from "../job";
import { hourlyCadence } from "../cadences";

export const courierRecordsJob: TimedJob = {
  id: "courier-record.rules",
  does: "Applies the courier record's rules (lib/shared/delivery/courier-record.ts) to every courier with a delivery in the last 30 days: late rides and thumbs down reach a warning, or a suspension after one (a failed delivery is evaluated at once).",
  cadence: hourlyCadence,
  once: "Each courier in its own transaction; a rule's warning counts once (a second run finds it given) and a suspension moves the account only from approved.",
  run: async (now) => {
    await sweepCourierRecords(now);
    return undefined;
  },
};
