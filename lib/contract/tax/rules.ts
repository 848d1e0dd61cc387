import { z } from "zod";
import { rateFromPercent, TAX_LIMITS } from "@/lib/shared/money/tax";
import { pagingSchema } from "../restaurants/browse-rules";
import { said } from "@/lib/shared/words/said";
export const TAX_SAID = {
  state: said("rules.tax.state"),
  zipPrefix: said("rules.tax.zipPrefix"),
  rate: said("rules.tax.rate", { max: TAX_LIMITS.maxRateMilliPercent / 1000 }),
  taxesFees: said("rules.common.trueOrFalse", { field: "taxesFees" }),
  effectiveOn: said("rules.common.date", { field: "effectiveOn" }),
  from: said("rules.common.date", { field: "from" }),
  to: said("rules.markets.to"),
  reason: said("rules.common.atMost", { field: "reason", count: "500" }),
} as const;
const M = TAX_SAID;

const isDay = (text: string) => /^\d{4}-\d{2}-\d{2}$/.test(text) && new Date(`${text}T00:00:00Z`).toISOString().slice(0, 10) === text;
const day = (message: string) => z.string({ error: message }).refine(isDay, message);

/** POST /api/admin/tax-rates: a new rate for a jurisdiction from a day on (the old one stays as history). */
export const taxRateInputSchema = z.object({
  state: z.string({ error: M.state }).regex(/^[A-Z]{2}$/, M.state),
  zipPrefix: z
    .string({ error: M.zipPrefix })
    .regex(/^\d{0,5}$/, M.zipPrefix)
    .optional()
    .default(""),
  /** A percent, 8.625 for 8.625% (a number or its text). */
  rate: z.union([z.number(), z.string()], { error: M.rate }).transform((value, context) => {
    const milli = rateFromPercent(value);
    if (milli === null || milli > TAX_LIMITS.maxRateMilliPercent) {
      context.addIssue({ code: "custom", message: M.rate });
      return z.NEVER;
    }
    return milli;
  }),
  taxesFees: z.boolean({ error: M.taxesFees }).optional().default(false),
  effectiveOn: day(M.effectiveOn),
  reason: z.string().trim().max(500, M.reason).optional(),
});
export type TaxRateInput = z.output<typeof taxRateInputSchema>;

/** GET /api/admin/tax-rates: newest first, optionally of one state. */
export const taxRatesQuerySchema = pagingSchema.extend({
  state: z
    .string()
    .regex(/^[A-Z]{2}$/, M.state)
    .optional(),
});
export type TaxRatesQuery = z.output<typeof taxRatesQuerySchema>;

/** GET /api/admin/tax-report (and .csv): the tax of orders placed from `from` to `to` (days, inclusive). */
export const taxReportQuerySchema = z
  .object({
    from: day(M.from),
    to: day(M.to),
    /** The market (GET /api/admin/markets), the default one (1) when not given: its tax, in its currency and days. */
    market: z.coerce
      .number({ error: said("rules.tax.market") })
      .int(said("rules.tax.market"))
      .positive(said("rules.tax.market"))
      .optional(),
  })
  .refine((query) => query.from <= query.to && Date.parse(query.to) - Date.parse(query.from) <= 366 * 86_400_000, { message: M.to, path: ["to"] });
export type TaxReportQuery = z.output<typeof taxReportQuerySchema>;
