import { afterAll, describe, expect, it } from "vitest";
import type { User } from "@/lib/generated/prisma/client";
import { membershipPlanSchema, subscribeSchema } from "@/lib/contract/membership/rules";
import { setUpTestDatabase } from "../../../platform/testing/db";
import { StripeBillingStandIn } from "./testing/billing-stand-in";
import type { StandInCardBehavior } from "./testing/stand-in";

// Stripe Billing behind the provider's `billing` (billing.ts) against the local stand-in of the
// endpoints it calls (testing/billing-stand-in.ts: parameter names, the pinned version and an
// Idempotency-Key on every write checked as for the card calls), through Nosh's membership calls on
// a real migrated database: a subscription with its first invoice paid (its PaymentIntent booked as
// the platform's), a decline making none, a trial whose first cycle's invoice is declined on the
// saved card, retried by the renewal job and paid with another card, and a cancellation. Not Stripe
// itself (docs/architecture/stripe.md "Not tested").

const KEY = "sk_test_nosh_stand_in";
const standIn = new StripeBillingStandIn(KEY);
const base = await standIn.start();
afterAll(() => standIn.stop());
setUpTestDatabase({ STRIPE_SECRET_KEY: KEY, STRIPE_WEBHOOK_SECRET: "whsec_nosh_stand_in_signing_secret", STRIPE_API_BASE: base });

const m = {
  db: (await import("../../../platform/db")).db,
  sql: await import("../../../platform/sql"),
  methods: await import("../../methods"),
  plans: await import("../../../membership/plans"),
  subscribe: await import("../../../membership/subscribe"),
  cancel: await import("../../../membership/cancel"),
  renew: await import("../../../membership/renew"),
  check: await import("../../../ledger/check"),
  fixtures: await import("../../../platform/testing/fixtures"),
};

const MINUTE = 60_000;
let nia: User | undefined;
/** An operator of the console, made once (the audit log names them). */
const operator = async () => (nia ??= await m.db.user.create({ data: { firstName: "Nia", email: `nia-${Date.now()}@example.com`, operator: true } }));
const plan = async (trialDays = 0) =>
  m.plans.createPlan(await operator(), membershipPlanSchema.parse({ marketId: 1, name: "Nosh+", price: 9.99, basket: 35, serviceFeeDiscountPercent: 50, trialDays }));
const ledgerProblems = () => m.sql.sqlTransaction((sql) => m.check.ledgerProblems(sql));
const live = (user: User) => m.db.membership.findFirstOrThrow({ where: { userId: user.id }, orderBy: { id: "desc" } });

async function customerWith(behavior: StandInCardBehavior): Promise<User> {
  const user = await m.fixtures.customer("stripe-member", { walletCents: 0 });
  await m.methods.saveCard(user, { paymentMethodId: standIn.createCard(behavior), makeDefault: true });
  return user;
}

describe("memberships on Stripe Billing", () => {
  it("subscribes with the first invoice paid and booked; a declined first payment makes no subscription", async () => {
    const p = await plan();
    const user = await customerWith("succeeds");
    await m.subscribe.subscribe(user, subscribeSchema.parse({ planId: p.id }), "first");
    const membership = await live(user);
    expect(membership).toMatchObject({ provider: "stripe", status: "active", period: 1 });
    expect(standIn.subscriptions.get(membership.subscriptionId)).toMatchObject({ status: "active", default_payment_method: expect.stringMatching(/^pm_/) });
    expect(await m.db.payment.findMany({ where: { userId: user.id, purpose: "membership" } })).toMatchObject([
      { provider: "stripe", state: "captured", capturedCents: 999 },
    ]);
    expect(standIn.requests.filter((request) => request.method === "POST").every((request) => request.idempotencyKey)).toBe(true);

    const declined = await customerWith("decline");
    const subscriptions = standIn.subscriptions.size;
    await expect(m.subscribe.subscribe(declined, subscribeSchema.parse({ planId: p.id }), "declined")).rejects.toMatchObject({ status: 402 });
    expect(standIn.subscriptions.size).toBe(subscriptions);
    expect(await m.db.membership.count({ where: { userId: declined.id } })).toBe(0);
    expect(await ledgerProblems()).toEqual([]);
  });

  it("a trial's first invoice declined on the saved card is retried by the job, paid with another card, and canceled at Stripe", async () => {
    const p = await plan(7);
    const user = await customerWith("decline");
    await m.subscribe.subscribe(user, subscribeSchema.parse({ planId: p.id }), "trial");
    const trial = await live(user);
    expect(trial).toMatchObject({ status: "trialing", period: 0 });
    const due = new Date(trial.periodEnd.getTime() + MINUTE);
    // Stripe has not issued the cycle's invoice yet: asked again later, nothing charged.
    expect(await m.renew.renewMemberships(due)).toMatchObject({ renewed: 0, failed: 0 });
    standIn.cycle(trial.subscriptionId);
    const later = new Date(due.getTime() + 11 * MINUTE);
    expect(await m.renew.renewMemberships(later)).toMatchObject({ failed: 1 });
    expect(await live(user)).toMatchObject({ status: "past_due", attempts: 1 });
    const good = await m.methods.saveCard(user, { paymentMethodId: standIn.createCard("succeeds"), makeDefault: false });
    await m.subscribe.changeMembershipCard(user, good.id, new Date(later.getTime() + MINUTE));
    expect(await m.renew.renewMemberships(new Date(later.getTime() + 2 * MINUTE))).toMatchObject({ renewed: 1 });
    expect(await live(user)).toMatchObject({ status: "active", period: 1 });
    const pays = standIn.requests.filter((request) => /\/v1\/invoices\/in_\w+\/pay$/.test(request.path));
    expect(pays.map((request) => request.params.payment_method)).toEqual([expect.stringMatching(/^pm_/), good.providerId]);

    await m.cancel.cancelMembership(user);
    expect(standIn.subscriptions.get(trial.subscriptionId)).toMatchObject({ status: "canceled" });
    expect(await ledgerProblems()).toEqual([]);
  });
});
