import { taxRateSchema, taxRatesPageSchema, taxReportSchema } from "../operators/schemas";
import { taxRateInputSchema, taxRatesQuerySchema, taxReportQuerySchema } from "@/lib/contract/tax/rules";
import { op, operator, rangeDownload, csvAnswer } from "../define";

// Sales tax (docs/architecture/tax.md "Sales tax"): rates per jurisdiction and the tax report.
export const taxOperations = [
  op("GET /api/admin/tax-rates", {
    summary:
      "Sales tax rates by jurisdiction (state, then ZIP prefix), the newest effective day first within one, each with its status (current, scheduled, replaced); optionally of one `state`",
    access: operator,
    paging: "limit-offset",
    query: taxRatesQuerySchema,
    ok: { description: "A page of rates", schema: taxRatesPageSchema },
    // Of a state no restaurant is in (ZP, ZQ), so no other spec's totals move.
    fixture: { matrix: { before: ["$ownerIsCourier"] }, list: { as: "operator", query: { state: "ZP" } } },
  }),
  op("POST /api/admin/tax-rates", {
    summary:
      "A new sales tax rate for a jurisdiction (`state`, optional `zipPrefix`: the longest matching prefix of the restaurant's ZIP wins) from `effectiveOn` on; `rate` in percent (up to three decimals), `taxesFees` whether fees are taxed. Rates are never edited: a newer one replaces it from its day, the old stays as history. Audited",
    access: operator,
    body: taxRateInputSchema,
    ok: { status: 201, description: "The rate", schema: taxRateSchema },
    fixture: {
      matrix: { before: ["$ownerIsCourier"], body: { state: "ZQ", rate: 5, effectiveOn: "2026-01-01", reason: "Matrix check" } },
      fuzz: { valid: { state: "ZQ", zipPrefix: "941", rate: 8.625, taxesFees: false, effectiveOn: "2026-01-01" } },
    },
  }),
  op("GET /api/admin/tax-report", {
    summary:
      "Sales tax per jurisdiction over the marketplace's days `from` to `to` (at most 366): orders, taxable sales, tax collected, refunded and net, read from the ledger's tax payable account",
    access: operator,
    paging: { unpaged: "one row per jurisdiction (a few dozen at most) and the total" },
    query: taxReportQuerySchema,
    ok: { description: "The report", schema: taxReportSchema },
    fixture: { matrix: { before: ["$ownerIsCourier"], query: { from: "2026-11-01", to: "2026-11-30" } } },
  }),
  op("GET /api/admin/tax-report.csv", {
    summary: "The tax report as CSV `jurisdiction,orders,taxable_sales,collected,refunded,net` (dollars) with a total row; an attachment",
    access: operator,
    paging: rangeDownload,
    query: taxReportQuerySchema,
    ok: csvAnswer,
    fixture: { matrix: { before: ["$ownerIsCourier"], query: { from: "2026-11-01", to: "2026-11-30" } } },
  }),
];
