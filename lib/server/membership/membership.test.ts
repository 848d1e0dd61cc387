import { describe, expect, it } from "vitest";
import type { User } from "@/lib/generated/prisma/client";
import { membershipPlanSchema, subscribeSchema } from "@/lib/contract/membership/rules";
import { submitOrderSchema } from "@/lib/contract/orders/checkout-rules";
import { placeOrderSchema } from "@/lib/contract/orders/rules";
import { priceOrder } from "@/lib/shared/money/pricing";
import { setUpTestDatabase } from "../platform/testing/db";

// Memberships against a real migrated database (SQLite, and PostgreSQL: `/work/heavy node
// e2e/runners/test-postgres.mjs lib/server/membership/membership.test.ts`), through the real calls
// and the built-in provider's recurring billing: plans refused by field; a member's eligible order
// priced with $0 delivery and the plan's share off the service fee, the platform paying it at the
// settlement (courier and restaurant paid as for anyone); a non-member's and a small order priced
// as the spec's; subscribing charged once under a race; renewals on their date, once under two job
// passes at once, a declined one retried with a notice, paid with another card, ended after the
// grace; cancellation under the refund rule. The ledger's invariants after each.

setUpTestDatabase();

const m = {
  db: (await import("../platform/db")).db,
  sql: await import("../platform/sql"),
  provider: await import("../payments/providers/test/provider"),
  methods: await import("../payments/methods"),
  plans: await import("./plans"),
  subscribe: await import("./subscribe"),
  cancel: await import("./cancel"),
  renew: await import("./renew"),
  post: await import("../ledger/post"),
  check: await import("../ledger/check"),
  paid: await import("../orders/testing/place-paid"),
  complete: await import("../orders/complete"),
  fixtures: await import("../platform/testing/fixtures"),
};

const MINUTE = 60_000;
const DAY = 86_400_000;
const inTx = <T>(work: (sql: import("../platform/sql").Sql) => Promise<T>) => m.sql.sqlTransaction(work);
const balance = (account: string) => inTx((sql) => m.post.balanceOf(sql, account));
const ledgerProblems = () => inTx((sql) => m.check.ledgerProblems(sql));

let nia: User | undefined;
/** An operator of the console, made once (the audit log names them). */
const operator = async () => (nia ??= await m.db.user.create({ data: { firstName: "Nia", email: `nia-${Date.now()}@example.com`, operator: true } }));

async function plan(overrides: Record<string, unknown> = {}) {
  return m.plans.createPlan(
    await operator(),
    membershipPlanSchema.parse({ marketId: 1, name: "Nosh+", price: 9.99, basket: 35, serviceFeeDiscountPercent: 50, ...overrides }),
  );
}

async function customerWith(number = "4242424242424242"): Promise<User> {
  const user = await m.fixtures.customer("member", { walletCents: 0 });
  await addCard(user, number);
  return user;
}

async function addCard(user: User, number: string, makeDefault = true) {
  const token = await m.provider.tokenize({ number, expMonth: 12, expYear: 2034, cvc: "123", postalCode: "94110" });
  return m.methods.saveCard(user, { paymentMethodId: token.id, makeDefault });
}

const join = (user: User, planId: number, key: string | null = null) => m.subscribe.subscribe(user, subscribeSchema.parse({ planId }), key);
const live = (user: User) => m.db.membership.findFirstOrThrow({ where: { userId: user.id }, orderBy: { id: "desc" } });
const membershipPayments = (user: User) => m.db.payment.findMany({ where: { userId: user.id, purpose: "membership" }, orderBy: { id: "asc" } });

const card = submitOrderSchema.parse({ deliveryOption: "standard", tipPercent: 15, paymentMethod: "card" });
type Shop = Awaited<ReturnType<typeof m.fixtures.shop>>;

