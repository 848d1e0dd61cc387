import "server-only";
import { config } from "../../platform/config";
import type { SelfTimedJob } from "../job";

export const courierSimulatorJob: SelfTimedJob = {
  id: "dispatch.courier-simulator",
  does: "The demo couriers ride by themselves: on shift, accept, ride, pick up, deliver (lib/server/courier-steps/simulator.ts; docs/architecture/couriers.md).",
  cadence: { label: "a step every 5 s, its own timer (the rides' state lives in the process)", everyMs: () => 5_000 },
  once: "Not once: a demo, on with the demo data and off in production (COURIER_SIMULATOR). Every step is a courier's own call, each a conditional move, so two instances riding the same courier race like two phones: the loser's step is a 409, retried next step.",
  // In the web process: its rides' reports join the free couriers' batch that only the web process flushes (flush-positions).
  where: "web",
  enabled: () => config().dispatch.simulator,
  // Loaded only when on, as before: the simulator pulls in the dispatch moves.
  start: async () => (await import("../../courier-steps/simulator")).startSimulator(),
};
