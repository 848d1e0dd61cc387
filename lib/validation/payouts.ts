import { z } from "zod";
import { dollars } from "./checkout";

/** POST /api/manage/{id}/payouts and POST /api/courier/payouts: { amount } in dollars, more than 0 (at most the available balance: a 409 beyond it). */
export const payoutInputSchema = z.object({ amount: dollars("amount", { min: 0, max: 100_000_000 }) });

/** The payouts page's and GET's default range: the restaurant's last 30 days, today included. */
export const PAYOUT_RANGE_DAYS = 30;
