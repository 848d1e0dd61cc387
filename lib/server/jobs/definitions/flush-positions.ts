import "server-only";
import { POSITION_FLUSH_MS, startPositionBatching } from "../../dispatch/position-batch";
import type { SelfTimedJob } from "../job";

export const flushPositionsJob: SelfTimedJob = {
  id: "dispatch.flush-positions",
  does: 'Free couriers\' position reports are batched in the process and written together (lib/server/dispatch/position-batch.ts; docs/architecture/couriers.md "Positions").',
  cadence: { label: "every POSITION_FLUSH_MS (1 s), its own timer (the waiting points live in the process)", everyMs: () => POSITION_FLUSH_MS },
  where: "web",
  once: "Each process writes only the points it accepted; a courier's position is replaced only by a newer one, so two instances' flushes in any order leave the newest.",
  start: async () => void startPositionBatching(),
};
