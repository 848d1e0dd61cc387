import "server-only";
import { reconcile } from "../../payouts/reconcile";
import { hourlyCadence } from "../cadences";
import type { TimedJob } from "../job";

export const reconcileJob: TimedJob = {
  id: "payments.reconcile",
  does: "The payment provider's captures, refunds and payouts of the last week compared with the ledger; each difference raised to operators (a ReconciliationIssue row on the dashboard, and a notification) (lib/server/payouts/reconcile.ts).",
  cadence: hourlyCadence,
  once: "A difference is raised by INSERT ... ON CONFLICT DO NOTHING on its key (what differs and by how much), its notices in the same transaction: two instances at once raise it once.",
  run: async (now) => {
    const { differences, raised } = await reconcile(now);
    return differences.length ? { log: `reconciliation: ${differences.length} differences (${raised} new)` } : undefined;
  },
};
