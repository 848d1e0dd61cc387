import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

/**
 * The currencies the stand-in takes, Stripe's way (lowercase): those of lib/shared/money/currency.ts, each
 * with Stripe's least charge in its minor unit (docs/currencies#minimum-and-maximum-charge-amounts:
 * MX$10.00 is 1000 centavos; yen has no minor unit, ¥50 is 50). A wrong currency or an amount in the
 * wrong unit is refused as Stripe refuses it.
 */
const STRIPE_MINIMUMS: Record<string, number> = { usd: 50, cad: 50, mxn: 1000, eur: 50, gbp: 30, jpy: 50 };
const STRIPE_CURRENCIES = Object.keys(STRIPE_MINIMUMS);

// Tests only (Vitest, and Playwright specs, which load it outside Next: hence no server-only import):
// a local stand-in of the Stripe API endpoints the Stripe provider (provider.ts) calls,
// since no Stripe server is reachable from here. It answers Stripe-shaped JSON and checks every
// request against Stripe's documented shapes: the Authorization bearer key, the Stripe-Version the
// package pins, form-encoded bodies with Stripe's parameter names (an unknown one is Stripe's 400
// parameter_unknown), an Idempotency-Key on every POST (a reused key replays its answer; reused
// with other parameters it is Stripe's 400 idempotency_error). It keeps every request it got and
// the events Stripe would send, each a snapshot of the object; the test signs them with the
// package's stripe.webhooks.generateTestHeaderString and posts them to Nosh's webhook route.
//
// Cards come from createCard(behaviour): what Stripe.js's createPaymentMethod gives the browser
// (a pm_ id; the number stays at Stripe); or from cardFromBrowser, Stripe's answer to the browser's
// own POST /v1/payment_methods (the Stripe.js stand-in of e2e/support/stripe-js.ts), by Stripe's test numbers. The behaviours are those of Stripe's test cards;
// "capture_declined" is the stand-in's own (Stripe has no test card that fails at capture).

export type StandInCardBehavior = "succeeds" | "decline" | "insufficient_funds" | "expired" | "incorrect_cvc" | "three_d_secure" | "capture_declined";
export type Json = Record<string, unknown>;
export type Params = { [key: string]: string | Params };
export type StandInRequest = { method: string; path: string; params: Params; idempotencyKey: string | null; account: string | null };
export type StandInEvent = { id: string; type: string; body: string };

export const DECLINES: Partial<Record<StandInCardBehavior, { code: string; decline_code?: string; message: string }>> = {
  decline: { code: "card_declined", decline_code: "generic_decline", message: "Your card was declined." },
  insufficient_funds: { code: "card_declined", decline_code: "insufficient_funds", message: "Your card has insufficient funds." },
  expired: { code: "expired_card", decline_code: "expired_card", message: "Your card has expired." },
  incorrect_cvc: { code: "incorrect_cvc", decline_code: "incorrect_cvc", message: "Your card's security code is incorrect." },
};

/** Stripe's test card numbers (docs/testing) as the stand-in's behaviours, with their brand. */
const TEST_NUMBERS: Record<string, [StandInCardBehavior, string]> = {
  "4242424242424242": ["succeeds", "visa"],
  "5555555555554444": ["succeeds", "mastercard"],
  "4000000000000002": ["decline", "visa"],
  "4000000000009995": ["insufficient_funds", "visa"],
  "4000000000000069": ["expired", "visa"],
  "4000000000000127": ["incorrect_cvc", "visa"],
  "4000002500003155": ["three_d_secure", "visa"],
};

