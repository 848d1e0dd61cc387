import "server-only";
import { createHash } from "node:crypto";
import type { Intent, PaymentProvider, PeriodInvoice, RecurringBilling } from "../provider";

// The test provider's recurring billing (docs/architecture/membership.md): offline, it keeps no
// subscription of its own: the subscription's id is derived from its key, and each period is a
// card payment of its own on the test provider (authorized and captured at once, keyed by the
// period's attempt, so a retry or two racing job processes charge once). The test cards behave as
// at checkout: 4242 pays, 0002 declines; a 3-D Secure card cannot be challenged off-session
// (declined as authentication_failed, its authorization released).

const keyedId = (prefix: string, key: string) => `${prefix}_${createHash("sha256").update(key).digest("hex").slice(0, 24)}`;

const invoiceOf = (intent: Intent): PeriodInvoice => ({
  id: keyedId("in", intent.id),
  status: intent.status === "succeeded" ? "paid" : "failed",
  intent,
  failureCode: intent.status === "succeeded" ? null : (intent.failureCode ?? "card_declined"),
});

export function testBilling(cards: Pick<PaymentProvider, "authorize" | "capture" | "void">): RecurringBilling {
  const chargePeriod: RecurringBilling["chargePeriod"] = async ({ paymentMethodId, amountCents, currency, idempotencyKey }) => {
    let intent = await cards.authorize({ amountCents, paymentMethodId, idempotencyKey, returnUrl: "/membership", currency });
    if (intent.status === "requires_action") {
      await cards.void(intent.id, `${idempotencyKey}:void`);
      return { id: keyedId("in", intent.id), status: "failed", intent: null, failureCode: "authentication_failed" };
    }
    if (intent.status === "requires_capture") intent = await cards.capture(intent.id, `${idempotencyKey}:capture`);
    return invoiceOf(intent);
  };
  return {
    async subscribe({ paymentMethodId, amountCents, currency, trialDays, idempotencyKey }) {
      const subscriptionId = keyedId("sub", idempotencyKey);
      if (trialDays > 0) return { subscriptionId, invoice: null };
      const invoice = await chargePeriod({ subscriptionId, paymentMethodId, amountCents, currency, dueAt: new Date(), idempotencyKey: `${idempotencyKey}:first` });
      return { subscriptionId: invoice.status === "paid" ? subscriptionId : null, invoice };
    },
    chargePeriod,
    async cancel() {
      // Nothing kept here: a canceled membership is never charged again (membership/renew.ts charges live ones only).
    },
  };
}
