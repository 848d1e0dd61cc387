import "server-only";
import { syncPayments } from "../../payments/sync";
import { advanceTestPayouts } from "../../payments/providers/test/payouts";
import { deliverTestWebhooks, postToOwnWebhookRoute } from "../../payments/providers/test/provider";
import { orderExpiryCadence } from "../cadences";
import { logCount, type TimedJob } from "../job";

export const syncPaymentsJob: TimedJob = {
  id: "payments.sync",
  does: "Card authorizations of accepted orders are captured, of orders ended without food voided, refunds the ledger made are sent to the provider, and authorizations no order took are voided after 30 minutes (lib/server/payments/sync.ts).",
  cadence: orderExpiryCadence,
  once: "Every provider call carries a key made from the payment (capture:{id}, void:{id}, refund:{id}:{owed}): two instances calling at once move the money once, and applyIntent only moves a payment forward.",
  run: logCount(syncPayments, (moved) => `payments: ${moved} synced with the provider`),
};

export const testWebhooksJob: TimedJob = {
  id: "payments.test-webhooks",
  does: "The built-in test provider's events, TEST_PAYMENTS_WEBHOOK_DELAY_MS after they happened, signed and POSTed to this server's /api/payments/webhooks/test (lib/server/payments/providers/test/provider.ts); before that, its payout accounts due are verified and its payouts due paid or failed (providers/test/payouts.ts).",
  cadence: orderExpiryCadence,
  once: "Each due event is claimed for 30 s by one conditional UPDATE before it is sent; a duplicate sending is harmless anyway (the route handles an event id once).",
  run: async (now) => {
    await advanceTestPayouts(now);
    await deliverTestWebhooks(postToOwnWebhookRoute, now);
    return undefined;
  },
};
