import Stripe from "stripe";
import { afterAll, describe, expect, it } from "vitest";
import type { User } from "@/lib/generated/prisma/client";
import { stripeSettings } from "@/lib/edge/stripe-settings";
import { submitOrderSchema, type SubmitOrderInput } from "@/lib/contract/orders/checkout-rules";
import { placeOrderSchema } from "@/lib/contract/orders/rules";
import { setUpTestDatabase } from "../../../platform/testing/db";
import { StripeConnectStandIn } from "./testing/connect-stand-in";
import type { StandInCardBehavior } from "./testing/stand-in";
import { rejectionOf } from "@/lib/shared/orders/order-stages";

// The Stripe provider (provider.ts) against a local stand-in of the Stripe endpoints it calls
// (testing/stand-in.ts: every request checked for Stripe's parameter names, the bearer key,
// the pinned Stripe-Version and an Idempotency-Key on writes), on a real migrated database: a
// card order authorized with manual capture, 3-D Secure, declines, capture, a refused or lapsed
// capture, void, refund, and Stripe's webhooks (signed with the package's generateTestHeaderString)
// through Nosh's webhook route: replayed, forged, out of order. Not Stripe itself (docs/deploying.md).

const KEY = "sk_test_nosh_stand_in";
const WEBHOOK_SECRET = "whsec_nosh_stand_in_signing_secret";
const standIn = new StripeConnectStandIn(KEY);
const base = await standIn.start();
afterAll(() => standIn.stop());
setUpTestDatabase({ STRIPE_SECRET_KEY: KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: base });

const m = {
  db: (await import("../../../platform/db")).db,
  sql: await import("../../../platform/sql"),
  place: await import("../../../orders/place"),
  accept: await import("../../../orders/accept"),
  reject: await import("../../../orders/reject"),
  cancel: await import("../../../orders/cancel"),
  stripe: await import("./provider"),
  select: await import("../select"),
  methods: await import("../../methods"),
  checkout: await import("@/lib/server/payments/card-checkout"),
  paid: await import("../../../orders/testing/place-paid"),
  orderPayment: await import("../../order-payment"),
  check: await import("../../../ledger/check"),
  fixtures: await import("../../../platform/testing/fixtures"),
  webhooks: await import("../../webhooks"),
  complete: await import("../../../orders/complete"),
  post: await import("../../../ledger/post"),
  lifecycle: await import("../../../payouts/lifecycle"),
  restaurantPayouts: await import("../../../payouts/restaurant"),
  payoutAccounts: await import("../../../payouts/accounts"),
  payoutWebhook: await import("../../../payouts/webhook"),
  reconcile: await import("../../../payouts/reconcile"),
};

const card = submitOrderSchema.parse({ deliveryOption: "standard", tipPercent: 15, paymentMethod: "card" });
type Shop = Awaited<ReturnType<typeof m.fixtures.shop>>;
const checkout = (user: User, s: Shop, submit: SubmitOrderInput = card) =>
  m.paid.placePaid(user, { cart: placeOrderSchema.parse({ restaurantId: s.restaurant.id, items: [{ menuItemId: s.dish.id, quantity: 2 }], submit }) }, submit);

/** A customer whose default card is a pm_ Stripe.js gave the browser, saved through Nosh's own call. */
async function customerWith(behavior: StandInCardBehavior): Promise<{ user: User; pm: string }> {
  const user = await m.fixtures.customer("stripe");
  const pm = standIn.createCard(behavior);
  await m.methods.saveCard(user, { paymentMethodId: pm, makeDefault: true });
  return { user, pm };
}

const paymentOf = (orderId: number) => m.db.payment.findFirstOrThrow({ where: { orderId }, orderBy: { id: "desc" } });
const paymentEntries = (orderId: number) => m.db.ledgerEntry.count({ where: { orderId, kind: "payment" } });
const ledgerProblems = () => m.sql.sqlTransaction((sql) => m.check.ledgerProblems(sql));
const requestsTo = (path: RegExp) => standIn.requests.filter((request) => path.test(request.path));

/**
 * Stripe's POST to Nosh's webhook route, signed with the package's own test helper (a wrong secret
 * or an old timestamp makes a forgery), handled as the route handles it: the raw body and the
 * header signatureHeaderOf("stripe") names, to handleWebhook (the route itself needs Next's request
 * scope, which Vitest has not: the route's one line is this).
 */