/** `quantity` $10 dishes ordered by card, delivered by `courier` and completed: the order as stored. */
async function deliveredOrder(s: Shop, user: User, quantity: number, courier: User) {
  const input = placeOrderSchema.parse({ restaurantId: s.restaurant.id, items: [{ menuItemId: s.dish.id, quantity }], submit: card });
  const order = await m.paid.placePaid(user, { cart: input }, input.submit!);
  await m.db.deliveryJob.create({
    data: {
      orderId: order.id,
      restaurantId: s.restaurant.id,
      userId: user.id,
      state: "delivered",
      courierId: courier.id,
      payCents: order.deliveryFeeCents + order.tipCents,
      pickupLat: 0,
      pickupLng: 0,
      dropoffLat: 0,
      dropoffLng: 0,
      dropoffAddress: "1 Main St",
      itemsCount: 1,
    },
  });
  await m.complete.closeIncomingOrder(s.owner, s.restaurant.id, order.id, "Completed");
  return m.db.order.findUniqueOrThrow({ where: { id: order.id } });
}

describe("plans", () => {
  it("an operator defines a plan in a market; a negative price, an unknown market, too many decimals and a retired plan are refused by field", async () => {
    const defined = await plan({ trialDays: 7 });
    expect(defined).toMatchObject({ marketId: 1, currency: "USD", price: 9.99, basket: 35, serviceFeeDiscountPercent: 50, trialDays: 7, retiredAt: null });
    const negative = membershipPlanSchema.safeParse({ marketId: 1, name: "Bad", price: -1, basket: 35, serviceFeeDiscountPercent: 10 });
    expect(negative.success ? [] : negative.error.issues.map((issue) => issue.path.join("."))).toEqual(["price"]);
    const count = await m.db.membershipPlan.count();
    await expect(plan({ marketId: 999_999 })).rejects.toMatchObject({ status: 400, errors: { marketId: "There is no such market" } });
    await expect(plan({ price: 9.999 })).rejects.toMatchObject({ status: 400, errors: { price: expect.any(String) } });
    expect(await m.db.membershipPlan.count()).toBe(count);
    await m.plans.retirePlan(await operator(), defined.id);
    await expect(m.plans.retirePlan(await operator(), defined.id)).rejects.toMatchObject({ status: 409 });
    await expect(join(await customerWith(), defined.id)).rejects.toMatchObject({ status: 400, errors: { planId: "This plan is no longer offered: choose another" } });
  });
});

