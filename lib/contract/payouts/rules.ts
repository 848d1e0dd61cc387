import { z } from "zod";
import { CURRENCY_CODES } from "@/lib/shared/money/currency";
import { WEEKDAYS } from "@/lib/shared/time/opening-hours";
import { MARKET_SAID } from "../markets/rules";
import { dollars } from "../orders/checkout-rules";
import { said } from "@/lib/shared/words/said";

/** POST /api/manage/{id}/payouts and POST /api/courier/payouts: { amount } in dollars, more than 0 (at most the available balance: a 409 beyond it). */
export const payoutInputSchema = z.object({ amount: dollars("amount", { min: 0, max: 100_000_000 }) });

/** POST /api/courier/payouts?currency=MXN: the balance of that currency paid out (USD without). */
export const courierPayoutQuerySchema = z.object({ currency: z.enum(CURRENCY_CODES as [string, ...string[]], { error: MARKET_SAID.currency }).optional() });

/** The payouts page's and GET's default range: the restaurant's last 30 days, today included. */
export const PAYOUT_RANGE_DAYS = 30;

/** PUT /api/manage/{id}/payouts/schedule: { weekday } the day of a weekly payout ("mon" ... "sun"), or null for none. */
export const payoutScheduleSchema = z.object({
  weekday: z.enum(WEEKDAYS, { error: said("rules.payouts.weekday", { list: WEEKDAYS.join(", ") }) }).nullable(),
});
export type PayoutScheduleInput = z.output<typeof payoutScheduleSchema>;
