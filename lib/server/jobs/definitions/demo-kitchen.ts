import "server-only";
import { runDemoKitchen } from "../../orders/demo-kitchen";
import { demoPace } from "@/lib/shared/demo/demo-pace";
import { config } from "../../platform/config";
import type { TimedJob } from "../job";

export const demoKitchenJob: TimedJob = {
  id: "orders.demo-kitchen",
  does: "The demo restaurants' owners act by themselves: an order nobody took for a minute is accepted, and marked ready when its prep time is up (lib/server/orders/demo-kitchen.ts).",
  cadence: { label: "every 5 s (DEMO_SPEED times as often, at most every 250 ms)", everyMs: () => demoPace(config().dispatch.demoSpeed).kitchenEveryMs },
  once: "Every move is acceptOrder's or markReady's conditional update: of two instances, or an instance and a person, the loser's 409 leaves the order as the winner moved it.",
  // With the demo couriers: on with the demo data, off in production and in the tests (COURIER_SIMULATOR).
  enabled: () => config().dispatch.simulator,
  run: async (now) => {
    const { accepted, ready } = await runDemoKitchen(now);
    return accepted || ready ? { log: `the demo kitchens accepted ${accepted} orders and finished ${ready}` } : undefined;
  },
};