async function deliver(body: string, { secret = WEBHOOK_SECRET, timestamp = Math.floor(Date.now() / 1000), signature = "" } = {}) {
  const headers = new Headers({
    "content-type": "application/json",
    "stripe-signature": signature || new Stripe(KEY).webhooks.generateTestHeaderString({ payload: body, secret, timestamp }),
  });
  try {
    const result = await m.webhooks.handleWebhook("stripe", body, headers.get(m.select.signatureHeaderOf("stripe")), new Date(), m.payoutWebhook.applyPayoutWebhook);
    return { status: 200, body: { received: true, duplicate: !result.handled } };
  } catch (error) {
    return { status: (error as { status: number }).status, body: { message: (error as Error).message } };
  }
}
/** The events Stripe would send the endpoint about one intent (those docs/deploying.md has it subscribe to). */
const eventsOf = (objectId: string) =>
  standIn.events.filter((event) => [...m.stripe.STRIPE_EVENTS, ...m.stripe.STRIPE_CONNECT_EVENTS].includes(event.type as never) && event.body.includes(`"${objectId}"`));

describe("the Stripe provider's selection and settings", () => {
  it("is the provider in use when both secrets are set; one without the other, a wrong kind of key, or STRIPE_API_BASE in production refuse to start", async () => {
    expect(m.select.paymentProvider().name).toBe("stripe");
    expect(m.select.providerNamed("test").name).toBe("test");
    // Demo data on, Stripe in use: no test-provider card is saved (Stripe could not charge it).
    const user = await m.fixtures.customer("demo");
    await m.methods.saveDemoCard(user.id);
    expect(await m.methods.listCards(user)).toEqual([]);
    expect(stripeSettings({}, "production")).toBeNull();
    expect(() => stripeSettings({ STRIPE_SECRET_KEY: KEY }, "development")).toThrow(/go together/);
    expect(() => stripeSettings({ STRIPE_SECRET_KEY: "pk_test_x", STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET }, "development")).toThrow(/secret key/);
    expect(() => stripeSettings({ STRIPE_SECRET_KEY: KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: base }, "production")).toThrow(/tests only/);
  });

  it("the stand-in refuses what Stripe refuses: a wrong key, a write without an Idempotency-Key, an unknown parameter", async () => {
    const post = (headers: Record<string, string>, body: string) =>
      fetch(`${base}/v1/customers`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", "stripe-version": Stripe.API_VERSION, ...headers },
        body,
      });
    expect((await post({ authorization: "Bearer sk_test_wrong", "idempotency-key": "a" }, "")).status).toBe(401);
    expect((await post({ authorization: `Bearer ${KEY}` }, "")).status).toBe(400);
    expect(await (await post({ authorization: `Bearer ${KEY}`, "idempotency-key": "b" }, "email_adress=x")).json()).toMatchObject({
      error: { code: "parameter_unknown" },
    });
  });
});

