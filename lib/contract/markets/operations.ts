import { z } from "zod";
import { marketInputSchema, marketReportQuerySchema, restaurantMarketSchema } from "@/lib/contract/markets/rules";
import { op, operator } from "../define";

// Markets and currencies (docs/architecture/languages.md "Markets and currencies"): the operator
// opens a market, moves a restaurant into it, and reads a market's money report.
export const marketSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  currency: z.string().meta({ description: "ISO 4217 code: the market's prices, fees, wallets, ledger accounts, payouts and reports are in it" }),
  timeZone: z.string(),
  distanceUnit: z.enum(["km", "mi"]),
  languages: z.array(z.string()),
  taxSetup: z.enum(["sales_tax", "none"]),
  restaurants: z.number().int(),
  createdAt: z.string(),
});

const report = z.object({
  market: marketSchema.pick({ id: true, code: true, name: true, currency: true, timeZone: true }),
  from: z.string(),
  to: z.string(),
  currency: z.string().meta({ description: "Every amount is in this currency's major unit" }),
  orders: z.number().int(),
  paid: z.number(),
  refunded: z.number(),
  platformRevenue: z.number(),
  taxCollected: z.number(),
  restaurantEarnings: z.number(),
  courierEarnings: z.number(),
  payouts: z.object({ count: z.number().int(), amount: z.number() }),
});

export const marketOperations = [
  op("GET /api/admin/markets", {
    summary: "Every market, the default (id 1, USD) first: its currency, time zone, distance unit, languages, tax setup and number of restaurants",
    access: operator,
    paging: { unpaged: "the markets Nosh operates in: a handful" },
    ok: { description: "The markets", schema: z.object({ markets: z.array(marketSchema) }) },
    fixture: { matrix: { before: ["$ownerIsCourier"] } },
  }),
  op("POST /api/admin/markets", {
    summary:
      "Opens a market: a unique `code`, `name`, `currency` (USD, CAD, MXN, EUR, GBP, JPY), `timeZone` (its new restaurants'), `distanceUnit` (km, mi), `languages` (its own first), `taxSetup` (sales_tax, none). Audited",
    access: operator,
    body: marketInputSchema,
    ok: { status: 201, description: "The market", schema: z.object({ market: marketSchema }) },
    errors: { 409: "A market with this code exists already" },
    fixture: {
      matrix: { before: ["$ownerIsCourier"], body: { code: "matrix-check", name: "Matrix check", currency: "CAD", timeZone: "America/Toronto" } },
      fuzz: { valid: { code: "fuzz-market", name: "Fuzz", currency: "MXN", timeZone: "America/Mexico_City", languages: ["es", "en"] } },
    },
  }),
  op("GET /api/admin/markets/{id}/report", {
    summary:
      "A market's money over its days `from` to `to` (at most 366), in its currency: orders paid, what customers paid and got back, platform revenue, tax collected, restaurants' and couriers' earnings, and its restaurants' payouts; nothing of another market",
    access: operator,
    paging: { unpaged: "one record: the market's totals" },
    query: marketReportQuerySchema,
    ok: { description: "The report", schema: report },
    errors: { 404: "Unknown market" },
    fixture: { matrix: { before: ["$ownerIsCourier"], path: { id: 1 }, query: { from: "2026-11-01", to: "2026-11-30" } } },
  }),
  op("PUT /api/admin/restaurants/{id}/market", {
    summary:
      "Moves a restaurant to a market (`marketId`): its time zone becomes the market's and its prices are read in the market's currency. Refused (409) for a restaurant with orders or money in another currency. Audited",
    access: operator,
    body: restaurantMarketSchema,
    ok: { description: "The market it is now in", schema: z.object({ market: marketSchema }) },
    errors: { 404: "Unknown restaurant", 409: "The restaurant has orders or money in another currency" },
    fixture: {
      matrix: { before: ["$ownerIsCourier"], path: { id: "$restaurant" }, body: { marketId: 1, reason: "Matrix check" } },
      fuzz: { valid: { marketId: 1 } },
    },
  }),
];
