import "server-only";
import { config } from "../../platform/config";
import { pushAcceptedOrders } from "../../pos/push";
import { syncAllPos } from "../../pos/sync";
import type { TimedJob } from "../job";

// The point-of-sale link's two jobs (docs/architecture/kitchen.md "The point of sale"), off where no POS can be linked.

const linked = () => config().pos.provider !== "none";

export const posSyncJob: TimedJob = {
  id: "pos.sync",
  does: "What each connected point of sale says is sold out, read and applied to the linked dishes (the webhooks do it at once; this catches a missed one) (lib/server/pos/sync.ts).",
  cadence: { label: "every POS_SYNC_SECONDS (30 s)", everyMs: () => config().pos.syncEveryMs },
  once: "Each link's last word from the POS moves by a conditional UPDATE before its dish is marked or cleared: two passes at once apply a change once.",
  enabled: linked,
  run: async (now) => {
    await syncAllPos(now);
    return undefined;
  },
};

export const posPushJob: TimedJob = {
  id: "pos.push",
  does: "Each accepted order of a restaurant with a point of sale pushed into it once, retried with backoff (lib/server/pos/push.ts).",
  cadence: { label: "every 2 s", everyMs: () => 2_000 },
  once: "A row per order (unique orderId, INSERT ... ON CONFLICT DO NOTHING), leased by a conditional UPDATE before it is sent, and sent under the order's own idempotency key: the POS makes it once.",
  enabled: linked,
  run: async (now) => {
    const { pushed, retrying } = await pushAcceptedOrders(now);
    return pushed || retrying ? { log: `pos: ${pushed} orders pushed, ${retrying} to retry` } : undefined;
  },
};