describe("card orders through Stripe", () => {
  it("authorizes with manual capture at placement and captures once at accept (20 accepts at once), in Stripe's request shapes; the card number never reaches Nosh", async () => {
    const s = await m.fixtures.shop();
    const { user, pm } = await customerWith("succeeds");
    expect(await m.methods.listCards(user)).toEqual([expect.objectContaining({ provider: "stripe", providerId: pm, brand: "Visa", last4: "4242", isDefault: true })]);
    const order = await checkout(user, s);
    const payment = await paymentOf(order.id);
    expect(payment).toMatchObject({ provider: "stripe", state: "authorized", amountCents: order.totalCents, intentId: expect.stringMatching(/^pi_/) });
    expect(await paymentEntries(order.id)).toBe(0);

    // The card attached to a Customer once, then the PaymentIntent: Stripe's names, Nosh's keys.
    const [customer] = requestsTo(/^\/v1\/customers$/).filter((request) => request.params.metadata);
    expect(customer).toMatchObject({ method: "POST", idempotencyKey: `customer:${pm}`, params: { metadata: { nosh_payment_method: pm } } });
    expect(requestsTo(/\/attach$/)).toEqual([expect.objectContaining({ idempotencyKey: `attach:${pm}`, params: { customer: expect.stringMatching(/^cus_/) } })]);
    const [create] = requestsTo(/^\/v1\/payment_intents$/);
    expect(create).toMatchObject({
      idempotencyKey: expect.stringMatching(new RegExp(`^authorize:${user.id}:`)),
      params: {
        amount: String(order.totalCents),
        currency: "usd",
        capture_method: "manual",
        confirm: "true",
        customer: expect.stringMatching(/^cus_/),
        payment_method: pm,
        allowed_payment_method_types: { 0: "card" },
        return_url: "http://localhost:3000/checkout",
      },
    });

    const results = await Promise.allSettled(Array.from({ length: 20 }, () => m.accept.acceptOrder(s.owner, s.restaurant.id, order.id, 20)));
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    expect(requestsTo(new RegExp(`^/v1/payment_intents/${payment.intentId}/capture$`)).map((request) => request.idempotencyKey)).toEqual([`capture:${payment.id}`]);
    expect(standIn.intent(payment.intentId)).toMatchObject({ status: "succeeded", amount_received: order.totalCents });
    expect(await paymentOf(order.id)).toMatchObject({ state: "captured", capturedCents: order.totalCents });
    expect(await paymentEntries(order.id)).toBe(1);

    // Nosh takes only pm_ ids: a number where the id goes is unknown, and no request carried one.
    await expect(m.methods.saveCard(user, { paymentMethodId: "4242424242424242" })).rejects.toMatchObject({ status: 400 });
    // A card number stands alone; the stand-in's random hex ids (cus_1d28d0845901226950ca45e9) may hold 13 digits in a row between letters.
    const cardNumber = /(?<![0-9a-z])\d{13,19}(?![0-9a-z])/i;
    expect(JSON.stringify(standIn.requests)).not.toMatch(cardNumber);
    expect(JSON.stringify(await m.db.paymentMethod.findMany())).not.toMatch(cardNumber);
    expect(await ledgerProblems()).toEqual([]);
  });

  it("a closed account's cards are detached from their Stripe Customer; a card never charged (held by no Customer) asks nothing", async () => {
    const s = await m.fixtures.shop();
    const { user, pm } = await customerWith("succeeds");
    await checkout(user, s);
    const unused = standIn.createCard("succeeds");
    await m.stripe.stripeProvider.detachCard(pm);
    await m.stripe.stripeProvider.detachCard(unused);
    expect(requestsTo(/\/detach$/)).toEqual([expect.objectContaining({ method: "POST", path: `/v1/payment_methods/${pm}/detach`, idempotencyKey: `detach:${pm}` })]);
    // Detached: held by no Customer any more, so a second call asks nothing more.
    await m.stripe.stripeProvider.detachCard(pm);
    expect(requestsTo(/\/detach$/)).toHaveLength(1);
  });

  it("a decline answers 402 with Stripe's reason and places nothing", async () => {
    const s = await m.fixtures.shop();
    for (const [behavior, message] of [
      ["decline", "Your card was declined. Try another card."],
      ["insufficient_funds", "Your card has insufficient funds. Try another card."],
      ["expired", "Your card has expired. Check the expiry date or try another card."],
      ["incorrect_cvc", "Your card's security code (CVC) is incorrect."],
    ] as const) {
      const { user } = await customerWith(behavior);
      await expect(checkout(user, s)).rejects.toMatchObject({ status: 402, message, errors: { "submit.paymentMethod": message } });
      expect(await m.db.order.count({ where: { userId: user.id } })).toBe(0);
    }
  });

  it("3-D Secure: requires_action sends the customer to Stripe's page (next_action's redirect URL) or gives Stripe.js the client secret; the order is placed only once the challenge is passed", async () => {
    const s = await m.fixtures.shop();
    const { user } = await customerWith("three_d_secure");
    const challenge = await checkout(user, s).catch((error: { status: number; extra: { payment: { intentId: string; challengeUrl: string } } }) => error);
    expect(challenge).toMatchObject({
      status: 402,
      extra: { payment: { state: "requires_action", challengeUrl: expect.stringMatching(/^https:\/\/hooks\.stripe\.com\/3d_secure_2\//) } },
    });
    const intentId = (challenge as { extra: { payment: { intentId: string } } }).extra.payment.intentId;
    // The client secret Stripe.js's handleNextAction completes the challenge with in the page (Stripe configured with a publishable key).
    expect((challenge as { extra: { payment: { clientSecret?: string } } }).extra.payment.clientSecret).toBe(standIn.intent(intentId)!.client_secret);
    expect(await m.db.order.count({ where: { userId: user.id } })).toBe(0);
    await expect(checkout(user, s, { ...card, paymentIntent: intentId })).rejects.toMatchObject({ status: 402, extra: { payment: { state: "requires_action" } } });
    standIn.completeChallenge(intentId, true);
    const order = await checkout(user, s, { ...card, paymentIntent: intentId });
    expect(await paymentOf(order.id)).toMatchObject({ state: "authorized", intentId });

    const failing = (await checkout(user, s).catch((error: { extra: { payment: { intentId: string } } }) => error.extra.payment.intentId)) as string;
    standIn.completeChallenge(failing, false);
    await expect(checkout(user, s, { ...card, paymentIntent: failing })).rejects.toMatchObject({
      status: 402,
      message: "Your bank could not confirm this payment. Try again or use another card.",
    });
    expect(await m.db.order.count({ where: { userId: user.id } })).toBe(1);
  });

  it("reject and cancel void (PaymentIntent canceled, nothing charged); a reject after the capture refunds through Stripe's Refunds", async () => {
    const s = await m.fixtures.shop();
    const { user } = await customerWith("succeeds");
    const [a, b, c] = [await checkout(user, s), await checkout(user, s), await checkout(user, s)];
    await m.reject.rejectOrder(s.owner, s.restaurant.id, b.id, rejectionOf("closing", "early"));
    await m.cancel.cancelOrder(user, c.id);
    for (const order of [b, c]) {
      const payment = await paymentOf(order.id);
      expect(payment).toMatchObject({ state: "voided", capturedCents: 0 });
      expect(requestsTo(new RegExp(`${payment.intentId}/cancel$`)).map((request) => request.idempotencyKey)).toEqual([`void:${payment.id}`]);
      expect(standIn.intent(payment.intentId)).toMatchObject({ status: "canceled", amount_received: 0 });
      expect(await m.db.ledgerLine.count({ where: { entry: { orderId: order.id } } })).toBe(0);
    }

    await m.accept.acceptOrder(s.owner, s.restaurant.id, a.id, 20);
    await m.reject.rejectOrder(s.owner, s.restaurant.id, a.id, rejectionOf("out_of_stock"));
    const payment = await paymentOf(a.id);
    expect(requestsTo(/^\/v1\/refunds$/)).toEqual([
      expect.objectContaining({ idempotencyKey: `refund:${payment.id}:${a.totalCents}`, params: { payment_intent: payment.intentId, amount: String(a.totalCents) } }),
    ]);
    expect(payment).toMatchObject({ state: "captured", refundedCents: a.totalCents });
    expect(await ledgerProblems()).toEqual([]);
  });

  it("a capture Stripe refuses, or an authorization that lapsed, puts the order on hold for another card", async () => {
    const s = await m.fixtures.shop();
    const { user } = await customerWith("capture_declined");
    const order = await checkout(user, s);
    await m.accept.acceptOrder(s.owner, s.restaurant.id, order.id, 20);
    const held = await paymentOf(order.id);
    expect(held).toMatchObject({ state: "capture_failed", failureCode: "capture_failed" });
    // The authorization Stripe still held is released (cancellation_reason abandoned).
    expect(standIn.intent(held.intentId)).toMatchObject({ status: "canceled", cancellation_reason: "abandoned" });
    expect(await paymentEntries(order.id)).toBe(0);
    const good = await m.methods.saveCard(user, {
      paymentMethodId: standIn.createCard("succeeds", { brand: "mastercard", last4: "4444", exp_month: 1, exp_year: 2031 }),
    });
    const fixed = await m.orderPayment.fixHeldPayment(user, order.id, { paymentMethodId: good.id });
    expect(fixed.payment).toMatchObject({ state: "captured", captured: order.totalCents / 100 });
    expect(await paymentEntries(order.id)).toBe(1);

    const { user: late } = await customerWith("succeeds");
    const lapsed = await checkout(late, s);
    standIn.expireAuthorization((await paymentOf(lapsed.id)).intentId);
    await m.accept.acceptOrder(s.owner, s.restaurant.id, lapsed.id, 20);
    expect(await paymentOf(lapsed.id)).toMatchObject({ state: "capture_failed" });
    expect(await ledgerProblems()).toEqual([]);
  });
});

describe("Stripe's webhooks through Nosh's webhook handler", () => {
  it("verified with constructEvent: a forged, tampered or old event is refused; 20 replays are handled once; out of order they end in Stripe's state", async () => {
    const s = await m.fixtures.shop();
    const { user } = await customerWith("succeeds");
    const order = await checkout(user, s);
    const payment = await paymentOf(order.id);
    // Captured at Stripe, but Nosh never heard the answer (a crash): the webhooks bring it.
    await m.db.order.update({ where: { id: order.id }, data: { stage: "accepted" } });
    await m.stripe.stripeProvider.capture(payment.intentId, `capture:${payment.id}`);
    expect(await paymentOf(order.id)).toMatchObject({ state: "authorized" });
    const events = eventsOf(payment.intentId);
    expect(events.map((event) => event.type)).toEqual(["payment_intent.amount_capturable_updated", "payment_intent.succeeded"]);
    const succeeded = events[1]!.body;

    const tampered = succeeded.replace(`"amount_received": ${order.totalCents}`, `"amount_received": ${order.totalCents * 10}`);
    for (const forged of [
      await deliver(succeeded, { secret: "whsec_not_the_endpoints_secret" }),
      await deliver(succeeded, { timestamp: Math.floor(Date.now() / 1000) - 3600 }),
    ])
      expect(forged).toMatchObject({ status: 400, body: { message: "The webhook signature is invalid." } });
    const signature = new Stripe(KEY).webhooks.generateTestHeaderString({ payload: succeeded, secret: WEBHOOK_SECRET });
    expect(await deliver(tampered, { signature })).toMatchObject({ status: 400 });
    expect(await deliver(succeeded, { signature: "t=1,v1=00" })).toMatchObject({ status: 400 });
    expect(await m.db.webhookEvent.count()).toBe(0);
    expect(await paymentOf(order.id)).toMatchObject({ state: "authorized" });

    for (const event of [...events].reverse()) {
      const answers = await Promise.all(Array.from({ length: 20 }, () => deliver(event.body)));
      expect(answers.every((answer) => answer.status === 200)).toBe(true);
      expect(answers.filter((answer) => answer.body.duplicate === false)).toHaveLength(1);
    }
    expect(await paymentOf(order.id)).toMatchObject({ state: "captured", capturedCents: order.totalCents });
    expect(await paymentEntries(order.id)).toBe(1);

    // A refund made at Stripe's dashboard (not by Nosh) is reported by charge.refunded and recorded.
    await m.stripe.stripeProvider.refund(payment.intentId, 500, "dashboard-refund");
    const [refunded] = eventsOf(payment.intentId).filter((event) => event.type === "charge.refunded");
    expect(await deliver(refunded!.body)).toMatchObject({ status: 200, body: { duplicate: false } });
    expect(await paymentOf(order.id)).toMatchObject({ refundedCents: 500 });
  });
});

describe("payouts through Stripe Connect", () => {
  const BANK = { holderName: "Ada Lovelace", routingNumber: "110000000" };
  const balance = (account: string) => m.sql.sqlTransaction((sql) => m.post.balanceOf(sql, account));
  const last = <T>(items: T[]) => items[items.length - 1]!;

  /** A restaurant with a delivered pickup order paid by a Stripe card (captured), its report window closed by `later`. */
  async function restaurantWithEarnings() {
    const s = await m.fixtures.shop();
    const { user } = await customerWith("succeeds");
    const money = { subtotalCents: 4_000, deliveryFeeCents: 0, priorityFeeCents: 0, serviceFeeCents: 300, tipCents: 0, discountCents: 800 };
    const order = await m.checkout.cardCheckout(
      user,
      { paymentMethod: "card" },
      { fields: "", returnPath: "/checkout" },
      async () => 3_500,
      (payment) =>
        m.db.$transaction(async (tx) => {
          const placed = await tx.order.create({
            data: {
              userId: user.id,
              restaurantId: s.restaurant.id,
              restaurantName: s.restaurant.name,
              stage: "placed",
              paymentMethod: "card",
              pickup: true,
              ...money,
              totalCents: 3_500,
              submittedAt: new Date(),
            },
          });
          await payment.pay(m.sql.sqlOf(tx), { id: placed.id, totalCents: 3_500 });
          return placed;
        }),
    );
    await m.complete.closeIncomingOrder(s.owner, s.restaurant.id, order.id, "Completed");
    const closedAt = (await m.db.order.findUniqueOrThrow({ where: { id: order.id } })).closedAt!;
    return { ...s, order, account: `restaurant:${s.restaurant.id}`, later: new Date(closedAt.getTime() + 49 * 3600 * 1000) };
  }

  it("a Custom account with the bank account, paid out (transfer, then payout on the connected account) only once verified, and paid when payout.paid arrives (20 times: once)", async () => {
    const { owner, restaurant, order, account, later } = await restaurantWithEarnings();
    expect(await paymentOf(order.id)).toMatchObject({ provider: "stripe", state: "captured" });
    // Stripe refuses a routing number it does not know: Nosh's 400 names the field, nothing saved.
    await expect(m.payoutAccounts.savePayoutAccount(account, { ...BANK, routingNumber: "021000021", accountNumber: "000123456789" })).rejects.toMatchObject({
      status: 400,
      errors: { routingNumber: "Invalid routing number" },
    });
    expect(await m.payoutAccounts.savePayoutAccount(account, { ...BANK, accountNumber: "000123456789" })).toMatchObject({
      status: "pending",
      payoutsEnabled: false,
      bankLast4: "6789",
    });
    const create = last(requestsTo(/^\/v1\/accounts$/));
    expect(create).toMatchObject({
      method: "POST",
      idempotencyKey: expect.stringMatching(new RegExp(`^payout-account:${account}:[0-9a-f]{24}$`)),
      params: {
        type: "custom",
        country: "US",
        capabilities: { transfers: { requested: "true" } },
        external_account: {
          object: "bank_account",
          country: "US",
          currency: "usd",
          routing_number: "110000000",
          account_number: "000123456789",
          account_holder_name: "Ada Lovelace",
        },
        settings: { payouts: { schedule: { interval: "manual" } } },
      },
    });
    expect(JSON.stringify(await m.db.payoutAccount.findMany())).not.toContain("000123456789");
    const acct = (await m.db.payoutAccount.findFirstOrThrow({ where: { account } })).providerAccountId;

    const payout = await m.restaurantPayouts.payOutRestaurant(owner, restaurant.id, 1_000, later);
    await m.lifecycle.sendPayouts();
    expect(standIn.transfers).not.toContainEqual(expect.objectContaining({ destination: acct }));
    expect(await m.db.payout.findUniqueOrThrow({ where: { id: payout.id } })).toMatchObject({ state: "pending", providerPayoutId: null });

    standIn.verifyAccount(acct, true);
    const [verified] = eventsOf(acct).filter((event) => event.type === "account.updated");
    expect(await deliver(verified!.body)).toMatchObject({ status: 200 });
    expect(await m.payoutAccounts.payoutAccountOf(account)).toMatchObject({ status: "verified", payoutsEnabled: true });
    await m.lifecycle.sendPayouts();
    expect(standIn.transfers).toContainEqual(expect.objectContaining({ destination: acct, amount: 1_000, currency: "usd" }));
    expect(last(requestsTo(/^\/v1\/transfers$/))).toMatchObject({ idempotencyKey: `payout:${payout.id}:transfer`, account: null });
    expect(last(requestsTo(/^\/v1\/payouts$/))).toMatchObject({
      idempotencyKey: `payout:${payout.id}:payout`,
      account: acct,
      params: { amount: "1000", currency: "usd" },
    });
    const sent = await m.db.payout.findUniqueOrThrow({ where: { id: payout.id } });
    expect(sent).toMatchObject({ state: "pending", provider: "stripe", providerPayoutId: expect.stringMatching(new RegExp(`^${acct}:po_`)) });
    expect(await m.stripe.stripeProvider.retrievePayout(sent.providerPayoutId!)).toMatchObject({ status: "pending", amountCents: 1_000, accountId: acct });

    const external = await balance("external");
    const poId = sent.providerPayoutId!.split(":")[1]!;
    standIn.settlePayout(acct, poId);
    const [paid] = eventsOf(poId).filter((event) => event.type === "payout.paid");
    const answers = await Promise.all(Array.from({ length: 20 }, () => deliver(paid!.body)));
    expect(answers.filter((answer) => answer.body.duplicate === false)).toHaveLength(1);
    expect(await m.db.payout.findUniqueOrThrow({ where: { id: payout.id } })).toMatchObject({ state: "paid" });
    expect(await balance("external")).toBe(external + 1_000);

    // Reconciliation's view of Stripe: the card's capture, and the payout paid.
    const records = await m.stripe.stripeProvider.listRecords(new Date(Date.now() - 3_600_000));
    expect(records).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: "capture", objectId: (await paymentOf(order.id)).intentId, amountCents: 3_500 }),
        expect.objectContaining({ kind: "payout", objectId: sent.providerPayoutId, amountCents: 1_000 }),
      ]),
    );
    expect(await ledgerProblems()).toEqual([]);
  });

  it("a payout the bank returns (payout.failed) gives the money back to the balance once; a rejected verification restricts the account", async () => {
    const { owner, restaurant, account, later } = await restaurantWithEarnings();
    await m.payoutAccounts.savePayoutAccount(account, { ...BANK, accountNumber: "000111111116" });
    const acct = (await m.db.payoutAccount.findFirstOrThrow({ where: { account } })).providerAccountId;
    standIn.verifyAccount(acct, true);
    await deliver(last(eventsOf(acct)).body);
    const before = await balance(account);
    const payout = await m.restaurantPayouts.payOutRestaurant(owner, restaurant.id, 2_600, later);
    await m.lifecycle.sendPayouts();
    const poId = (await m.db.payout.findUniqueOrThrow({ where: { id: payout.id } })).providerPayoutId!.split(":")[1]!;
    standIn.settlePayout(acct, poId);
    const [failed] = eventsOf(poId).filter((event) => event.type === "payout.failed");
    const answers = await Promise.all(Array.from({ length: 20 }, () => deliver(failed!.body)));
    expect(answers.filter((answer) => answer.body.duplicate === false)).toHaveLength(1);
    expect(await m.db.payout.findUniqueOrThrow({ where: { id: payout.id } })).toMatchObject({ state: "failed", failureCode: "no_account" });
    expect(await balance(account)).toBe(before);

    standIn.verifyAccount(acct, false);
    await deliver(last(eventsOf(acct)).body);
    expect(await m.payoutAccounts.payoutAccountOf(account)).toMatchObject({ status: "restricted", payoutsEnabled: false });
    expect(await ledgerProblems()).toEqual([]);
  });

  it("reconciliation reads Stripe's records: every capture, refund and payout of this file matches the ledger but the refund made outside Nosh", async () => {
    const now = new Date(Date.now() + 3_600_000); // Past the grace.
    const differences = await m.reconcile.reconciliationDifferences(now, new Date(Date.now() - 3_600_000), m.stripe.stripeProvider);
    expect(differences).toEqual([{ kind: "refund", objectId: expect.stringMatching(/^pi_/), providerCents: 500, ledgerCents: 0 }]);
  });
});

