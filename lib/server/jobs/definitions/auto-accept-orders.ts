import "server-only";
import { autoAcceptOrders } from "../../orders/auto-accept";
import { config } from "../../platform/config";
import { logCount, type TimedJob } from "../job";

export const autoAcceptOrdersJob: TimedJob = {
  id: "orders.auto-accept",
  does: "New orders of restaurants with auto-accept on are accepted with the restaurant's default prep time (lib/server/orders/auto-accept.ts).",
  cadence: { label: "every DISPATCH_TICK_MS (2 s)", everyMs: () => config().dispatch.tickMs },
  once: "acceptOrder's conditional move (the order still placed), in one transaction with its courier job: of two instances, the loser gets a 409 and leaves the order.",
  run: logCount(autoAcceptOrders, (count) => `accepted ${count} orders automatically`),
};
