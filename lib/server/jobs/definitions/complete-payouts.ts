import "server-only";
import { completePayouts } from "../../ledger/payouts";
import { sqlTransaction } from "../../platform/sql";
import { orderExpiryCadence } from "../cadences";
import type { TimedJob } from "../job";

export const completePayoutsJob: TimedJob = {
  id: "ledger.complete-payouts",
  does: 'Payouts pending for PAYOUT_SETTLE_MS are marked paid and each payee is told "Payout made" (lib/server/ledger/payouts.ts).',
  // The short period, so a payout is paid soon after its settle time rather than within the hour.
  cadence: orderExpiryCadence,
  once: "One conditional UPDATE (state still pending) RETURNING the rows it paid, with their notices in the same transaction: a row is paid and told by one instance.",
  run: async (now) => {
    await sqlTransaction((sql) => completePayouts(sql, now));
    return undefined;
  },
};
