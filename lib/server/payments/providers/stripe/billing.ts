import "server-only";
import type Stripe from "stripe";
import type { Intent, PeriodInvoice, RecurringBilling } from "../provider";
import { isStripeError, stripe, stripeCurrency } from "./client";

// Stripe Billing behind the provider's `billing` (docs/architecture/membership.md): a Product, a
// Subscription on the member's card with the plan's monthly price inline (price_data), trial days,
// payment_behavior=error_if_incomplete (a declined first payment makes no subscription). Stripe
// issues each cycle's invoice itself; Nosh's membership.renew job pays it on its date
// (invoices.pay, with the member's card now, off_session), which is the retry too. A period's
// PaymentIntent is read as any card payment's (intentOf). Against the stand-in only
// (testing/billing-stand-in.ts): Smart Retries, dunning mails and test clocks are not Nosh's and untested.

type Deps = { customerOf: (paymentMethodId: string) => Promise<string>; intentOf: (pi: Stripe.PaymentIntent) => Intent };

/** Stripe's card error code as Nosh's decline code (DECLINE_SAID). */
function declineOf(error: Stripe.errors.StripeError): string {
  for (const code of [error.decline_code, error.code]) if (code === "insufficient_funds" || code === "expired_card" || code === "incorrect_cvc") return code;
  return error.code === "authentication_required" ? "authentication_failed" : "card_declined";
}

const failed = (code: string): PeriodInvoice => ({ id: "", status: "failed", intent: null, failureCode: code });
const isCardError = (error: unknown): error is Stripe.errors.StripeError => isStripeError(error) && error.type === "StripeCardError";

export function stripeBilling({ customerOf, intentOf }: Deps): RecurringBilling {
  /** The invoice's newest payment's PaymentIntent, as Nosh's Intent. */
  async function invoiceOf(invoice: Stripe.Invoice): Promise<PeriodInvoice> {
    const payments = invoice.payments?.data ?? [];
    const newest = payments[payments.length - 1]?.payment.payment_intent;
    const intentId = typeof newest === "string" ? newest : (newest?.id ?? null);
    const intent = intentId ? intentOf(await stripe().paymentIntents.retrieve(intentId, { expand: ["latest_charge"] })) : null;
    if (invoice.status === "paid") return { id: invoice.id ?? "", status: "paid", intent, failureCode: null };
    return { id: invoice.id ?? "", status: "failed", intent, failureCode: intent?.failureCode ?? "card_declined" };
  }

  return {
    async subscribe({ paymentMethodId, amountCents, currency, trialDays, planRef, idempotencyKey }) {
      const customer = await customerOf(paymentMethodId);
      const product = await stripe().products.create({ name: "Nosh membership", metadata: { nosh_plan: planRef } }, { idempotencyKey: `${idempotencyKey}:product` });
      try {
        const subscription = await stripe().subscriptions.create(
          {
            customer,
            default_payment_method: paymentMethodId,
            off_session: true,
            payment_behavior: "error_if_incomplete",
            items: [{ price_data: { currency: stripeCurrency(currency), unit_amount: amountCents, product: product.id, recurring: { interval: "month" } } }],
            ...(trialDays > 0 ? { trial_period_days: trialDays } : {}),
            metadata: { nosh_plan: planRef },
            expand: ["latest_invoice.payments"],
          },
          { idempotencyKey },
        );
        const latest = subscription.latest_invoice;
        return { subscriptionId: subscription.id, invoice: trialDays > 0 || !latest || typeof latest === "string" ? null : await invoiceOf(latest) };
      } catch (error) {
        if (isCardError(error)) return { subscriptionId: null, invoice: failed(declineOf(error)) };
        throw error;
      }
    },

    async chargePeriod({ subscriptionId, paymentMethodId, dueAt, idempotencyKey }) {
      const subscription = await stripe().subscriptions.retrieve(subscriptionId, { expand: ["latest_invoice.payments"] });
      let invoice = subscription.latest_invoice;
      // Not issued yet: the latest is the period before this one's (Stripe issues it at the period's end).
      if (!invoice || typeof invoice === "string" || invoice.created < Math.floor(dueAt.getTime() / 1000) - 3600)
        return { id: "", status: "pending", intent: null, failureCode: null };
      if (invoice.status === "paid") return invoiceOf(invoice);
      if (invoice.status === "draft") invoice = await stripe().invoices.finalizeInvoice(invoice.id!, {}, { idempotencyKey: `${idempotencyKey}:finalize` });
      if (invoice.status !== "open") return failed("card_declined");
      // Another card than the subscription's: Stripe pays an invoice only with a card of its customer (a card never charged is attached to it first).
      const method = await stripe().paymentMethods.retrieve(paymentMethodId);
      const customer = typeof subscription.customer === "string" ? subscription.customer : subscription.customer.id;
      if (!method.customer) await stripe().paymentMethods.attach(paymentMethodId, { customer }, { idempotencyKey: `attach:${paymentMethodId}` });
      try {
        return await invoiceOf(
          await stripe().invoices.pay(invoice.id!, { payment_method: paymentMethodId, off_session: true, expand: ["payments"] }, { idempotencyKey }),
        );
      } catch (error) {
        if (isCardError(error)) return failed(declineOf(error));
        throw error;
      }
    },

    async cancel(subscriptionId, idempotencyKey) {
      try {
        await stripe().subscriptions.cancel(subscriptionId, {}, { idempotencyKey });
      } catch (error) {
        if (isStripeError(error) && error.code === "resource_missing") return;
        throw error;
      }
    },
  };
}
