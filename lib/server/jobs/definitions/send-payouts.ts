import "server-only";
import { sendPayouts } from "../../payouts/lifecycle";
import { orderExpiryCadence } from "../cadences";
import type { TimedJob } from "../job";

export const sendPayoutsJob: TimedJob = {
  id: "payouts.send",
  does: "Pending payouts not yet sent whose payee's payout account has payouts enabled (a new account's first payout waited for its verification) are sent to the payment provider; the provider's webhook says when each is paid or failed (lib/server/payouts/lifecycle.ts).",
  // The short period, so a payout waiting for verification leaves soon after the account is verified.
  cadence: orderExpiryCadence,
  once: "The provider's idempotency key is the payout's (payout:{id}): two instances sending at once make one payout, and the provider's id is stored by a conditional UPDATE (still unset).",
  run: async () => {
    const sent = await sendPayouts();
    return sent ? { log: `payouts: ${sent} sent to the provider` } : undefined;
  },
};
