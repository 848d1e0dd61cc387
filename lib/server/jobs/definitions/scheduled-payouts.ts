import "server-only";
import { runScheduledPayouts } from "../../payouts/schedule";
import type { TimedJob } from "../job";

export const scheduledPayoutsJob: TimedJob = {
  id: "payouts.scheduled",
  does: "On a restaurant's weekly payout day (its zone) the available balance is asked for as the owner's Pay out does, only to a verified payout account (lib/server/payouts/schedule.ts).",
  cadence: { label: "a minute after start-up, then every minute", everyMs: () => 60_000, firstAfterMs: 60_000 },
  once: "The day is claimed by a conditional UPDATE of the schedule's lastDay in the payout's own transaction: of two instances one asks, the other finds the day taken; at most one payout per restaurant per day.",
  run: async (now) => {
    const { paid, skipped } = await runScheduledPayouts(now);
    return paid || skipped
      ? { log: `asked for ${paid} scheduled payouts; ${skipped} skipped (nothing available, one on its way, or no verified email or payout account: the page says why)` }
      : undefined;
  },
};
