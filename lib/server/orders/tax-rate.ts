import "server-only";
import { MARKET_TIME_ZONE } from "@/lib/shared/constants";
import { marketDate } from "@/lib/shared/schedule";
import { jurisdictionOf, pickRate, type AppliedTax, type TaxRate } from "@/lib/shared/tax";
import type { Sql } from "../platform/sql";

// The sales tax rate an order is taxed at (issue 59 item 6, docs/architecture/money-and-orders.md
// "Sales tax"), chosen from the restaurant's address by the one rule (lib/shared/tax.ts pickRate)
// among the operators' rates (TaxRate, lib/server/tax/rates.ts writes them).

type RateRow = { id: number | bigint; state: string; zipPrefix: string; rateMilliPercent: number | bigint; taxesFees: boolean | number; effectiveOn: string };

const rateOf = (row: RateRow): TaxRate => ({
  id: Number(row.id),
  state: row.state,
  zipPrefix: row.zipPrefix,
  rateMilliPercent: Number(row.rateMilliPercent),
  taxesFees: Boolean(row.taxesFees),
  effectiveOn: row.effectiveOn,
});

/**
 * The tax of an order placed now at the restaurant: the rate of its address (its state, the
 * longest ZIP prefix, the latest in effect on its local day), or null (no tax). One statement:
 * the restaurant's rates whose prefix begins its ZIP and which are in effect; pickRate chooses.
 */
export async function taxAt(sql: Sql, restaurantId: number, now: Date): Promise<AppliedTax | null> {
  const rows = await sql.all<RateRow & { zip: string; timeZone: string }>(
    `SELECT t."id", t."state", t."zipPrefix", t."rateMilliPercent", t."taxesFees", t."effectiveOn", r."zip", r."timeZone"
     FROM "Restaurant" r JOIN "TaxRate" t ON t."state" = r."state" AND substr(r."zip", 1, length(t."zipPrefix")) = t."zipPrefix"
     WHERE r."id" = ? AND t."effectiveOn" <= ?`,
    // The latest day anywhere (a day ahead of the marketplace's): pickRate then compares with the restaurant's own day.
    [restaurantId, marketDate(new Date(now.getTime() + 86_400_000), MARKET_TIME_ZONE)],
  );
  const [first] = rows;
  if (!first) return null;
  const rate = pickRate(rows.map(rateOf), { state: first.state, zip: first.zip }, marketDate(now, first.timeZone || MARKET_TIME_ZONE));
  return rate ? { rateMilliPercent: rate.rateMilliPercent, taxesFees: rate.taxesFees, jurisdiction: jurisdictionOf(rate) } : null;
}
