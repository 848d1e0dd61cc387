import "server-only";
import { DEFAULT_CURRENCY } from "@/lib/shared/money/currency";
import type { MarketPricing } from "@/lib/shared/money/delivery-pricing";
import { db } from "../platform/db";
import { DEFAULT_MARKET_ID } from "../markets/markets";
import { marketPricing } from "./market";

/** A restaurant of a market in another currency than USD: that currency and its market's rule. */
export type OtherMarket = { currency: string; rule: MarketPricing };

/**
 * The restaurants of `rows` in a market of another currency than USD, each with that currency and its
 * market's rule, for their cards' fee lines (components/browse/card-fee.ts cardFeesOf): one read, none
 * when every row says it is in the default market (USD); one rule read per such market.
 */
export async function otherMarketsOf(rows: readonly { id: number; marketId?: number }[]): Promise<Map<number, OtherMarket>> {
  if (rows.every((row) => row.marketId === DEFAULT_MARKET_ID)) return new Map();
  const found = await db.restaurant.findMany({
    where: { id: { in: [...new Set(rows.map((row) => row.id))] }, market: { currency: { not: DEFAULT_CURRENCY } } },
    select: { id: true, marketId: true, market: { select: { currency: true } } },
  });
  const rules = new Map<number, Promise<MarketPricing>>();
  for (const { marketId } of found) if (!rules.has(marketId)) rules.set(marketId, marketPricing(marketId));
  return new Map(await Promise.all(found.map(async (row) => [row.id, { currency: row.market.currency, rule: await rules.get(row.marketId)! }] as const)));
}
