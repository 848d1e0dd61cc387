import "server-only";
import { marketDate } from "@/lib/shared/time/schedule";
import { formatRate, jurisdictionOf, pickRate, ratePercent, type TaxRate } from "@/lib/shared/money/tax";
import type { TaxRateInput, TaxRatesQuery } from "@/lib/contract/tax/rules";
import type { Operator } from "../platform/operator";
import { recordAudit } from "../platform/audit";
import { page, type Page } from "../platform/paging";
import { db } from "../platform/db";

// Sales tax rates (docs/architecture/tax.md "Sales tax"): the
// operator's list and additions (/admin/tax, /api/admin/tax-rates); the rate an order is taxed
// at is orders/tax-rate.ts's (taxAt), by the same rule (lib/shared/money/tax.ts pickRate). A rate is never edited or deleted: a new one for the same jurisdiction
// from a later day replaces it from that day on, and the old one stays as history.

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
    ? await db.taxRate.findMany({
        where: { OR: jurisdictions, effectiveOn: { lte: today } },
        select: { id: true, state: true, zipPrefix: true, effectiveOn: true, rateMilliPercent: true, taxesFees: true },
      })
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
      data: {
        state: input.state,
        zipPrefix: input.zipPrefix,
        rateMilliPercent: input.rate,
        taxesFees: input.taxesFees,
        effectiveOn: input.effectiveOn,
        createdById: operator.id,
      },
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