/** The parameters each endpoint takes (Stripe's names); anything else is refused as Stripe refuses it. */
const ALLOWED: Record<string, string[]> = {
  "POST /v1/customers": ["metadata"],
  "POST /v1/payment_methods/:id/attach": ["customer"],
  "POST /v1/payment_methods/:id/detach": [],
  "POST /v1/payment_intents": [
    "amount",
    "currency",
    "capture_method",
    "confirm",
    "customer",
    "payment_method",
    "allowed_payment_method_types",
    "return_url",
    "expand",
    "metadata",
  ],
  "POST /v1/payment_intents/:id/capture": ["expand", "amount_to_capture"],
  "POST /v1/payment_intents/:id/cancel": ["expand", "cancellation_reason"],
  "POST /v1/refunds": ["payment_intent", "amount", "reason", "metadata"],
  "GET /v1/payment_intents/:id": ["expand"],
  "GET /v1/payment_methods/:id": ["expand"],
  "POST /v1/disputes/:id": ["evidence", "submit", "metadata", "expand", "intended_submission_method"],
  "GET /v1/disputes/:id": ["expand"],
};

/** Stripe's dispute evidence fields (DisputeUpdateParams.Evidence): text fields, and file ids for the documents. */
const EVIDENCE_FIELDS = [
  "access_activity_log",
  "billing_address",
  "cancellation_policy",
  "cancellation_policy_disclosure",
  "cancellation_rebuttal",
  "customer_communication",
  "customer_email_address",
  "customer_name",
  "customer_purchase_ip",
  "customer_signature",
  "duplicate_charge_documentation",
  "duplicate_charge_explanation",
  "duplicate_charge_id",
  "product_description",
  "receipt",
  "refund_policy",
  "refund_policy_disclosure",
  "refund_refusal_explanation",
  "service_date",
  "service_documentation",
  "shipping_address",
  "shipping_carrier",
  "shipping_date",
  "shipping_documentation",
  "shipping_tracking_number",
  "uncategorized_file",
  "uncategorized_text",
];
/** The documents are File ids (file_...), uploaded to files.stripe.com first. */
const FILE_FIELDS = [
  "cancellation_policy",
  "customer_communication",
  "customer_signature",
  "duplicate_charge_documentation",
  "receipt",
  "refund_policy",
  "service_documentation",
  "shipping_documentation",
  "uncategorized_file",
];

export class StripeAnswer extends Error {
  constructor(
    readonly status: number,
    readonly body: Json,
  ) {
    super(String((body.error as Json | undefined)?.message ?? status));
  }
}
export const invalid = (message: string, extra: Json = {}) => new StripeAnswer(400, { error: { type: "invalid_request_error", message, ...extra } });
export const missing = (what: string, id: string) =>
  new StripeAnswer(404, { error: { type: "invalid_request_error", code: "resource_missing", message: `No such ${what}: '${id}'` } });

/** Stripe's form encoding read back: `a[b][0]=x` as { a: { b: { 0: "x" } } }. */
function parseForm(body: string): Params {
  const out: Params = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, "").split("[");
    let node = out;
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Params;
    });
  }
  return out;
}

export const id = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;
export const now = () => Math.floor(Date.now() / 1000);

export class StripeStandIn {
  readonly requests: StandInRequest[] = [];
  readonly events: StandInEvent[] = [];
  protected readonly cards = new Map<string, { behavior: StandInCardBehavior; method: Json }>();
  protected readonly intents = new Map<string, Json>();
  protected readonly charges = new Map<string, Json>();
  protected readonly refunds: Json[] = [];
  protected readonly disputes = new Map<string, Json>();
  private readonly idempotent = new Map<string, { request: string; status: number; body: string }>();
  private server: Server | null = null;

  constructor(
    readonly secretKey: string,
    readonly apiVersion: string = Stripe.API_VERSION,
  ) {}

