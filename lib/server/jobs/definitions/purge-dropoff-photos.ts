import "server-only";
import { purgeDropoffPhotos } from "../../courier-steps/dropoff-photo";
import type { TimedJob } from "../job";
import { hourlyCadence } from "../cadences";

export const purgeDropoffPhotosJob: TimedJob = {
  id: "dispatch.purge-dropoff-photos",
  does: "Couriers' drop-off photos are deleted once the order's problem-report window (48 hours after delivery) has closed (lib/server/courier-steps/dropoff-photo.ts).",
  cadence: hourlyCadence,
  once: "A conditional UPDATE per photo (still pointing at it): two instances delete each once.",
  run: async (now) => {
    await purgeDropoffPhotos(now);
    return undefined;
  },
};
