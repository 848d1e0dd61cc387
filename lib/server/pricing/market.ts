import "server-only";
import { DEFAULT_CURRENCY, minorToMajor } from "@/lib/shared/money/currency";
import { isSpecRule, SPEC_PRICING, type MarketPricing } from "@/lib/shared/money/delivery-pricing";
import { marketPricingInputSchemaIn, ruleOfInput, type MarketPricingInput } from "@/lib/contract/deliveries/pricing-rules";
import { recordAudit } from "../platform/audit";
import { db } from "../platform/db";
import { DEFAULT_MARKET_ID } from "../markets/markets";
import { fromZod, notFound } from "../platform/errors";
import type { Operator } from "../platform/operator";
import { readSql, sqlOf, type Sql } from "../platform/sql";
import { moveMarketRestaurantPages, storedRule } from "./queries";
import { said, word } from "@/lib/shared/words/said";

// Each market's delivery pricing (docs/architecture/money-and-orders.md "Delivery pricing"): what
// an operator set on /admin/delivery-pricing?market= (the MarketPricing row whose id is the
// market's, its rule as JSON in the market's minor units), else the spec's rule (SPEC_PRICING: its
// numbers in the market's minor units, which the admin page says). Read from the database by every
// checkout, quote and restaurant page of the market's restaurants (the cart's one read carries it:
// queries/cart.ts), so a change holds from the next order on, in every server process; setting it
// moves the market's restaurant pages' catalog scope.

/** A stored rule, read back through the input's own schema (the currency's major units): anything it would refuse is the spec's rule. */
export function ruleOfStored(text: string | null | undefined, currency: string = DEFAULT_CURRENCY): MarketPricing {
  if (!text) return SPEC_PRICING;
  try {
    const parsed = marketPricingInputSchemaIn(currency).safeParse(jsonOfRule(JSON.parse(text) as MarketPricing, currency));
    return parsed.success ? ruleOfInput(parsed.data) : SPEC_PRICING;
  } catch {
    return SPEC_PRICING;
  }
}

/** The market's rule in effect, read in the caller's transaction (an unknown market: the spec's). */
export async function marketPricingIn(sql: Sql, marketId: number = DEFAULT_MARKET_ID): Promise<MarketPricing> {
  const stored = await storedRule(sql, marketId);
  return ruleOfStored(stored?.rule, stored?.currency);
}

/** The market's rule in effect, read on its own (pages). */
export const marketPricing = async (marketId: number = DEFAULT_MARKET_ID): Promise<MarketPricing> => marketPricingIn(await readSql(), marketId);

/** The rule as the API says it: the currency's major units (dollars for USD). */
export function jsonOfRule(rule: MarketPricing, currency: string = DEFAULT_CURRENCY) {
  const major = (minor: number) => minorToMajor(minor, currency);
  return {
    mode: rule.mode,
    flatFee: major(rule.flatFeeCents),
    baseFee: major(rule.baseFeeCents),
    perKm: major(rule.perKmCents),
    bands: rule.bands.map((b) => ({ upToKm: b.upToKm, fee: major(b.feeCents) })),
    smallOrderFee: major(rule.smallOrderFeeCents),
    smallOrderUnder: major(rule.smallOrderUnderCents),
    serviceFeePercent: rule.serviceFeePercent,
  };
}

export type MarketPricingJson = ReturnType<typeof jsonOfRule> & {
  /** Nothing set that changes a price: the spec's rule and texts. */
  spec: boolean;
  defaults: ReturnType<typeof jsonOfRule>;
  updatedAt: string | null;
  updatedBy: { id: number; firstName: string } | null;
  /** The market whose rule this is, and its currency (the amounts' major unit). */
  market: number;
  currency: string;
};

/** The market's currency; a 404 for an unknown market. */
async function currencyOf(marketId: number): Promise<string> {
  const market = await db.market.findUnique({ where: { id: marketId }, select: { currency: true } });
  if (!market) throw notFound(said("messages.notFound", { what: word("market") }));
  return market.currency;
}

/** GET /api/admin/delivery-pricing?market=: the market's rule in effect, the spec's, and who set it last. */
export async function marketPricingJson(marketId: number = DEFAULT_MARKET_ID): Promise<MarketPricingJson> {
  const currency = await currencyOf(marketId);
  const row = await db.marketPricing.findUnique({ where: { id: marketId } });
  const rule = ruleOfStored(row?.rule, currency);
  const by = row?.updatedById ? await db.user.findUnique({ where: { id: row.updatedById }, select: { id: true, firstName: true } }) : null;
  return {
    ...jsonOfRule(rule, currency),
    spec: isSpecRule(rule),
    defaults: jsonOfRule(SPEC_PRICING, currency),
    updatedAt: row ? row.updatedAt.toISOString() : null,
    updatedBy: by,
    market: marketId,
    currency,
  };
}

/** PUT /api/admin/delivery-pricing?market=: the body read in the market's currency (a 400 naming a field refused), then set. */
export async function putMarketPricing(operator: Operator, body: unknown, marketId: number = DEFAULT_MARKET_ID): Promise<MarketPricingJson> {
  const parsed = marketPricingInputSchemaIn(await currencyOf(marketId)).safeParse(body);
  if (!parsed.success) throw fromZod(parsed.error);
  return setMarketPricing(operator, parsed.data, marketId);
}

/**
 * The market's rule stored (its row), audited with the rule before and after, and the market's
 * restaurant pages' catalog scope moved, in one transaction. `input` is in the market's minor units.
 */
export async function setMarketPricing(
  operator: Operator,
  input: MarketPricingInput,
  marketId: number = DEFAULT_MARKET_ID,
  now = new Date(),
): Promise<MarketPricingJson> {
  const currency = await currencyOf(marketId);
  const next = ruleOfInput(input);
  await db.$transaction(async (tx) => {
    const before = ruleOfStored((await tx.marketPricing.findUnique({ where: { id: marketId } }))?.rule, currency);
    const rule = JSON.stringify(next);
    await tx.marketPricing.upsert({
      where: { id: marketId },
      create: { id: marketId, rule, updatedById: operator.id, updatedAt: now },
      update: { rule, updatedById: operator.id, updatedAt: now },
    });
    await recordAudit(tx, operator, {
      action: "delivery-pricing.set",
      targetType: "delivery-pricing",
      targetId: marketId,
      reason: input.reason || "Delivery pricing changed",
      detail: { before: jsonOfRule(before, currency), after: jsonOfRule(next, currency), ...(marketId === DEFAULT_MARKET_ID ? {} : { currency }) },
    });
    await moveMarketRestaurantPages(sqlOf(tx), marketId);
  });
  return marketPricingJson(marketId);
}