  /** Listens on a free loopback port; answers its base URL (STRIPE_API_BASE). */
  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      let body = "";
      req.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
      req.on("end", () => {
        let status = 200;
        let answer: string;
        try {
          ({ status, body: answer } = this.answer(req, body));
        } catch (error) {
          // The stand-in's own bug answers a 400 (never retried by the client), so a test fails at once.
          status = error instanceof StripeAnswer ? error.status : 400;
          answer = JSON.stringify(
            error instanceof StripeAnswer ? error.body : { error: { type: "invalid_request_error", message: `Stand-in failure: ${String(error)}` } },
          );
        }
        res.writeHead(status, { "content-type": "application/json", "request-id": id("req") });
        res.end(answer);
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** A card as Stripe.js would tokenize it in the browser: a pm_ id with the brand and last four. */
  createCard(behavior: StandInCardBehavior, card = { brand: "visa", last4: "4242", exp_month: 12, exp_year: 2034 }): string {
    const pm = id("pm");
    this.cards.set(pm, { behavior, method: { id: pm, object: "payment_method", type: "card", customer: null, card, livemode: false, created: now() } });
    return pm;
  }

  /**
   * Stripe's answer to the browser's POST /v1/payment_methods (Stripe.js's createPaymentMethod with
   * the Payment Element's card, or a wallet's card): a PaymentMethod for one of Stripe's test numbers
   * (a decline number tokenizes, and declines at the payment, as at Stripe), else Stripe's card error.
   * A wallet (Google Pay, Apple Pay) gives a card of its own, with `card.wallet.type`.
   */
  cardFromBrowser(input: { number?: string; expMonth: number; expYear: number; wallet?: "google_pay" | "apple_pay" }): { status: number; body: Json } {
    const known = input.wallet ? (["succeeds", "visa"] as const) : TEST_NUMBERS[input.number ?? ""];
    if (!known) return { status: 402, body: { error: { type: "card_error", code: "incorrect_number", param: "number", message: "Your card number is incorrect." } } };
    const card = { brand: known[1], last4: input.wallet ? "1881" : input.number!.slice(-4), exp_month: input.expMonth, exp_year: input.expYear };
    const pm = this.createCard(known[0], card);
    if (input.wallet) Object.assign(this.cards.get(pm)!.method.card as Json, { wallet: { type: input.wallet } });
    return { status: 200, body: structuredClone(this.cards.get(pm)!.method) };
  }

  /** The customer on Stripe's hosted 3-D Secure page: passes (authorized) or fails the challenge. */
  completeChallenge(piId: string, passed: boolean): void {
    const pi = this.intents.get(piId)!;
    if (pi.status !== "requires_action") throw new Error(`${piId} is ${String(pi.status)}`);
    if (passed) this.authorized(pi);
    else {
      Object.assign(pi, {
        status: "requires_payment_method",
        next_action: null,
        last_payment_error: {
          type: "invalid_request_error",
          code: "payment_intent_authentication_failure",
          message: "The provided PaymentMethod has failed authentication.",
        },
      });
      this.event("payment_intent.payment_failed", pi);
    }
  }

  /** Stripe cancels an authorization not captured in time (7 days for cards): cancellation_reason "automatic". */
  expireAuthorization(piId: string): void {
    const pi = this.intents.get(piId)!;
    Object.assign(pi, { status: "canceled", amount_capturable: 0, cancellation_reason: "automatic", canceled_at: now() });
    this.event("payment_intent.canceled", pi);
  }

  /** The cardholder's bank disputes a captured charge (Stripe's test card 4000 0000 0000 0259 does so at once): charge.dispute.created. */
  openDispute(piId: string, reason = "fraudulent"): string {
    const pi = this.pi(piId);
    const charge = this.charges.get(String(pi.latest_charge));
    if (pi.status !== "succeeded" || !charge) throw new Error(`${piId} has no captured charge to dispute`);
    const created = now();
    const dispute: Json = {
      id: id("du"),
      object: "dispute",
      amount: Number(charge.amount_captured) - Number(charge.amount_refunded),
      currency: charge.currency,
      charge: charge.id,
      payment_intent: pi.id,
      reason,
      status: "needs_response",
      is_charge_refundable: false,
      balance_transactions: [],
      evidence: Object.fromEntries(EVIDENCE_FIELDS.map((field) => [field, null])),
      evidence_details: { due_by: created + 21 * 86_400, has_evidence: false, past_due: false, submission_count: 0 },
      livemode: false,
      metadata: {},
      created,
    };
    charge.disputed = true;
    this.disputes.set(String(dispute.id), dispute);
    this.event("charge.dispute.created", dispute);
    return String(dispute.id);
  }

  /** The bank decides: charge.dispute.closed with status won or lost. */
  closeDispute(duId: string, won: boolean): void {
    const dispute = this.dispute(duId);
    Object.assign(dispute, { status: won ? "won" : "lost" });
    this.event("charge.dispute.closed", dispute);
  }

  dispute(duId: string): Json {
    const dispute = this.disputes.get(duId);
    if (!dispute) throw missing("dispute", duId);
    return dispute;
  }

  intent(piId: string): Json | undefined {
    return this.intents.get(piId);
  }

  protected event(type: string, object: Json, account: string | null = null): void {
    const event = {
      id: id("evt"),
      object: "event",
      ...(account ? { account } : {}),
      api_version: this.apiVersion,
      created: now(),
      livemode: false,
      pending_webhooks: 1,
      type,
      data: { object: structuredClone(object) },
    };
    this.events.push({ id: event.id, type, body: JSON.stringify(event, null, 2) });
  }

  private answer(req: IncomingMessage, raw: string): { status: number; body: string } {
    const url = new URL(req.url ?? "/", "http://stand-in");
    const method = req.method ?? "GET";
    const key = (req.headers["idempotency-key"] as string | undefined) ?? null;
    const params = method === "GET" ? parseForm(url.search.slice(1)) : parseForm(raw);
    const account = (req.headers["stripe-account"] as string | undefined) ?? null;
    this.requests.push({ method, path: url.pathname, params, idempotencyKey: key, account });
    if (req.headers.authorization !== `Bearer ${this.secretKey}`)
      throw new StripeAnswer(401, { error: { type: "invalid_request_error", message: "Invalid API Key provided" } });
    if (req.headers["stripe-version"] !== this.apiVersion) throw invalid(`Invalid Stripe API version: ${String(req.headers["stripe-version"])}`);
    const route = `${method} ${url.pathname.replace(/\/(pm|pi|cus|acct|po|du|sub|in)_\w+/, "/:id")}`;
    const allowed = this.allowedParams(route);
    if (!allowed) throw new StripeAnswer(404, { error: { type: "invalid_request_error", message: `Unrecognized request URL (${method}: ${url.pathname})` } });
    for (const name of Object.keys(params)) if (!allowed.includes(name)) throw invalid(`Received unknown parameter: ${name}`, { code: "parameter_unknown", param: name });
    if (method === "POST") {
      if (req.headers["content-type"] !== "application/x-www-form-urlencoded") throw invalid("Stripe takes form-encoded bodies");
      if (!key) throw invalid("Nosh sends an Idempotency-Key on every write");
      const signature = `${account} ${url.pathname} ${raw}`;
      const before = this.idempotent.get(key);
      if (before && before.request !== signature)
        throw new StripeAnswer(400, {
          error: { type: "idempotency_error", message: "Keys for idempotent requests can only be used with the same parameters they were first used with." },
        });
      if (before) return before;
    }
    let status = 200;
    let body: Json;
    try {
      body = this.route(route, url.pathname.split("/")[3] ?? "", params, account);
    } catch (error) {
      if (!(error instanceof StripeAnswer) || method !== "POST" || error.status >= 500) throw error;
      status = error.status;
      body = error.body;
    }
    const answer = { status, body: JSON.stringify(body) };
    // Stripe keeps an idempotent result once the endpoint ran (a success, a decline), not a request refused as invalid.
    if (method === "POST" && status !== 400) this.idempotent.set(key!, { request: `${account} ${url.pathname} ${raw}`, ...answer });
    if (status !== 200) throw new StripeAnswer(status, body);
    return answer;
  }

  /** The parameters an endpoint takes, by its route ("POST /v1/payment_intents/:id/capture"); undefined: no such endpoint. */
  protected allowedParams(route: string): string[] | undefined {
    return ALLOWED[route];
  }

  /** An endpoint's answer; `account` is the Stripe-Account header (a connected account's request: the Connect stand-in). */
  protected route(route: string, pathId: string, p: Params, _account: string | null): Json {
    const expand = Object.values((p.expand as Params | undefined) ?? {});
    switch (route) {
      case "GET /v1/payment_methods/:id":
        return this.card(pathId).method;
      case "POST /v1/customers":
        return { id: id("cus"), object: "customer", metadata: p.metadata ?? {}, created: now(), livemode: false };
      case "POST /v1/payment_methods/:id/attach": {
        const card = this.card(pathId);
        if (typeof p.customer !== "string" || !p.customer.startsWith("cus_")) throw invalid("Missing required param: customer.", { param: "customer" });
        if (card.method.customer) throw invalid("The payment method you provided has already been attached to a customer.");
        card.method.customer = p.customer;
        return card.method;
      }
      case "POST /v1/payment_methods/:id/detach": {
        const card = this.card(pathId);
        if (!card.method.customer) throw invalid("The payment method you provided is not attached to a customer so detachment is impossible.");
        card.method.customer = null;
        return card.method;
      }
      case "POST /v1/payment_intents":
        return this.view(this.create(p), expand);
      case "GET /v1/payment_intents/:id":
        return this.view(this.pi(pathId), expand);
      case "POST /v1/payment_intents/:id/capture":
        return this.view(this.capture(this.pi(pathId)), expand);
      case "POST /v1/payment_intents/:id/cancel": {
        const pi = this.pi(pathId);
        if (!["requires_payment_method", "requires_capture", "requires_confirmation", "requires_action"].includes(String(pi.status)))
          throw invalid(`You cannot cancel this PaymentIntent because it has a status of ${String(pi.status)}.`, { code: "payment_intent_unexpected_state" });
        Object.assign(pi, { status: "canceled", amount_capturable: 0, next_action: null, canceled_at: now(), cancellation_reason: p.cancellation_reason ?? null });
        this.event("payment_intent.canceled", pi);
        return this.view(pi, expand);
      }
      case "POST /v1/refunds":
        return this.refund(p);
      case "GET /v1/disputes/:id":
        return structuredClone(this.dispute(pathId));
      case "POST /v1/disputes/:id":
        return this.updateDispute(this.dispute(pathId), p);
    }
    throw new Error(`No route ${route}`);
  }

  protected card(pm: string) {
    const card = this.cards.get(pm);
    if (!card) throw missing("PaymentMethod", pm);
    return card;
  }

  protected pi(piId: string): Json {
    const pi = this.intents.get(piId);
    if (!pi) throw missing("payment_intent", piId);
    return pi;
  }

  /** The intent as answered: latest_charge expanded when asked (expand[]=latest_charge). */
  private view(pi: Json, expand: (string | Params)[]): Json {
    const charge = typeof pi.latest_charge === "string" ? this.charges.get(pi.latest_charge) : null;
    return structuredClone(expand.includes("latest_charge") && charge ? { ...pi, latest_charge: charge } : pi);
  }

  private authorized(pi: Json): void {
    const charge = {
      id: id("ch"),
      object: "charge",
      amount: pi.amount,
      amount_captured: 0,
      amount_refunded: 0,
      captured: false,
      refunded: false,
      paid: true,
      status: "succeeded",
      currency: pi.currency,
      payment_intent: pi.id,
      payment_method: pi.payment_method,
      livemode: false,
      created: now(),
    };
    this.charges.set(charge.id, charge);
    Object.assign(pi, { status: "requires_capture", amount_capturable: pi.amount, next_action: null, last_payment_error: null, latest_charge: charge.id });
    this.event("payment_intent.amount_capturable_updated", pi);
  }

  private create(p: Params): Json {
    const amount = Number(p.amount);
    // Stripe's codes are lowercase ISO 4217 ("usd", "mxn"); an uppercase one is refused, as Stripe does.
    if (typeof p.currency !== "string" || !STRIPE_CURRENCIES.includes(p.currency)) throw invalid("Invalid currency", { param: "currency" });
    if (typeof p.amount !== "string" || !/^\d+$/.test(p.amount) || amount < STRIPE_MINIMUMS[p.currency]!)
      throw invalid(`Amount must be at least ${STRIPE_MINIMUMS[p.currency]} in ${p.currency}'s smallest unit`, { param: "amount", code: "amount_too_small" });
    if (p.capture_method !== "manual") throw invalid("Nosh authorizes with capture_method=manual", { param: "capture_method" });
    if (p.confirm !== "true") throw invalid("Nosh confirms at creation", { param: "confirm" });
    if (typeof p.return_url !== "string" || !/^https?:\/\//.test(p.return_url)) throw invalid("return_url must be an absolute URL", { param: "return_url" });
    const types = p.allowed_payment_method_types as Params | undefined;
    if (!types || Object.values(types).join() !== "card") throw invalid("allowed_payment_method_types must be [card]", { param: "allowed_payment_method_types" });
    const card = this.card(String(p.payment_method));
    if (card.method.customer !== p.customer)
      throw invalid("The provided PaymentMethod was previously used with a PaymentIntent without Customer attachment... it must be attached to the customer given.", {
        param: "payment_method",
      });
    const piId = id("pi");
    const pi: Json = {
      id: piId,
      object: "payment_intent",
      amount,
      amount_capturable: 0,
      amount_received: 0,
      currency: p.currency,
      capture_method: "manual",
      confirmation_method: "automatic",
      customer: p.customer,
      payment_method: p.payment_method,
      payment_method_types: ["card"],
      status: "requires_confirmation",
      latest_charge: null,
      last_payment_error: null,
      next_action: null,
      cancellation_reason: null,
      canceled_at: null,
      client_secret: `${piId}_secret_${randomBytes(8).toString("hex")}`,
      created: now(),
      livemode: false,
      metadata: p.metadata ?? {},
    };
    this.intents.set(String(pi.id), pi);
    this.event("payment_intent.created", pi);
    const decline = DECLINES[card.behavior];
    if (decline) {
      Object.assign(pi, { status: "requires_payment_method", last_payment_error: { type: "card_error", ...decline, payment_method: card.method } });
      this.event("payment_intent.payment_failed", pi);
      throw new StripeAnswer(402, { error: { type: "card_error", ...decline, payment_intent: structuredClone(pi) } });
    }
    if (card.behavior === "three_d_secure") {
      Object.assign(pi, {
        status: "requires_action",
        next_action: { type: "redirect_to_url", redirect_to_url: { url: `https://hooks.stripe.com/3d_secure_2/hosted/${String(pi.id)}`, return_url: p.return_url } },
      });
      this.event("payment_intent.requires_action", pi);
    } else this.authorized(pi);
    return pi;
  }

  private capture(pi: Json): Json {
    if (pi.status !== "requires_capture")
      throw invalid(`This PaymentIntent could not be captured because it has a status of ${String(pi.status)}.`, { code: "payment_intent_unexpected_state" });
    if (this.card(String(pi.payment_method)).behavior === "capture_declined") {
      const decline = DECLINES.decline!;
      throw new StripeAnswer(402, { error: { type: "card_error", ...decline, payment_intent: structuredClone(pi) } });
    }
    const charge = this.charges.get(String(pi.latest_charge))!;
    Object.assign(charge, { captured: true, amount_captured: pi.amount });
    Object.assign(pi, { status: "succeeded", amount_capturable: 0, amount_received: pi.amount });
    this.event("payment_intent.succeeded", pi);
    return pi;
  }

  /** Evidence staged, or submitted to the bank (submit defaults to true): under_review, charge.dispute.updated. Text past 150,000 characters in all is refused, as Stripe does. */
  private updateDispute(dispute: Json, p: Params): Json {
    if (!["needs_response", "warning_needs_response"].includes(String(dispute.status)))
      throw invalid(`This dispute is already ${String(dispute.status) === "under_review" ? "under review" : "closed"}: its evidence cannot be changed.`);
    const evidence = (p.evidence ?? {}) as Params;
    for (const [field, value] of Object.entries(evidence)) {
      if (!EVIDENCE_FIELDS.includes(field)) throw invalid(`Received unknown parameter: evidence[${field}]`, { code: "parameter_unknown", param: `evidence[${field}]` });
      if (typeof value !== "string") throw invalid(`Invalid string: evidence[${field}]`, { param: `evidence[${field}]` });
      if (FILE_FIELDS.includes(field) && !value.startsWith("file_")) throw invalid(`No such file upload: '${value}'`, { param: `evidence[${field}]` });
    }
    const text = Object.values(evidence).reduce((sum, value) => sum + String(value).length, 0);
    if (text > 150_000) throw invalid("The combined character count of the evidence is limited to 150,000.", { param: "evidence" });
    Object.assign(dispute.evidence as Json, evidence);
    if (p.metadata) Object.assign(dispute.metadata as Json, p.metadata);
    const details = dispute.evidence_details as Json;
    details.has_evidence = true;
    if (p.submit !== "false") {
      dispute.status = "under_review";
      details.submission_count = Number(details.submission_count) + 1;
    }
    this.event("charge.dispute.updated", dispute);
    return structuredClone(dispute);
  }

  private refund(p: Params): Json {
    const pi = this.pi(String(p.payment_intent));
    const charge = typeof pi.latest_charge === "string" ? this.charges.get(pi.latest_charge) : undefined;
    if (pi.status !== "succeeded" || !charge)
      throw invalid(`This PaymentIntent (${String(pi.id)}) does not have a successful charge to refund.`, { code: "charge_not_refundable" });
    // A disputed charge (Stripe's charge_disputed): no refund while its dispute is open; once lost, what the bank took is not refundable.
    const disputes = [...this.disputes.values()].filter((dispute) => dispute.charge === charge.id);
    if (disputes.some((dispute) => !["won", "lost", "warning_closed"].includes(String(dispute.status))))
      throw invalid(`Charge ${String(charge.id)} has been charged back; cannot issue a refund.`, { code: "charge_disputed" });
    const lost = disputes.filter((dispute) => dispute.status === "lost").reduce((sum, dispute) => sum + Number(dispute.amount), 0);
    const left = Number(charge.amount_captured) - Number(charge.amount_refunded) - lost;
    const amount = p.amount === undefined ? left : Number(p.amount);
    if (!Number.isInteger(amount) || amount <= 0) throw invalid("Invalid positive integer", { param: "amount" });
    if (amount > left)
      throw invalid(`Refund amount ($${amount / 100}) is greater than unrefunded amount on charge ($${left / 100})`, { code: "amount_too_large", param: "amount" });
    charge.amount_refunded = Number(charge.amount_refunded) + amount;
    charge.refunded = charge.amount_refunded === charge.amount_captured;
    const refund = { id: id("re"), object: "refund", amount, currency: pi.currency, charge: charge.id, payment_intent: pi.id, status: "succeeded", created: now() };
    this.refunds.push(refund);
    this.event("charge.refunded", charge);
    return refund;
  }
}
