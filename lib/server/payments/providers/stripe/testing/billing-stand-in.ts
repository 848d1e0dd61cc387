import "server-only";
import { StripeConnectStandIn } from "./connect-stand-in";
import { monthAfter } from "@/lib/shared/money/membership";
import { DECLINES, StripeAnswer, id, invalid, missing, now, type Json, type Params } from "./stand-in";

// Tests only: the Stripe stand-in (testing/stand-in.ts, with Connect) and the Billing endpoints the
// Stripe provider's recurring billing calls (stripe/billing.ts): Products, Subscriptions with an
// inline monthly price (price_data), trials, payment_behavior=error_if_incomplete, their invoices
// paid by a PaymentIntent (invoice.payments), an open invoice paid again with another card, and
// cancellation. `cycle(subscription)` is Stripe's renewal (what a test clock advancing a month
// does): the next period's invoice, attempted on the default card: paid, or left open.

const BILLING_ALLOWED: Record<string, string[]> = {
  "POST /v1/products": ["name", "metadata"],
  "POST /v1/subscriptions": ["customer", "default_payment_method", "off_session", "payment_behavior", "items", "trial_period_days", "metadata", "expand"],
  "GET /v1/subscriptions/:id": ["expand"],
  "DELETE /v1/subscriptions/:id": ["invoice_now", "prorate"],
  "POST /v1/invoices/:id/pay": ["payment_method", "off_session", "expand"],
  "POST /v1/invoices/:id/finalize": ["auto_advance", "expand"],
};
/** A month after `unix` seconds, as Stripe's monthly interval: the same day of the next month (clamped). */
const monthFrom = (unix: number) => Math.floor(monthAfter(new Date(unix * 1000)).getTime() / 1000);

export class StripeBillingStandIn extends StripeConnectStandIn {
  readonly products = new Map<string, Json>();
  readonly subscriptions = new Map<string, Json>();
  readonly invoices = new Map<string, Json>();

  protected allowedParams(route: string): string[] | undefined {
    return BILLING_ALLOWED[route] ?? super.allowedParams(route);
  }

  /** Stripe's renewal of a subscription: the next period's invoice (billing_reason subscription_cycle), attempted on its default card. Returns the invoice's id. */
  cycle(subscriptionId: string): string {
    const sub = this.subscription(subscriptionId);
    const start = Number(sub.current_period_end ?? now());
    Object.assign(sub, { status: "active", trial_end: null, current_period_start: start, current_period_end: monthFrom(start) });
    const invoice = this.invoice(sub, "subscription_cycle", start);
    this.attempt(invoice, String(sub.default_payment_method));
    if (invoice.status !== "paid") sub.status = "past_due";
    return String(invoice.id);
  }

  protected route(route: string, pathId: string, p: Params, account: string | null): Json {
    switch (route) {
      case "POST /v1/products": {
        if (typeof p.name !== "string" || !p.name) throw invalid("Missing required param: name.", { param: "name" });
        const product = { id: id("prod"), object: "product", name: p.name, metadata: p.metadata ?? {}, created: now(), livemode: false };
        this.products.set(product.id, product);
        return product;
      }
      case "POST /v1/subscriptions":
        return this.subscriptionView(this.subscribe(p));
      case "GET /v1/subscriptions/:id":
        return this.subscriptionView(this.subscription(pathId));
      case "DELETE /v1/subscriptions/:id": {
        const sub = this.subscription(pathId);
        Object.assign(sub, { status: "canceled", canceled_at: now() });
        this.event("customer.subscription.deleted", sub);
        return structuredClone(sub);
      }
      case "POST /v1/invoices/:id/finalize": {
        const invoice = this.invoiceOf(pathId);
        if (invoice.status !== "draft") throw invalid("This invoice is already finalized.", { code: "invoice_not_editable" });
        invoice.status = "open";
        return structuredClone(invoice);
      }
      case "POST /v1/invoices/:id/pay": {
        const invoice = this.invoiceOf(pathId);
        if (invoice.status === "paid") throw invalid("Invoice is already paid", { code: "invoice_already_paid" });
        if (invoice.status !== "open") throw invalid(`You can only pay an open invoice (this one is ${String(invoice.status)}).`);
        const card = typeof p.payment_method === "string" ? p.payment_method : String(this.subscription(String(invoice.subscription)).default_payment_method);
        this.attempt(invoice, card);
        if (String(invoice.status) !== "paid") {
          const decline = DECLINES[this.card(card).behavior] ?? DECLINES.decline!;
          throw new StripeAnswer(402, { error: { type: "card_error", ...decline } });
        }
        const sub = this.subscription(String(invoice.subscription));
        if (sub.status === "past_due") sub.status = "active";
        return structuredClone(invoice);
      }
    }
    return super.route(route, pathId, p, account);
  }

  private subscription(subId: string): Json {
    const sub = this.subscriptions.get(subId);
    if (!sub) throw missing("subscription", subId);
    return sub;
  }

  private invoiceOf(inId: string): Json {
    const invoice = this.invoices.get(inId);
    if (!invoice) throw missing("invoice", inId);
    return invoice;
  }

