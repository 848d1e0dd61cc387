import "server-only";
import { randomUUID } from "node:crypto";
import type { SubscribeInput } from "@/lib/contract/membership/rules";
import { cardLabel } from "@/lib/shared/money/payment-cards";
import { daysAfter, monthAfter } from "@/lib/shared/money/membership";
import { minorToMajor } from "@/lib/shared/money/currency";
import { formatCents } from "@/lib/shared/money/money";
import { db } from "../platform/db";
import { conflict, fieldError, forbidden, isUniqueViolation, notFound } from "../platform/errors";
import type { SessionUser } from "../platform/session-user";
import { sqlTransaction } from "../platform/sql";
import { declined } from "../payments/card-checkout";
import { cardToCharge, listCards } from "../payments/methods";
import { recordPeriodCharge } from "../payments/membership-charge";
import { paymentProvider } from "../payments/providers/select";
import { listPlans, planJson } from "./plans";
import { activate, insertCharge, savedBy } from "./queries";
import { said } from "@/lib/shared/words/said";

// A customer's membership (docs/architecture/membership.md): subscribing to a plan on a saved card
// through the provider's recurring billing (providers/provider.ts `billing`), the card renewals
// are charged to, and what the membership page reads. One live membership per account: the row is
// written first as `pending` (the partial unique index refuses a second, so two requests at once
// charge once) and becomes trialing or active with its first charge, or goes with a decline.

/** A pending row older than this is a request that died before the provider answered: taken over. */
const PENDING_STALE_MS = 10 * 60_000;

export type MembershipState = Awaited<ReturnType<typeof membershipState>>;

const refundRule = () => said("rules.membership.refundRule");

/** GET /api/membership: the live membership (null when none), the plans offered, the refund rule. */
export async function membershipState(user: SessionUser) {
  if (user.guestAccount) throw forbidden(said("rules.membership.guest"));
  const [row, plans] = await Promise.all([db.membership.findFirst({ where: { userId: user.id, endedAt: null, status: { not: "pending" } } }), listPlans(true)]);
  if (!row) return { membership: null, plans, refundRule: refundRule() };
  const [plan, cards, saved] = await Promise.all([
    db.membershipPlan.findUniqueOrThrow({ where: { id: row.planId } }),
    listCards(user),
    sqlTransaction((sql) => savedBy(sql, row.id)),
  ]);
  const market = await db.market.findUnique({ where: { id: plan.marketId }, select: { name: true, timeZone: true } });
  const card = cards.find((saved) => saved.id === row.cardId) ?? cards.find((saved) => saved.isDefault) ?? null;
  const membership = {
    id: row.id,
    plan: planJson(plan, market ?? undefined),
    status: row.status as "trialing" | "active" | "past_due",
    periodEnd: row.periodEnd.toISOString(),
    canceled: row.canceledAt !== null,
    graceEndsAt: row.graceEndsAt?.toISOString() ?? null,
    card: card ? cardLabel(card) : null,
    saved: minorToMajor(saved, plan.currency),
  };
  return { membership, plans, refundRule: refundRule() };
}

/** POST /api/membership. `key`: the request's Idempotency-Key. */
export async function subscribe(user: SessionUser, input: SubscribeInput, key: string | null, now = new Date()) {
  if (user.guestAccount) throw forbidden(said("rules.membership.guest"));
  const plan = await db.membershipPlan.findUnique({ where: { id: input.planId } });
  if (!plan) throw fieldError("planId", said("rules.membership.planUnknown"));
  if (plan.retiredAt) throw fieldError("planId", said("rules.membership.planRetired"));
  const card = await cardToCharge(user, input.paymentMethodId, "paymentMethodId", "paymentMethodId");
  const provider = paymentProvider();
  // The claim: one live row per account (a stale pending one, a request that died, is taken over).
  await db.membership.deleteMany({ where: { userId: user.id, status: "pending", createdAt: { lt: new Date(now.getTime() - PENDING_STALE_MS) } } });
  const trial = plan.trialDays > 0;
  const periodEnd = trial ? daysAfter(now, plan.trialDays) : monthAfter(now);
  const claim = await db.membership
    .create({
      data: {
        userId: user.id,
        planId: plan.id,
        provider: provider.name,
        subscriptionId: "",
        cardId: card.id,
        status: "pending",
        period: trial ? 0 : 1,
        periodStart: now,
        periodEnd,
        createdAt: now,
      },
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw conflict(said("rules.membership.already"));
      throw error;
    });
  const idempotencyKey = `membership:${user.id}:${key ?? randomUUID()}`;
  let answer: Awaited<ReturnType<typeof provider.billing.subscribe>>;
  try {
    answer = await provider.billing.subscribe({
      paymentMethodId: card.providerId,
      amountCents: plan.priceCents,
      currency: plan.currency,
      trialDays: plan.trialDays,
      planRef: `plan:${plan.id}`,
      idempotencyKey,
    });
  } catch (error) {
    await db.membership.delete({ where: { id: claim.id } });
    throw error;
  }
  const { subscriptionId, invoice } = answer;
  if (!subscriptionId || (invoice && invoice.status !== "paid")) {
    await db.membership.delete({ where: { id: claim.id } });
    throw declined({ failureCode: invoice?.failureCode ?? "card_declined" }, "paymentMethodId");
  }
  await sqlTransaction(async (sql) => {
    await activate(sql, claim.id, { subscriptionId, status: trial ? "trialing" : "active", nextChargeAt: periodEnd });
    if (invoice?.intent) {
      const paymentId = await recordPeriodCharge(sql, { userId: user.id, provider: provider.name, intent: invoice.intent, card, now });
      await insertCharge(sql, { paymentId, membershipId: claim.id, period: 1, now });
    }
  });
  const state = await membershipState(user);
  const message = trial
    ? said("done.membershipTrial", { name: plan.name, days: plan.trialDays })
    : said("done.membershipJoined", { name: plan.name, amount: formatCents(plan.priceCents, { currency: plan.currency }) });
  return { ...state, message };
}

/** PUT /api/membership: the card renewals are charged to; a past-due membership is charged again at the job's next pass. */
export async function changeMembershipCard(user: SessionUser, paymentMethodId: number, now = new Date()) {
  if (user.guestAccount) throw forbidden(said("rules.membership.guest"));
  const row = await db.membership.findFirst({ where: { userId: user.id, endedAt: null, status: { not: "pending" } } });
  if (!row) throw notFound(said("rules.membership.none"));
  const card = await cardToCharge(user, paymentMethodId, "paymentMethodId", "paymentMethodId");
  await db.membership.updateMany({
    where: { id: row.id, endedAt: null },
    data: { cardId: card.id, ...(row.status === "past_due" && !row.canceledAt ? { nextChargeAt: now } : {}) },
  });
  return { ...(await membershipState(user)), message: said("done.membershipCard", { card: cardLabel(card) }) };
}
