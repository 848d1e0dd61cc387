import "server-only";
import { purgeMessages } from "../../dispatch/messages";
import type { TimedJob } from "../job";
import { hourlyCadence } from "../cadences";

export const purgeMessagesJob: TimedJob = {
  id: "dispatch.purge-messages",
  does: "Messages between customers and couriers are deleted 30 days after their delivery closed (delivered, failed or canceled: lib/server/dispatch/messages.ts).",
  cadence: hourlyCadence,
  once: "One DELETE of the closed jobs' messages: two instances delete each message once.",
  run: async (now) => {
    await purgeMessages(now);
    return undefined;
  },
};
