import Stripe from "stripe";
import { afterAll, describe, expect, it } from "vitest";
import { submitOrderSchema } from "@/lib/contract/orders/checkout-rules";
import { placeOrderSchema } from "@/lib/contract/orders/rules";
import { setUpTestDatabase } from "../../../platform/testing/db";
import { StripeStandIn } from "./testing/stand-in";

// Stripe's disputes (disputes.ts) against the local stand-in of its endpoints
// (testing/stand-in.ts: parameter names, bearer key, Stripe-Version, Idempotency-Key checked),
// on a real migrated database: charge.dispute.created takes the amount from the restaurant,
// the evidence goes as one POST /v1/disputes/{id} in Stripe's evidence fields with submit=true,
// charge.dispute.closed won gives it back, lost keeps it out; every event signed with the
// package's generateTestHeaderString and handled once. Not Stripe itself (docs/architecture/stripe.md).

const KEY = "sk_test_nosh_disputes";
const WEBHOOK_SECRET = "whsec_nosh_disputes_signing_secret";
const standIn = new StripeStandIn(KEY);
const base = await standIn.start();
afterAll(() => standIn.stop());
setUpTestDatabase({ STRIPE_SECRET_KEY: KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: base, EARNINGS_HOLD_SECONDS: "0" });

const m = {
  db: (await import("../../../platform/db")).db,
  sql: await import("../../../platform/sql"),
  place: await import("../../../orders/place"),
  accept: await import("../../../orders/accept"),
  complete: await import("../../../orders/complete"),
  methods: await import("../../methods"),
  checkout: await import("@/lib/server/payments/card-checkout"),
  webhooks: await import("../../webhooks"),
  check: await import("../../../ledger/check"),
  post: await import("../../../ledger/post"),
  admin: await import("../../../operators/disputes"),
  fixtures: await import("../../../platform/testing/fixtures"),
};

const card = submitOrderSchema.parse({ deliveryOption: "pickup", tip: 0, paymentMethod: "card" });
const ledgerProblems = () => m.sql.sqlTransaction((sql) => m.check.ledgerProblems(sql));
const balance = (account: string) => m.sql.sqlTransaction((sql) => m.post.balanceOf(sql, account));

/** Stripe's POST to the webhook route, signed with the package's own helper. */
const deliver = (body: string) => m.webhooks.handleWebhook("stripe", body, new Stripe(KEY).webhooks.generateTestHeaderString({ payload: body, secret: WEBHOOK_SECRET }));
const disputeEvents = (duId: string) => standIn.events.filter((event) => event.type.startsWith("charge.dispute.") && event.body.includes(`"${duId}"`));

async function capturedOrder() {
  const s = await m.fixtures.shop();
  const user = await m.fixtures.customer("stripe");
  const pm = standIn.createCard("succeeds");
  await m.methods.saveCard(user, { paymentMethodId: pm, makeDefault: true });
  const input = placeOrderSchema.parse({ restaurantId: s.restaurant.id, items: [{ menuItemId: s.dish.id, quantity: 2 }], submit: card });
  const order = await (await import("../../../orders/testing/place-paid")).placePaid(user, { cart: input }, card);
  await m.accept.acceptOrder(s.owner, s.restaurant.id, order.id, 20);
  await m.complete.closeIncomingOrder(s.owner, s.restaurant.id, order.id, "Completed");
  const payment = await m.db.payment.findFirstOrThrow({ where: { orderId: order.id } });
  return { s, user, order: await m.db.order.findUniqueOrThrow({ where: { id: order.id } }), intentId: payment.intentId };
}

describe("Stripe disputes", () => {
  it("created: the amount leaves the restaurant; the evidence is one POST /v1/disputes/{id} in Stripe's fields; won: it comes back", async () => {
    const { s, user, order, intentId } = await capturedOrder();
    const restaurant = m.post.account.restaurant(s.restaurant.id);
    const before = await balance(restaurant);
    const duId = standIn.openDispute(intentId);
    const [created] = disputeEvents(duId);
    // Delivered twice at once: handled once.
    const answers = await Promise.all([deliver(created!.body), deliver(created!.body)]);
    expect(answers.filter((answer) => answer.handled)).toHaveLength(1);
    const dispute = await m.db.dispute.findFirstOrThrow({ where: { providerDisputeId: duId } });
    expect(dispute).toMatchObject({ provider: "stripe", orderId: order.id, status: "needs_response", amountCents: order.totalCents, reason: "fraudulent" });
    expect(dispute.evidenceDueBy).toBeInstanceOf(Date);
    expect(await balance(restaurant)).toBe(before - order.totalCents);

    const nia = await m.db.user.create({ data: { firstName: "Nia", email: `nia-stripe-${Date.now()}@example.com`, operator: true } });
    await m.admin.submitEvidence(nia, dispute.id, { explanation: "Collected at the counter." });
    const [sent, ...more] = standIn.requests.filter((request) => request.method === "POST" && request.path === `/v1/disputes/${duId}`);
    expect(more).toEqual([]);
    expect(sent!.idempotencyKey).toBe(`dispute:${dispute.id}:evidence`);
    expect(sent!.params.submit).toBe("true");
    expect(sent!.params.evidence).toMatchObject({
      product_description: expect.stringContaining(`Nosh order #${order.id}`),
      customer_email_address: user.email,
      uncategorized_text: expect.stringContaining("Collected at the counter."),
    });
    expect(standIn.dispute(duId)).toMatchObject({ status: "under_review", evidence_details: { submission_count: 1 } });
    expect(await m.db.dispute.findUniqueOrThrow({ where: { id: dispute.id } })).toMatchObject({ status: "under_review" });

    standIn.closeDispute(duId, true);
    // Every event Stripe sent about it, in reverse order: the same end.
    for (const event of disputeEvents(duId).reverse()) await deliver(event.body);
    expect(await m.db.dispute.findUniqueOrThrow({ where: { id: dispute.id } })).toMatchObject({ status: "won" });
    expect(await balance(restaurant)).toBe(before);
    expect(await ledgerProblems()).toEqual([]);
  });

  it("lost: the amount stays out; the stand-in refuses evidence for a dispute under review, as Stripe does", async () => {
    const { s, order, intentId } = await capturedOrder();
    const restaurant = m.post.account.restaurant(s.restaurant.id);
    const before = await balance(restaurant);
    const duId = standIn.openDispute(intentId, "product_not_received");
    standIn.closeDispute(duId, false);
    for (const event of disputeEvents(duId)) await deliver(event.body);
    expect(await m.db.dispute.findFirstOrThrow({ where: { providerDisputeId: duId } })).toMatchObject({ status: "lost", reason: "product_not_received" });
    expect(await balance(restaurant)).toBe(before - order.totalCents);
    const refused = await fetch(`${base}/v1/disputes/${duId}`, {
      method: "POST",
      headers: { authorization: `Bearer ${KEY}`, "stripe-version": Stripe.API_VERSION, "content-type": "application/x-www-form-urlencoded", "idempotency-key": "late" },
      body: "evidence[uncategorized_text]=late",
    });
    expect(refused.status).toBe(400);
    expect(await ledgerProblems()).toEqual([]);
  });
});