describe("subscribing", () => {
  it("a declined card is a 402 with nothing charged and no membership; five joins at once charge once", async () => {
    const p = await plan();
    const declined = await customerWith("4000000000000002");
    await expect(join(declined, p.id)).rejects.toMatchObject({ status: 402, errors: { paymentMethodId: expect.any(String) } });
    expect(await m.db.membership.count({ where: { userId: declined.id } })).toBe(0);
    const platform = await balance(m.post.account.platform);
    const user = await customerWith();
    const tries = await Promise.allSettled(Array.from({ length: 5 }, (_, i) => join(user, p.id, `key-${i}`)));
    expect(tries.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    expect(tries.filter((result) => result.status === "rejected").map((result) => (result as PromiseRejectedResult).reason.status)).toEqual([409, 409, 409, 409]);
    expect(await membershipPayments(user)).toMatchObject([{ state: "captured", capturedCents: 999 }]);
    expect(await balance(m.post.account.platform)).toBe(platform + 999);
    expect(await live(user)).toMatchObject({ status: "active", period: 1 });
    expect(await ledgerProblems()).toEqual([]);
  });
});

describe("the benefit at checkout", () => {
  it("a member's eligible order pays $0 delivery and half the service fee, paid by the platform; below the basket and for a non-member, the spec's price", async () => {
    const p = await plan();
    const member = await customerWith();
    await join(member, p.id);
    const other = await customerWith();
    const courier = await m.db.user.create({ data: { firstName: "Dev", email: `courier${Date.now()}@example.com`, courier: true } });
    const s = await m.fixtures.shop();
    const promotions = await balance(m.post.account.promotions);
    const courierAccount = m.post.account.courier(courier.id);
    const restaurantAccount = m.post.account.restaurant(s.restaurant.id);

    const before = { courier: await balance(courierAccount), restaurant: await balance(restaurantAccount) };
    const plain = await deliveredOrder(s, other, 4, courier);
    const spec = priceOrder(4_000, "standard", { percent: 15 });
    expect(plain).toMatchObject({ deliveryFeeCents: 649, serviceFeeCents: 400, totalCents: spec.totalCents });
    const plainShares = { courier: (await balance(courierAccount)) - before.courier, restaurant: (await balance(restaurantAccount)) - before.restaurant };

    const mid = { courier: await balance(courierAccount), restaurant: await balance(restaurantAccount) };
    const saved = await deliveredOrder(s, member, 4, courier);
    expect(saved).toMatchObject({ deliveryFeeCents: 0, serviceFeeCents: 200, totalCents: spec.totalCents - 649 - 200 });
    expect(await m.db.memberBenefit.findUnique({ where: { orderId: saved.id } })).toMatchObject({ deliveryCents: 649, serviceFeeCents: 200 });
    // The courier and the restaurant get what a non-member's order gave them; the platform's marketing budget pays the $8.49.
    expect((await balance(courierAccount)) - mid.courier).toBe(plainShares.courier);
    expect((await balance(restaurantAccount)) - mid.restaurant).toBe(plainShares.restaurant);
    expect(await balance(m.post.account.promotions)).toBe(promotions - 849);

    const small = await deliveredOrder(s, member, 2, courier);
    expect(small).toMatchObject({ deliveryFeeCents: 649, serviceFeeCents: 200, totalCents: priceOrder(2_000, "standard", { percent: 15 }).totalCents });
    expect(await m.db.memberBenefit.count({ where: { orderId: small.id } })).toBe(0);
    expect(await m.plans.plansReport()).toMatchObject({
      plans: expect.arrayContaining([expect.objectContaining({ id: p.id, members: 1, benefitCost: 8.49, orders: 1 })]),
    });
    expect(await ledgerProblems()).toEqual([]);
  });
});

describe("renewal", () => {
  it("renewed once on its date while two job passes race; a declined renewal is retried with a notice, paid with another card, and ends after the grace", async () => {
    const p = await plan();
    const user = await customerWith();
    await join(user, p.id);
    const first = await live(user);
    const due = new Date(first.periodEnd.getTime() + MINUTE);
    // Two job processes' passes at once (every membership of this file is due by then: each renewed once).
    await Promise.all([m.renew.renewMemberships(due), m.renew.renewMemberships(due)]);
    expect(await membershipPayments(user)).toHaveLength(2);
    expect(await m.db.membershipCharge.count({ where: { membershipId: first.id } })).toBe(2);
    const renewed = await live(user);
    expect(renewed).toMatchObject({ status: "active", period: 2, periodStart: first.periodEnd });

    // The card is now one that declines: the next renewal fails, with a notice, and is retried a day later.
    const bad = await addCard(user, "4000000000000002");
    await m.db.membership.update({ where: { id: renewed.id }, data: { cardId: bad.id } });
    const next = new Date(renewed.periodEnd.getTime() + MINUTE);
    await m.renew.renewMemberships(next);
    const pastDue = await live(user);
    expect(pastDue).toMatchObject({ status: "past_due", attempts: 1, period: 2 });
    expect(pastDue.graceEndsAt!.getTime()).toBe(next.getTime() + 7 * DAY);
    expect(await m.db.notification.count({ where: { userId: user.id, kind: "membership_update" } })).toBeGreaterThan(0);
    // Still a member through the grace: another card, charged at the next pass.
    const good = await addCard(user, "5555555555554444");
    await m.subscribe.changeMembershipCard(user, good.id, new Date(next.getTime() + MINUTE));
    await m.renew.renewMemberships(new Date(next.getTime() + 2 * MINUTE));
    expect(await live(user)).toMatchObject({ status: "active", period: 3, attempts: 0, graceEndsAt: null });
    expect(await membershipPayments(user)).toHaveLength(3);

    // Declined again until the grace ends: ended, with a notice.
    const last = await live(user);
    await m.db.membership.update({ where: { id: last.id }, data: { cardId: bad.id } });
    const failedAt = new Date(last.periodEnd.getTime() + MINUTE);
    await m.renew.renewMemberships(failedAt);
    expect(await live(user)).toMatchObject({ status: "past_due", attempts: 1 });
    await m.renew.renewMemberships(new Date(failedAt.getTime() + 8 * DAY));
    expect(await live(user)).toMatchObject({ status: "ended", endReason: "payment_failed" });
    expect(await m.db.notification.count({ where: { userId: user.id, kind: "membership_update", cause: { endsWith: ":ended" } } })).toBeGreaterThan(0);
    expect(await ledgerProblems()).toEqual([]);
  });
});

describe("a retired plan", () => {
  it("renews no member: the job skips it with no charge and the ledger unchanged, each membership ends at its period's end with a notice, and the page says when", async () => {
    const p = await plan();
    const user = await customerWith();
    await join(user, p.id);
    const first = await live(user);
    await m.plans.retirePlan(await operator(), p.id);
    const state = await m.subscribe.membershipState(user);
    expect(state.membership).toMatchObject({ status: "active", canceled: false, plan: { id: p.id, retiredAt: expect.any(String) } });
    expect(state.plans.map((offered) => offered.id)).not.toContain(p.id);
    // Before its period's end it still gives its benefits; after it, the pass ends it instead of charging.
    await m.renew.renewMemberships(new Date(first.periodEnd.getTime() - MINUTE));
    expect(await live(user)).toMatchObject({ status: "active", endedAt: null });
    const platform = await balance(m.post.account.platform);
    const entries = await m.db.ledgerEntry.count();
    await m.renew.renewMemberships(new Date(first.periodEnd.getTime() + MINUTE));
    expect(await live(user)).toMatchObject({ status: "ended", endReason: "plan_retired", period: 1 });
    expect(await m.db.membershipCharge.count({ where: { membershipId: first.id } })).toBe(1);
    expect(await membershipPayments(user)).toHaveLength(1);
    expect(await balance(m.post.account.platform)).toBe(platform);
    expect(await m.db.ledgerEntry.count()).toBe(entries);
    const notice = await m.db.notification.findFirstOrThrow({
      where: { userId: user.id, kind: "membership_update", cause: `membership:${first.id}:ended`, channel: "in_app" },
    });
    expect(JSON.parse(notice.payload)).toMatchObject({ stage: "retired" });
    expect((await m.subscribe.membershipState(user)).membership).toBeNull();
    expect(await ledgerProblems()).toEqual([]);
  });
});

describe("cancelling", () => {
  it("an unused paid period is refunded in full and ends now; a used one keeps its benefits to the period's end, then ends", async () => {
    const p = await plan();
    const unused = await customerWith();
    await join(unused, p.id);
    const platform = await balance(m.post.account.platform);
    const answer = await m.cancel.cancelMembership(unused);
    expect(answer.membership).toBeNull();
    expect(await live(unused)).toMatchObject({ status: "ended", endReason: "refunded" });
    expect(await membershipPayments(unused)).toMatchObject([{ refundedCents: 999 }]);
    expect(await balance(m.post.account.platform)).toBe(platform - 999);

    const used = await customerWith();
    await join(used, p.id);
    const courier = await m.db.user.create({ data: { firstName: "Amara", email: `amara${Date.now()}@example.com`, courier: true } });
    await deliveredOrder(await m.fixtures.shop(), used, 4, courier);
    const kept = await m.cancel.cancelMembership(used);
    expect(kept.membership).toMatchObject({ canceled: true, status: "active" });
    expect(await membershipPayments(used)).toMatchObject([{ refundedCents: 0 }]);
    await expect(m.cancel.cancelMembership(used)).rejects.toMatchObject({ status: 409 });
    const end = (await live(used)).periodEnd;
    await m.renew.renewMemberships(new Date(end.getTime() - MINUTE));
    expect(await live(used)).toMatchObject({ status: "active", endedAt: null });
    await m.renew.renewMemberships(new Date(end.getTime() + MINUTE));
    expect(await live(used)).toMatchObject({ status: "ended", endReason: "canceled" });
    expect(await membershipPayments(used)).toHaveLength(1);
    expect(await ledgerProblems()).toEqual([]);
  });
});
