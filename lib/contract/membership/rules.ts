import { z } from "zod";
import { MEMBERSHIP_TRIAL_MAX_DAYS } from "@/lib/shared/money/membership";
import { requiredText } from "../common/field-rules";
import { idNumber } from "../common/id-rules";
import { said, word } from "@/lib/shared/words/said";

// Memberships' request rules (docs/architecture/membership.md): an operator's plan (amounts in
// whole or decimal units of its market's currency, checked against the currency's minor unit by
// the server), a customer's subscription to a plan on a saved card, a card changed, a plan retired.

export const MEMBERSHIP_SAID = {
  marketId: said("rules.membership.marketId"),
  name: said("rules.membership.name"),
  price: said("rules.membership.price"),
  basket: said("rules.membership.basket"),
  discount: said("rules.membership.discount"),
  trialDays: said("rules.membership.trialDays", { max: MEMBERSHIP_TRIAL_MAX_DAYS }),
  planId: said("rules.membership.planId"),
  card: said("rules.checkout.savedCard"),
  reason: said("rules.common.atMost", { field: "reason", count: "500" }),
} as const;
const M = MEMBERSHIP_SAID;

export const membershipPlanSchema = z.object({
  marketId: idNumber("marketId", M.marketId),
  name: requiredText(word("name"), M.name).max(60, M.name),
  /** The monthly price, more than 0, in units of the market's currency (9.99). */
  price: z.number({ error: M.price }).positive(M.price).max(1_000_000, M.price),
  /** The item subtotal from which delivery is free, 0 or more. */
  basket: z.number({ error: M.basket }).min(0, M.basket).max(1_000_000, M.basket),
  serviceFeeDiscountPercent: z.number({ error: M.discount }).int(M.discount).min(0, M.discount).max(100, M.discount),
  trialDays: z.number({ error: M.trialDays }).int(M.trialDays).min(0, M.trialDays).max(MEMBERSHIP_TRIAL_MAX_DAYS, M.trialDays).optional(),
  /** Why, for the audit log. */
  reason: z.string({ error: M.reason }).trim().max(500, M.reason).optional(),
});
export type MembershipPlanInput = z.output<typeof membershipPlanSchema>;

export const subscribeSchema = z.object({
  planId: idNumber("planId", M.planId),
  /** A saved card (PaymentMethod id); the default card when absent. */
  paymentMethodId: idNumber("paymentMethodId", M.card).optional(),
});
export type SubscribeInput = z.output<typeof subscribeSchema>;

export const membershipCardSchema = z.object({ paymentMethodId: idNumber("paymentMethodId", M.card) });
