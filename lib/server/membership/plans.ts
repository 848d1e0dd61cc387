import "server-only";
import type { MembershipPlanInput } from "@/lib/contract/membership/rules";
import type { MembershipPlanJson } from "@/lib/contract/membership/schemas";
import { majorToMinor, minorToMajor } from "@/lib/shared/money/currency";
import { recordAudit } from "../platform/audit";
import { db } from "../platform/db";
import { conflict, fieldError, notFound } from "../platform/errors";
import type { Operator } from "../platform/operator";
import { sqlTransaction } from "../platform/sql";
import { daysAfter } from "@/lib/shared/money/membership";
import { planReport } from "./queries";
import { said } from "@/lib/shared/words/said";

// The operator's membership plans (docs/architecture/membership.md), one or more per market, in
// its currency: defined on /admin/membership (audited), retired (no new member), and the report
// beside them: members, churn over 30 days, revenue, and what the benefit cost the platform.

type PlanRow = {
  id: number;
  marketId: number;
  name: string;
  priceCents: number;
  currency: string;
  basketCents: number;
  serviceFeeDiscountPercent: number;
  trialDays: number;
  retiredAt: Date | null;
};

export function planJson(plan: PlanRow, market: { name: string; timeZone: string } | undefined): MembershipPlanJson {
  const major = (cents: number) => minorToMajor(cents, plan.currency);
  return {
    id: plan.id,
    marketId: plan.marketId,
    marketName: market?.name ?? "",
    timeZone: market?.timeZone ?? "UTC",
    name: plan.name,
    price: major(plan.priceCents),
    currency: plan.currency,
    basket: major(plan.basketCents),
    serviceFeeDiscountPercent: plan.serviceFeeDiscountPercent,
    trialDays: plan.trialDays,
    retiredAt: plan.retiredAt?.toISOString() ?? null,
  };
}

/** The markets' names and zones by id. */
export async function marketsById(): Promise<Map<number, { name: string; timeZone: string }>> {
  return new Map((await db.market.findMany({ select: { id: true, name: true, timeZone: true } })).map((market) => [market.id, market]));
}

/** The plans (newest first); `offered` only those not retired. */
export async function listPlans(offered = false): Promise<MembershipPlanJson[]> {
  const [plans, markets] = await Promise.all([db.membershipPlan.findMany({ where: offered ? { retiredAt: null } : {}, orderBy: { id: "desc" } }), marketsById()]);
  return plans.map((plan) => planJson(plan, markets.get(plan.marketId)));
}

/** POST /api/admin/membership-plans: a plan in an existing market, its amounts in the market's currency (no more decimals than it has); audited. */
export async function createPlan(operator: Operator, input: MembershipPlanInput, now = new Date()): Promise<MembershipPlanJson> {
  const market = await db.market.findUnique({ where: { id: input.marketId }, select: { id: true, name: true, currency: true, timeZone: true } });
  if (!market) throw fieldError("marketId", said("rules.membership.marketUnknown"));
  const priceCents = majorToMinor(input.price, market.currency);
  if (priceCents === null || priceCents <= 0) throw fieldError("price", said("rules.membership.decimals", { currency: market.currency }));
  const basketCents = majorToMinor(input.basket, market.currency);
  if (basketCents === null) throw fieldError("basket", said("rules.membership.decimals", { currency: market.currency }));
  const plan = await db.$transaction(async (tx) => {
    const created = await tx.membershipPlan.create({
      data: {
        marketId: market.id,
        name: input.name,
        priceCents,
        currency: market.currency,
        basketCents,
        serviceFeeDiscountPercent: input.serviceFeeDiscountPercent,
        trialDays: input.trialDays ?? 0,
        createdById: operator.id,
        createdAt: now,
      },
    });
    await recordAudit(tx, operator, {
      action: "membership-plan.create",
      targetType: "membership-plan",
      targetId: created.id,
      reason: input.reason || "Membership plan defined",
      detail: { ...input },
    });
    return created;
  });
  return planJson(plan, market);
}

/** POST /api/admin/membership-plans/{id}/retire: no new member from now; audited. */
export async function retirePlan(operator: Operator, id: number, now = new Date()): Promise<MembershipPlanJson> {
  const plan = await db.membershipPlan.findUnique({ where: { id } });
  if (!plan) throw notFound(said("rules.membership.planUnknown"));
  const retired = await db.$transaction(async (tx) => {
    const { count } = await tx.membershipPlan.updateMany({ where: { id, retiredAt: null }, data: { retiredAt: now } });
    if (!count) throw conflict(said("rules.membership.retiredAlready"));
    await recordAudit(tx, operator, { action: "membership-plan.retire", targetType: "membership-plan", targetId: id, reason: "Membership plan retired" });
    return tx.membershipPlan.findUniqueOrThrow({ where: { id } });
  });
  return planJson(retired, (await marketsById()).get(retired.marketId));
}

export type PlanReport = MembershipPlanJson & {
  members: number;
  trialing: number;
  pastDue: number;
  churned: number;
  churnPercent: number | null;
  revenue: number;
  benefitCost: number;
  orders: number;
};

/** GET /api/admin/membership-plans: every plan with its report (churn over the last 30 days). */
export async function plansReport(now = new Date()): Promise<{ plans: PlanReport[] }> {
  const [plans, rows] = await Promise.all([listPlans(), sqlTransaction((sql) => planReport(sql, now, daysAfter(now, -30)))]);
  const byPlan = new Map(rows.map((row) => [row.planId, row]));
  return {
    plans: plans.flatMap((plan) => {
      const row = byPlan.get(plan.id);
      if (!row) return [];
      const major = (cents: number) => minorToMajor(cents, plan.currency);
      return [
        {
          ...plan,
          members: row.members,
          trialing: row.trialing,
          pastDue: row.pastDue,
          churned: row.churned,
          churnPercent: row.base ? Math.round((row.churned / row.base) * 1000) / 10 : null,
          revenue: major(row.revenue),
          benefitCost: major(row.benefitCost),
          orders: row.orders,
        },
      ];
    }),
  };
}

/** The markets a plan may be defined in, for the operator's form. */
export const marketChoices = () => db.market.findMany({ select: { id: true, name: true, currency: true }, orderBy: { id: "asc" } });
