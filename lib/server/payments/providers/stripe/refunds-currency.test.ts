import Stripe from "stripe";
import { afterAll, describe, expect, it } from "vitest";
import type { User } from "@/lib/generated/prisma/client";
import { submitOrderSchema } from "@/lib/contract/orders/checkout-rules";
import { marketInputSchema } from "@/lib/contract/markets/rules";
import { placeOrderSchema } from "@/lib/contract/orders/rules";
import { setUpTestDatabase } from "../../../platform/testing/db";
import { StripeStandIn } from "./testing/stand-in";
import { rejectionOf } from "@/lib/shared/orders/order-stages";

// The Stripe provider against the local stand-in of its endpoints (testing/stand-in.ts), on a real
// migrated database: a refund of a disputed charge Stripe answers `charge_disputed` is asked once,
// recorded, and what it owed the card the dispute settles (docs/architecture/disputes.md); and the
// provider is told the order's currency in its minor unit: an MXN order "mxn" in centavos, a JPY
// order "jpy" in whole yen, an MXN top-up "mxn" (the stand-in refuses an amount below Stripe's least
// charge of the currency named, so a wrong currency or unit fails). Not Stripe itself.

const KEY = "sk_test_nosh_refunds";
const WEBHOOK_SECRET = "whsec_nosh_refunds_signing_secret";
const standIn = new StripeStandIn(KEY);
const base = await standIn.start();
afterAll(() => standIn.stop());
setUpTestDatabase({ STRIPE_SECRET_KEY: KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: base, EARNINGS_HOLD_SECONDS: "0" });

const m = {
  db: (await import("../../../platform/db")).db,
  sql: await import("../../../platform/sql"),
  accept: await import("../../../orders/accept"),
  reject: await import("../../../orders/reject"),
  paid: await import("../../../orders/testing/place-paid"),
  methods: await import("../../methods"),
  webhooks: await import("../../webhooks"),
  sync: await import("../../sync"),
  payments: await import("../../queries/sync-claims"),
  check: await import("../../../ledger/check"),
  post: await import("../../../ledger/post"),
  refund: await import("../../../ledger/refund"),
  markets: await import("../../../markets/markets"),
  topUp: await import("../../top-up"),
  limits: await import("../../top-up-limits"),
  stripe: await import("./provider"),
  fixtures: await import("../../../platform/testing/fixtures"),
};

const ledgerProblems = () => m.sql.sqlTransaction((sql) => m.check.ledgerProblems(sql));
const deliver = (body: string) => m.webhooks.handleWebhook("stripe", body, new Stripe(KEY).webhooks.generateTestHeaderString({ payload: body, secret: WEBHOOK_SECRET }));
const refundRequests = (intentId: string) => standIn.requests.filter((request) => request.path === "/v1/refunds" && request.params.payment_intent === intentId);
const paymentOf = (orderId: number) => m.db.payment.findFirstOrThrow({ where: { orderId }, orderBy: { id: "desc" } });

async function customer(): Promise<User> {
  const user = await m.fixtures.customer("stripe-refunds");
  await m.methods.saveCard(user, { paymentMethodId: standIn.createCard("succeeds"), makeDefault: true });
  return user;
}

type Shop = Awaited<ReturnType<typeof m.fixtures.shop>>;
async function accepted(s: Shop, user: User) {
  const submit = submitOrderSchema.parse({ deliveryOption: "pickup", tip: 0, paymentMethod: "card" });
  const order = await m.paid.placePaid(
    user,
    { cart: placeOrderSchema.parse({ restaurantId: s.restaurant.id, items: [{ menuItemId: s.dish.id, quantity: 2 }], submit }) },
    submit,
  );
  await m.accept.acceptOrder(s.owner, s.restaurant.id, order.id, 20);
  return m.db.order.findUniqueOrThrow({ where: { id: order.id } });
}

async function shopIn(currency: "MXN" | "JPY") {
  const operator = await m.db.user.create({ data: { firstName: "Op", operator: true } });
  const market = await m.markets.openMarket(
    operator,
    marketInputSchema.parse({ code: `stripe-${currency.toLowerCase()}`, name: currency, currency, timeZone: "America/Mexico_City", languages: ["es", "en"] }),
  );
  const s = await m.fixtures.shop(currency.toLowerCase());
  await m.markets.assignRestaurantMarket(operator, s.restaurant.id, { marketId: market.id });
  return { s, operator };
}

