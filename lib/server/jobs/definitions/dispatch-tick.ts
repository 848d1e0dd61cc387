import "server-only";
import { dispatchTick } from "../../dispatch/tick";
import { config } from "../../platform/config";
import type { TimedJob } from "../job";

export const dispatchTickJob: TimedJob = {
  id: "dispatch.tick",
  does: "Offers whose time ran out go back, jobs nobody took are given up, waiting jobs are offered to the nearest courier (lib/server/dispatch/tick.ts).",
  cadence: { label: "every DISPATCH_TICK_MS (2 s)", everyMs: () => config().dispatch.tickMs },
  once: "Every step a conditional update in its own transaction (the job still in the state it was read in): two instances ticking do each step once.",
  run: async (now) => {
    await dispatchTick(now);
    return undefined;
  },
};