  /** The subscription as answered: latest_invoice expanded (Nosh always asks for it). */
  private subscriptionView(sub: Json): Json {
    const latest = typeof sub.latest_invoice === "string" ? this.invoices.get(sub.latest_invoice) : null;
    return structuredClone({ ...sub, latest_invoice: latest ?? null });
  }

  private subscribe(p: Params): Json {
    const customer = String(p.customer ?? "");
    const pm = String(p.default_payment_method ?? "");
    if (!customer.startsWith("cus_")) throw invalid("Missing required param: customer.", { param: "customer" });
    if (this.card(pm).method.customer !== customer) throw invalid("The default payment method must be attached to the customer.", { param: "default_payment_method" });
    if (p.payment_behavior !== "error_if_incomplete") throw invalid("Nosh subscribes with payment_behavior=error_if_incomplete", { param: "payment_behavior" });
    const price = ((p.items as Params | undefined)?.["0"] as Params | undefined)?.price_data as Params | undefined;
    const recurring = price?.recurring as Params | undefined;
    if (!price || !this.products.has(String(price.product)) || recurring?.interval !== "month" || !/^\d+$/.test(String(price.unit_amount)))
      throw invalid("items[0][price_data] needs a product, a unit_amount and recurring[interval]=month", { param: "items" });
    const trialDays = p.trial_period_days === undefined ? 0 : Number(p.trial_period_days);
    const start = now();
    const end = trialDays > 0 ? start + trialDays * 86_400 : monthFrom(start);
    const sub: Json = {
      id: id("sub"),
      object: "subscription",
      customer,
      default_payment_method: pm,
      status: trialDays > 0 ? "trialing" : "incomplete",
      items: {
        object: "list",
        data: [{ price: { currency: price.currency, unit_amount: Number(price.unit_amount), product: price.product, recurring: { interval: "month" } } }],
      },
      current_period_start: start,
      current_period_end: end,
      trial_end: trialDays > 0 ? end : null,
      latest_invoice: null,
      metadata: p.metadata ?? {},
      created: start,
      livemode: false,
    };
    if (trialDays === 0) {
      const invoice = this.invoice(sub, "subscription_create");
      this.attempt(invoice, pm);
      if (invoice.status !== "paid") {
        // error_if_incomplete: a first payment that fails makes no subscription.
        const decline = DECLINES[this.card(pm).behavior] ?? DECLINES.decline!;
        throw new StripeAnswer(402, { error: { type: "card_error", ...decline } });
      }
      sub.status = "active";
    }
    this.subscriptions.set(String(sub.id), sub);
    this.event("customer.subscription.created", sub);
    return sub;
  }

  /** An open invoice of the subscription's price, made at `created` (a cycle's: its period's start, as Stripe issues it). */
  private invoice(sub: Json, reason: string, created = now()): Json {
    const price = ((sub.items as Json).data as Json[])[0]!.price as Json;
    const invoice: Json = {
      id: id("in"),
      object: "invoice",
      customer: sub.customer,
      subscription: sub.id,
      billing_reason: reason,
      status: "open",
      amount_due: price.unit_amount,
      amount_paid: 0,
      currency: price.currency,
      payments: { object: "list", data: [] },
      created,
      livemode: false,
    };
    this.invoices.set(String(invoice.id), invoice);
    sub.latest_invoice = invoice.id;
    return invoice;
  }

  /** One payment attempt of an open invoice on `pm`: a PaymentIntent (automatic capture) succeeded or failed, listed in invoice.payments. */
  private attempt(invoice: Json, pm: string): void {
    const card = this.card(pm);
    const decline =
      DECLINES[card.behavior] ?? (card.behavior === "three_d_secure" ? { code: "authentication_required", message: "This payment requires authentication." } : undefined);
    const piId = id("pi");
    const pi: Json = {
      id: piId,
      object: "payment_intent",
      amount: invoice.amount_due,
      amount_received: decline ? 0 : invoice.amount_due,
      amount_capturable: 0,
      currency: invoice.currency,
      capture_method: "automatic",
      customer: invoice.customer,
      payment_method: pm,
      status: decline ? "requires_payment_method" : "succeeded",
      last_payment_error: decline ? { type: "card_error", ...decline } : null,
      latest_charge: null,
      next_action: null,
      cancellation_reason: null,
      created: now(),
      livemode: false,
      metadata: {},
    };
    if (!decline) {
      const charge = {
        id: id("ch"),
        object: "charge",
        amount: pi.amount,
        amount_captured: pi.amount,
        amount_refunded: 0,
        captured: true,
        refunded: false,
        paid: true,
        status: "succeeded",
        currency: pi.currency,
        payment_intent: piId,
        payment_method: pm,
        livemode: false,
        created: now(),
      };
      this.charges.set(charge.id, charge);
      pi.latest_charge = charge.id;
      Object.assign(invoice, { status: "paid", amount_paid: invoice.amount_due });
    }
    this.intents.set(piId, pi);
    (invoice.payments as { data: Json[] }).data.push({
      object: "invoice_payment",
      status: decline ? "failed" : "paid",
      payment: { type: "payment_intent", payment_intent: piId },
    });
    this.event(decline ? "invoice.payment_failed" : "invoice.paid", invoice);
  }
}