describe("a refund Stripe refuses as disputed", () => {
  it("is asked once (charge_disputed), recorded on the payment, not retried; the dispute's webhook settles what the ledger owed the card", async () => {
    const s = await m.fixtures.shop();
    const order = await accepted(s, await customer());
    const payment = await paymentOf(order.id);
    // The cardholder's bank disputes the charge; its event has not reached Nosh yet when the kitchen rejects the order.
    const duId = standIn.openDispute(payment.intentId);
    await m.reject.rejectOrder(s.owner, s.restaurant.id, order.id, rejectionOf("out_of_stock"));
    expect(refundRequests(payment.intentId)).toHaveLength(1);
    expect(await paymentOf(order.id)).toMatchObject({ state: "captured", refundedCents: 0, failureCode: "charge_disputed" });
    // The job does not ask again: nothing in its question, nothing sent however often it runs.
    expect(await m.sql.sqlTransaction((sql) => m.payments.ordersToSync(sql, 500))).not.toContain(order.id);
    await m.sync.syncPayments();
    await m.sync.syncOrderPayment(order.id);
    expect(refundRequests(payment.intentId)).toHaveLength(1);

    const created = standIn.events.find((event) => event.type === "charge.dispute.created" && event.body.includes(duId))!;
    expect(JSON.parse(created.body).data.object).toMatchObject({ amount: order.totalCents, currency: "usd" });
    await deliver(created.body);
    // The bank returned the charge: the ledger owes the card nothing more, and the restaurant pays nothing for an order it never made.
    const shares = await m.sql.sqlTransaction((sql) => m.refund.orderShares(sql, order.id));
    expect(shares.get(m.post.account.cardRefunds) ?? 0).toBe(0);
    expect(await m.sql.sqlTransaction((sql) => m.post.balanceOf(sql, m.post.account.restaurant(s.restaurant.id)))).toBe(0);
    expect(standIn.intent(payment.intentId)).toMatchObject({ amount_received: order.totalCents });
    expect(await ledgerProblems()).toEqual([]);

    // Lost: it stays returned; the provider is still asked nothing.
    standIn.closeDispute(duId, false);
    await deliver(standIn.events.filter((event) => event.type === "charge.dispute.closed").at(-1)!.body);
    await m.sync.syncPayments();
    expect(refundRequests(payment.intentId)).toHaveLength(1);
    expect(await paymentOf(order.id)).toMatchObject({ refundedCents: 0, failureCode: null });
    expect(await ledgerProblems()).toEqual([]);
  });
});

describe("the provider told the order's currency", () => {
  it("an MXN order is authorized in mxn and its centavos, a JPY order in jpy and whole yen; an MXN top-up in mxn; the stand-in refuses less than the currency's least charge", async () => {
    const user = await customer();
    const mx = await shopIn("MXN");
    const peso = await accepted(mx.s, user);
    expect(await paymentOf(peso.id)).toMatchObject({ currency: "MXN", amountCents: peso.totalCents });
    const pesoIntent = (await paymentOf(peso.id)).intentId;
    expect(
      standIn.requests.find(
        (request) =>
          request.path === "/v1/payment_intents" && request.idempotencyKey?.startsWith(`authorize:${user.id}:`) && request.params.amount === String(peso.totalCents),
      ),
    ).toMatchObject({
      params: { currency: "mxn", amount: String(peso.totalCents) },
    });
    expect(standIn.intent(pesoIntent)).toMatchObject({ currency: "mxn", amount: peso.totalCents, amount_received: peso.totalCents });

    const jp = await shopIn("JPY");
    const yen = await accepted(jp.s, user);
    // Two ¥1,000 dishes: the total is a whole number of yen, sent as it is (no cents).
    expect(yen.currency).toBe("JPY");
    expect(yen.subtotalCents).toBe(2_000);
    const yenIntent = (await paymentOf(yen.id)).intentId;
    expect(standIn.intent(yenIntent)).toMatchObject({ currency: "jpy", amount: yen.totalCents });
    // Refunded in its own currency: the same intent, the amount in yen.
    await m.reject.rejectOrder(jp.s.owner, jp.s.restaurant.id, yen.id, rejectionOf("closing"));
    expect(refundRequests(yenIntent).map((request) => request.params.amount)).toEqual([String(yen.totalCents)]);
    expect(await paymentOf(yen.id)).toMatchObject({ currency: "JPY", refundedCents: yen.totalCents });

    // An MXN top-up: mxn, in centavos.
    await m.limits.setTopUpLimits(mx.operator, { min: 100, max: 2_000, dailyMax: 3_000, currency: "MXN" });
    await m.topUp.topUpByCard(user, user.id, { amountCents: 15_000, currency: "MXN" }, "mxn-top-up");
    expect(standIn.requests.filter((request) => request.path === "/v1/payment_intents").at(-1)).toMatchObject({ params: { currency: "mxn", amount: "15000" } });

    // What a wrong unit would send: MX$5.00 is below Stripe's least MXN charge (MX$10.00), refused as Stripe refuses it.
    const pm = standIn.createCard("succeeds");
    await expect(
      m.stripe.stripeProvider.authorize({ amountCents: 500, currency: "MXN", paymentMethodId: pm, idempotencyKey: "too-small", returnUrl: "/" }),
    ).rejects.toMatchObject({
      code: "amount_too_small",
    });
    expect(await ledgerProblems()).toEqual([]);
  });
});
