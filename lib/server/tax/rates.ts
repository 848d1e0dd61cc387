import "server-only";
import { MARKET_TIME_ZONE } from "@/lib/shared/constants";
import { marketDate } from "@/lib/shared/schedule";
import { formatRate, jurisdictionOf, pickRate, ratePercent, type AppliedTax, type TaxRate } from "@/lib/shared/tax";
import type { TaxRateInput, TaxRatesQuery } from "@/lib/validation/tax";
import type { Operator } from "../admin/access";
import { recordAudit } from "../admin/audit";
import { page, type Page } from "../admin/paging";
import { db } from "../platform/db";
import type { Sql } from "../platform/sql";

// Sales tax rates (issue 59 item 6, docs/architecture/money-and-orders.md "Sales tax"): the
// rate an order is taxed at, chosen from the restaurant's address by the one rule
// (lib/shared/tax.ts pickRate), and the operator's list and additions (/admin/tax,
// /api/admin/tax-rates). A rate is never edited or deleted: a new one for the same jurisdiction
// from a later day replaces it from that day on, and the old one stays as history.

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

/** The rate's JSON (GET /api/admin/tax-rates): `rate` a percent; `status` current, scheduled (from a later day) or replaced (history). */
export type TaxRateJson = {
  id: number;
  state: string;
  zipPrefix: string;
  jurisdiction: string;
  rate: number;
  rateLabel: string;
  taxesFees: boolean;
  effectiveOn: string;
  status: "current" | "scheduled" | "replaced";
  createdAt: string;
};

function rateJson(rate: TaxRate & { createdAt: Date }, today: string, replaced: boolean): TaxRateJson {
  return {
    id: rate.id,
    state: rate.state,
    zipPrefix: rate.zipPrefix,
    jurisdiction: jurisdictionOf(rate),
    rate: ratePercent(rate.rateMilliPercent),
    rateLabel: formatRate(rate.rateMilliPercent),
    taxesFees: rate.taxesFees,
    effectiveOn: rate.effectiveOn,
    status: rate.effectiveOn > today ? "scheduled" : replaced ? "replaced" : "current",
    createdAt: rate.createdAt.toISOString(),
  };
}

/** The operator's list: by jurisdiction, newest effective day first within one; a page. */
export async function listTaxRates(_operator: Operator, query: TaxRatesQuery, now = new Date()): Promise<Page<TaxRateJson>> {
  const rows = await db.taxRate.findMany({
    where: query.state ? { state: query.state } : {},
    orderBy: [{ state: "asc" }, { zipPrefix: "asc" }, { effectiveOn: "desc" }, { id: "desc" }],
    skip: query.offset,
    take: query.limit + 1,
  });
  const today = marketDate(now);
  // A row is replaced when a later row of its jurisdiction is in effect today (one read for the page's jurisdictions).
  const jurisdictions = [...new Map(rows.map((row) => [`${row.state}|${row.zipPrefix}`, { state: row.state, zipPrefix: row.zipPrefix }])).values()];
  const inEffect = jurisdictions.length
    ? await db.taxRate.findMany({ where: { OR: jurisdictions, effectiveOn: { lte: today } }, select: { id: true, state: true, zipPrefix: true, effectiveOn: true, rateMilliPercent: true, taxesFees: true } })
    : [];
  const current = new Map<string, number>();
  for (const rate of inEffect) {
    const key = `${rate.state}|${rate.zipPrefix}`;
    const best = pickRate(
      inEffect.filter((other) => `${other.state}|${other.zipPrefix}` === key),
      { state: rate.state, zip: rate.zipPrefix },
      today,
    );
    if (best) current.set(key, best.id);
  }
  return page(
    rows.map((row) => rateJson(row, today, current.get(`${row.state}|${row.zipPrefix}`) !== row.id)),
    query,
  );
}

/** A new rate (POST /api/admin/tax-rates), with the audit log's row in the same transaction. */
export async function addTaxRate(operator: Operator, input: TaxRateInput, now = new Date()): Promise<TaxRateJson> {
  const created = await db.$transaction(async (tx) => {
    const rate = await tx.taxRate.create({
      data: { state: input.state, zipPrefix: input.zipPrefix, rateMilliPercent: input.rate, taxesFees: input.taxesFees, effectiveOn: input.effectiveOn, createdById: operator.id },
    });
    await recordAudit(tx, operator, {
      action: "tax-rate.add",
      targetType: "tax-rate",
      targetId: rate.id,
      reason: input.reason || `New tax rate for ${jurisdictionOf(rate)}`,
      detail: { jurisdiction: jurisdictionOf(rate), rate: formatRate(rate.rateMilliPercent), taxesFees: rate.taxesFees, effectiveOn: rate.effectiveOn },
    });
    return rate;
  });
  return rateJson(created, marketDate(now), false);
}