describe("a market in another currency with Stripe", () => {
  it("an MXN order is authorized as Stripe wants it (currency mxn), captured and refunded in it; the ledger balances", async () => {
    const operator = await m.db.user.create({ data: { firstName: "Op", operator: true } });
    const markets = await import("../../../markets/markets");
    const market = await markets.openMarket(operator, {
      code: "stripe-mx",
      name: "Mexico City",
      currency: "MXN",
      timeZone: "America/Mexico_City",
      distanceUnit: "km",
      languages: ["es"],
      taxSetup: "sales_tax",
    });
    const s = await m.fixtures.shop("stripe-mx");
    await markets.assignRestaurantMarket(operator, s.restaurant.id, { marketId: market.id });
    const { user } = await customerWith("succeeds");
    const order = await checkout(user, s);
    const payment = await paymentOf(order.id);
    expect(payment).toMatchObject({ provider: "stripe", currency: "MXN", amountCents: order.totalCents });
    expect(requestsTo(/^\/v1\/payment_intents$/).at(-1)).toMatchObject({ params: { amount: String(order.totalCents), currency: "mxn" } });
    await m.accept.acceptOrder(s.owner, s.restaurant.id, order.id, 20);
    await m.reject.rejectOrder(s.owner, s.restaurant.id, order.id, rejectionOf("out_of_stock"));
    expect(await paymentOf(order.id)).toMatchObject({ state: "captured", refundedCents: order.totalCents, currency: "MXN" });
    const lines = await m.db.ledgerLine.findMany({ where: { entry: { orderId: order.id } }, include: { entry: true } });
    expect(new Set(lines.map((line) => line.entry.currency))).toEqual(new Set(["MXN"]));
    expect(lines.map((line) => line.account)).toEqual(expect.arrayContaining(["external:MXN", "clearing:MXN", "card-refunds:MXN"]));
    expect(await ledgerProblems()).toEqual([]);
  });
});
