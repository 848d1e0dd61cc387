import "server-only";
import { sweepDocumentExpiry } from "../../onboarding/expiry";
import { refreshBackgroundChecks } from "../../onboarding/profile";
import type { TimedJob } from "../job";
import { hourlyCadence } from "../cadences";

export const courierDocumentsJob: TimedJob = {
  id: "onboarding.courier-documents",
  does: "Couriers are warned 14 days before an approved document (driving licence, insurance) expires and told when it expired; pending background checks are asked of their provider (lib/server/onboarding/).",
  cadence: hourlyCadence,
  once: "A conditional UPDATE of the document's warnedAt / expiredAt, and of the check while still pending: two instances tell and record each once.",
  run: async (now) => {
    const { warned, expired } = await sweepDocumentExpiry(now);
    const checks = await refreshBackgroundChecks(now);
    return warned || expired || checks ? { log: `courier documents: ${warned} warned, ${expired} expired; ${checks} background checks answered` } : undefined;
  },
};
