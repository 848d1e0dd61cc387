import "server-only";
import { pruneThrottles } from "../../platform/throttle";
import { hourlyCadence } from "../cadences";
import type { TimedJob } from "../job";

export const pruneThrottlesJob: TimedJob = {
  id: "platform.prune-throttles",
  does: "Sign-in and promo-code counters whose window and lock ended are deleted (lib/server/platform/throttle.ts).",
  cadence: hourlyCadence,
  once: "A conditional DELETE by age: two instances delete each counter once.",
  run: async (now) => {
    await pruneThrottles(now);
    return undefined;
  },
};
