import "server-only";
import { MARKET_TIME_ZONE } from "@/lib/shared/constants";
import { marketDate } from "@/lib/shared/time/schedule";
import { jurisdictionOf, pickRate, type AppliedTax } from "@/lib/shared/money/tax";
import type { Sql } from "../platform/sql";
import { restaurantRates } from "./queries/placement";

// The sales tax rate an order is taxed at (docs/architecture/tax.md
// "Sales tax"), chosen from the restaurant's address by the one rule (lib/shared/money/tax.ts pickRate)
// among the operators' rates (TaxRate, lib/server/tax/rates.ts writes them).

/**
 * The tax of an order placed now at the restaurant: the rate of its address (its state, the
 * longest ZIP prefix, the latest in effect on its local day), or null (no tax). One statement:
 * the restaurant's rates whose prefix begins its ZIP and which are in effect; pickRate chooses.
 */
export async function taxAt(sql: Sql, restaurantId: number, now: Date): Promise<AppliedTax | null> {
  // The latest day anywhere (a day ahead of the marketplace's): pickRate then compares with the restaurant's own day.
  const rows = await restaurantRates(sql, restaurantId, marketDate(new Date(now.getTime() + 86_400_000), MARKET_TIME_ZONE));
  const [first] = rows;
  if (!first) return null;
  const rate = pickRate(rows, { state: first.state, zip: first.zip }, marketDate(now, first.timeZone || MARKET_TIME_ZONE));
  return rate ? { rateMilliPercent: rate.rateMilliPercent, taxesFees: rate.taxesFees, jurisdiction: jurisdictionOf(rate) } : null;
}
