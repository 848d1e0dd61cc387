import { z } from "zod";
import { said } from "@/lib/shared/words/said";

// The card top-up limits an operator sets (PUT /api/admin/top-up-limits, docs/architecture/payments.md
// "Wallet top-ups"): whole dollars, as WALLET_TOPUP_MIN, WALLET_TOPUP_MAX and WALLET_TOPUP_DAILY_MAX.

export const TOP_UP_LIMIT_BOUNDS = { maxDollars: 10_000, dailyMaxDollars: 1_000_000 } as const;
export const TOP_UP_LIMIT_SAID = {
  min: said("rules.topUpLimits.min", { max: TOP_UP_LIMIT_BOUNDS.maxDollars }),
  max: said("rules.topUpLimits.max", { max: TOP_UP_LIMIT_BOUNDS.maxDollars }),
  dailyMax: said("rules.topUpLimits.dailyMax", { max: TOP_UP_LIMIT_BOUNDS.dailyMaxDollars }),
  minAboveMax: said("rules.topUpLimits.minAboveMax"),
  reason: said("rules.common.atMost", { field: "reason", count: "500" }),
  currency: said("rules.checkout.currencyCode"),
} as const;
const M = TOP_UP_LIMIT_SAID;

const dollars = (message: string, most: number) => z.number({ error: message }).int(message).min(1, message).max(most, message);

export const topUpLimitsInputSchema = z
  .object({
    min: dollars(M.min, TOP_UP_LIMIT_BOUNDS.maxDollars),
    max: dollars(M.max, TOP_UP_LIMIT_BOUNDS.maxDollars),
    dailyMax: dollars(M.dailyMax, TOP_UP_LIMIT_BOUNDS.dailyMaxDollars),
    reason: z.string().trim().max(500, M.reason).optional(),
    /** Whose limits (ISO 4217, a market's; USD when absent): the amounts are whole units of it. */
    currency: z
      .string({ error: M.currency })
      .regex(/^[A-Z]{3}$/, M.currency)
      .optional(),
  })
  .refine((input) => input.min <= input.max, { message: M.minAboveMax, path: ["min"] });
export type TopUpLimitsInput = z.output<typeof topUpLimitsInputSchema>;

/** GET /api/admin/top-up-limits?currency=: whose limits (USD when absent). */
export const topUpLimitsQuerySchema = z.object({
  currency: z
    .string({ error: M.currency })
    .regex(/^[A-Z]{3}$/, M.currency)
    .optional(),
});
