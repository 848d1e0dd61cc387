import "server-only";
import { deliverDueWebhooks } from "../../webhooks/worker";
import type { TimedJob } from "../job";

export const deliverWebhooksJob: TimedJob = {
  id: "webhooks.deliver",
  does: "Restaurants' outgoing webhooks: due messages are signed and sent, each attempt logged, failures retried with backoff for a day (lib/server/webhooks/worker.ts).",
  cadence: { label: "every second", everyMs: () => 1_000 },
  once: "A lease: each due message is claimed by one conditional UPDATE that sets a lease token, and moved on only by the lease's holder; a lease that runs out (a killed process) is claimed again.",
  // Failed attempts are the restaurant's to read (the endpoint's delivery log), not the server's log.
  run: async (now) => {
    await deliverDueWebhooks(now);
    return undefined;
  },
};
