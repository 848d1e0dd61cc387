import "server-only";
import { renewMemberships } from "../../membership/renew";
import type { TimedJob } from "../job";

export const membershipRenewJob: TimedJob = {
  id: "membership.renew",
  does: "Memberships due are renewed on their date through the provider's recurring billing, a declined renewal retried daily with a notice and ended after the grace period, a canceled one ended at its period's end (lib/server/membership/renew.ts).",
  cadence: { label: "every 60 s", everyMs: () => 60_000 },
  once: "Each due membership is claimed by one conditional UPDATE, charged with a key of its period and attempt, and moved on by another conditional UPDATE with its period's charge listed once: two instances charge and book it once.",
  run: async (now) => {
    const { ended, renewed, failed } = await renewMemberships(now);
    return ended || renewed || failed ? { log: `memberships: ${renewed} renewed, ${failed} declined, ${ended} ended` } : undefined;
  },
};
