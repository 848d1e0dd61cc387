import "server-only";
import { POSITION_RETENTION_DAYS } from "@/lib/shared/delivery/delivery";
import { prunePositions } from "../../dispatch/positions";
import type { TimedJob } from "../job";
import { hourlyCadence } from "../cadences";

const DAY_MS = 24 * 3600 * 1000;

export const prunePositionsJob: TimedJob = {
  id: "dispatch.prune-positions",
  does: "Couriers' positions older than POSITION_RETENTION_DAYS (7) are deleted, with their courier_position events (lib/server/dispatch/positions.ts).",
  cadence: hourlyCadence,
  once: "A conditional DELETE by age: two instances delete each row once.",
  run: async (now) => {
    await prunePositions(new Date(now.getTime() - POSITION_RETENTION_DAYS * DAY_MS));
    return undefined;
  },
};
