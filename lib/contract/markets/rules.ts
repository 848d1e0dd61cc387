import { z } from "zod";
import { LOCALES } from "@/lib/i18n/locale";
import { CURRENCY_CODES } from "@/lib/shared/money/currency";
import { isTimeZone } from "@/lib/shared/time/opening-hours";
import { said } from "@/lib/shared/words/said";

// Markets (POST /api/admin/markets, PUT /api/admin/restaurants/{id}/market, GET
// /api/admin/markets/{id}/report; docs/architecture/languages.md "Markets and currencies").

export const MARKET_SAID = {
  code: said("rules.markets.code"),
  name: said("rules.markets.name"),
  currency: said("rules.common.oneOf", { field: "currency", list: CURRENCY_CODES.join(", ") }),
  timeZone: said("rules.markets.timeZone"),
  distanceUnit: said("rules.markets.distanceUnit"),
  languages: said("rules.markets.languages", { count: LOCALES.length, list: LOCALES.join(", ") }),
  taxSetup: said("rules.markets.taxSetup"),
  marketId: said("rules.markets.marketId"),
  taken: said("rules.markets.exists"),
  reason: said("rules.common.atMost", { field: "reason", count: "500" }),
} as const;
const M = MARKET_SAID;

/** POST /api/admin/markets: a new market (its id is the answer's). */
export const marketInputSchema = z.object({
  code: z.string({ error: M.code }).regex(/^[a-z0-9][a-z0-9-]{1,39}$/, M.code),
  name: z.string({ error: M.name }).trim().min(1, M.name).max(80, M.name),
  currency: z.enum(CURRENCY_CODES as [string, ...string[]], { error: M.currency }),
  timeZone: z.string({ error: M.timeZone }).refine(isTimeZone, M.timeZone),
  distanceUnit: z.enum(["km", "mi"], { error: M.distanceUnit }).optional().default("km"),
  languages: z
    .array(z.enum(LOCALES, { error: M.languages }), { error: M.languages })
    .min(1, M.languages)
    .max(LOCALES.length, M.languages)
    .refine((list) => new Set(list).size === list.length, M.languages)
    .optional()
    .default(["en"]),
  taxSetup: z.enum(["sales_tax", "none"], { error: M.taxSetup }).optional().default("sales_tax"),
  reason: z.string().trim().max(500, M.reason).optional(),
});
export type MarketInput = z.output<typeof marketInputSchema>;

/** PUT /api/admin/restaurants/{id}/market: the restaurant moved to a market (before its first order). */
export const restaurantMarketSchema = z.object({
  marketId: z.int({ error: M.marketId }).positive({ error: M.marketId }),
  reason: z.string().trim().max(500, M.reason).optional(),
});
export type RestaurantMarketInput = z.output<typeof restaurantMarketSchema>;

const isDay = (text: string) => /^\d{4}-\d{2}-\d{2}$/.test(text) && new Date(`${text}T00:00:00Z`).toISOString().slice(0, 10) === text;
const REPORT_TO = said("rules.markets.to");

/** GET /api/admin/markets/{id}/report: the market's days `from` to `to` (inclusive). */
export const marketReportQuerySchema = z
  .object({
    from: z.string({ error: said("rules.common.date", { field: "from" }) }).refine(isDay, said("rules.common.date", { field: "from" })),
    to: z.string({ error: REPORT_TO }).refine(isDay, REPORT_TO),
  })
  .refine((query) => query.from <= query.to && Date.parse(query.to) - Date.parse(query.from) <= 366 * 86_400_000, { message: REPORT_TO, path: ["to"] });
export type MarketReportQuery = z.output<typeof marketReportQuerySchema>;
