import "server-only";
import { isSpecRule, SPEC_PRICING, type MarketPricing } from "@/lib/shared/delivery-pricing";
import { centsToDollars } from "@/lib/shared/money";
import { marketPricingInputSchema, ruleOfInput, type MarketPricingInput } from "@/lib/validation/delivery-pricing";
import { recordAudit } from "../platform/audit";
import { db } from "../platform/db";
import type { Operator } from "../platform/operator";
import { readSql, sqlOf, type Sql } from "../platform/sql";
import { moveEveryRestaurantPage, storedRule } from "./queries";

// The market's delivery pricing (docs/architecture/money-and-orders.md "Delivery pricing"): what an
// operator set on /admin/delivery-pricing (the MarketPricing row, its rule as JSON), else the
// spec's flat 6.49 (SPEC_PRICING). Read from the database by every checkout, quote and restaurant
// page (the cart's one read carries it: queries/cart.ts), so a change holds from the next order
// on, in every server process; setting it moves every restaurant page's catalog scope.

/** A stored rule, read back through the input's own schema (dollars): anything it would refuse is the spec's rule. */
export function ruleOfStored(text: string | null | undefined): MarketPricing {
  if (!text) return SPEC_PRICING;
  try {
    const parsed = marketPricingInputSchema.safeParse(jsonOfRule(JSON.parse(text) as MarketPricing));
    return parsed.success ? ruleOfInput(parsed.data) : SPEC_PRICING;
  } catch {
    return SPEC_PRICING;
  }
}

/** The rule in effect, read in the caller's transaction. */
export async function marketPricingIn(sql: Sql): Promise<MarketPricing> {
  return ruleOfStored(await storedRule(sql));
}

/** The rule in effect, read on its own (pages). */
export const marketPricing = async (): Promise<MarketPricing> => marketPricingIn(await readSql());

/** The rule as the API says it: dollars. */
export function jsonOfRule(rule: MarketPricing) {
  return {
    mode: rule.mode,
    flatFee: centsToDollars(rule.flatFeeCents),
    baseFee: centsToDollars(rule.baseFeeCents),
    perKm: centsToDollars(rule.perKmCents),
    bands: rule.bands.map((b) => ({ upToKm: b.upToKm, fee: centsToDollars(b.feeCents) })),
    smallOrderFee: centsToDollars(rule.smallOrderFeeCents),
    smallOrderUnder: centsToDollars(rule.smallOrderUnderCents),
    serviceFeePercent: rule.serviceFeePercent,
  };
}

export type MarketPricingJson = ReturnType<typeof jsonOfRule> & {
  /** Nothing set that changes a price: the spec's rule and texts. */
  spec: boolean;
  defaults: ReturnType<typeof jsonOfRule>;
  updatedAt: string | null;
  updatedBy: { id: number; firstName: string } | null;
};

/** GET /api/admin/delivery-pricing: the rule in effect, the spec's, and who set it last. */
export async function marketPricingJson(): Promise<MarketPricingJson> {
  const row = await db.marketPricing.findUnique({ where: { id: 1 } });
  const rule = ruleOfStored(row?.rule);
  const by = row?.updatedById ? await db.user.findUnique({ where: { id: row.updatedById }, select: { id: true, firstName: true } }) : null;
  return { ...jsonOfRule(rule), spec: isSpecRule(rule), defaults: jsonOfRule(SPEC_PRICING), updatedAt: row ? row.updatedAt.toISOString() : null, updatedBy: by };
}

/**
 * PUT /api/admin/delivery-pricing: the rule stored (the one row), audited with the rule before and
 * after, and every restaurant page's catalog scope moved, in one transaction.
 */
export async function setMarketPricing(operator: Operator, input: MarketPricingInput, now = new Date()): Promise<MarketPricingJson> {
  const next = ruleOfInput(input);
  await db.$transaction(async (tx) => {
    const before = ruleOfStored((await tx.marketPricing.findUnique({ where: { id: 1 } }))?.rule);
    const rule = JSON.stringify(next);
    await tx.marketPricing.upsert({
      where: { id: 1 },
      create: { id: 1, rule, updatedById: operator.id, updatedAt: now },
      update: { rule, updatedById: operator.id, updatedAt: now },
    });
    await recordAudit(tx, operator, {
      action: "delivery-pricing.set",
      targetType: "delivery-pricing",
      targetId: 1,
      reason: input.reason || "Delivery pricing changed",
      detail: { before: jsonOfRule(before), after: jsonOfRule(next) },
    });
    await moveEveryRestaurantPage(sqlOf(tx));
  });
  return marketPricingJson();
}
