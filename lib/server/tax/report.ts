import "server-only";
import { csvDollars, csvLine } from "@/lib/shared/money/csv";
import { minorToMajor } from "@/lib/shared/money/currency";
import { addDays, instantOf } from "@/lib/shared/time/opening-hours";
import type { TaxReportQuery } from "@/lib/contract/tax/rules";
import type { Operator } from "../platform/operator";
import { account } from "../ledger/post";
import { inCurrency } from "../ledger/currency";
import { readMarket } from "../markets/markets";
import { readSql } from "../platform/sql";
import { taxByJurisdiction } from "./queries";

// The operator's tax report (GET /api/admin/tax-report and its .csv, /admin/tax): per
// jurisdiction, over a period of the marketplace's days, what the ledger's tax payable account
// ("tax") took in (collected: each delivered order's tax, at its settlement) and gave back
// (refunded), read from its lines, so the report is the ledger's, not a second sum of orders.

export type TaxReportRow = {
  jurisdiction: string;
  orders: number;
  /** The taxed orders' item sales (subtotal less discount) collected in the period. */
  taxableSales: number;
  collected: number;
  refunded: number;
  net: number;
};
/** `currency`: the market's (query `market`, the default one's when not given): every amount is in its major unit. */
export type TaxReportJson = { from: string; to: string; timeZone: string; currency: string; rows: TaxReportRow[]; total: Omit<TaxReportRow, "jurisdiction"> };

const bound = (day: string, timeZone: string, plus = 0) => {
  const date = addDays({ year: Number(day.slice(0, 4)), month: Number(day.slice(5, 7)), day: Number(day.slice(8, 10)) }, plus);
  return instantOf({ ...date, hour: 0, minute: 0 }, timeZone);
};

type ReportRow = { jurisdiction: string; orders: number; salesCents: number; collectedCents: number; refundedCents: number };

/** The market's rows (its tax payable account in its currency, its restaurants' orders, its days), its currency and time zone. */
async function reportRows(query: TaxReportQuery): Promise<{ rows: ReportRow[]; currency: string; timeZone: string }> {
  const { id, currency, timeZone } = await readMarket(query.market ?? 1);
  const found = await taxByJurisdiction(await readSql(), inCurrency(account.tax, currency), bound(query.from, timeZone), bound(query.to, timeZone, 1), id);
  const rows = found.map((row) => ({
    jurisdiction: row.jurisdiction ?? "(unknown)",
    orders: row.orders,
    salesCents: row.sales,
    collectedCents: row.collected,
    refundedCents: row.refunded,
  }));
  return { rows, currency, timeZone };
}

export async function taxReport(_operator: Operator, query: TaxReportQuery): Promise<TaxReportJson> {
  const { rows, currency, timeZone } = await reportRows(query);
  const centsToDollars = (minor: number) => minorToMajor(minor, currency);
  const sum = (pick: (row: (typeof rows)[number]) => number) => rows.reduce((total, row) => total + pick(row), 0);
  const json = (r: { orders: number; salesCents: number; collectedCents: number; refundedCents: number }) => ({
    orders: r.orders,
    taxableSales: centsToDollars(r.salesCents),
    collected: centsToDollars(r.collectedCents),
    refunded: centsToDollars(r.refundedCents),
    net: centsToDollars(r.collectedCents - r.refundedCents),
  });
  return {
    from: query.from,
    to: query.to,
    timeZone,
    currency,
    rows: rows.map((row) => ({ jurisdiction: row.jurisdiction, ...json(row) })),
    total: json({
      orders: sum((r) => r.orders),
      salesCents: sum((r) => r.salesCents),
      collectedCents: sum((r) => r.collectedCents),
      refundedCents: sum((r) => r.refundedCents),
    }),
  };
}

/** The same report as CSV: `jurisdiction,orders,taxable_sales,collected,refunded,net` in dollars, then a total row. */
export async function taxReportCsv(_operator: Operator, query: TaxReportQuery): Promise<AsyncIterable<string>> {
  const { rows } = await reportRows(query);
  return (async function* () {
    yield csvLine(["jurisdiction", "orders", "taxable_sales", "collected", "refunded", "net"]);
    let orders = 0;
    let sales = 0;
    let collected = 0;
    let refunded = 0;
    for (const row of rows) {
      orders += row.orders;
      sales += row.salesCents;
      collected += row.collectedCents;
      refunded += row.refundedCents;
      yield csvLine([
        row.jurisdiction,
        row.orders,
        csvDollars(row.salesCents),
        csvDollars(row.collectedCents),
        csvDollars(row.refundedCents),
        csvDollars(row.collectedCents - row.refundedCents),
      ]);
    }
    yield csvLine(["total", orders, csvDollars(sales), csvDollars(collected), csvDollars(refunded), csvDollars(collected - refunded)]);
  })();
}
