import { z } from "zod";
import { id, instant, money } from "../common/schemas";

// Memberships' answers (docs/architecture/membership.md): a plan, the operator's report per plan,
// a customer's membership with the plans offered.

export const membershipPlanJsonSchema = z.object({
  id,
  marketId: id,
  marketName: z.string(),
  timeZone: z.string().meta({ description: "The market's zone: its dates are shown in it" }),
  name: z.string(),
  price: money.meta({ description: "A month, in units of `currency`" }),
  currency: z.string(),
  basket: money.meta({ description: "The item subtotal from which delivery is free and the service fee discounted" }),
  serviceFeeDiscountPercent: z.number().int(),
  trialDays: z.number().int(),
  retiredAt: instant.nullable(),
});
export type MembershipPlanJson = z.infer<typeof membershipPlanJsonSchema>;

export const planReportSchema = membershipPlanJsonSchema.extend({
  members: z.number().int().meta({ description: "Memberships giving benefits now (trials and past-due ones in their grace included)" }),
  trialing: z.number().int(),
  pastDue: z.number().int(),
  churned: z.number().int().meta({ description: "Memberships that ended in the last 30 days" }),
  churnPercent: z.number().nullable().meta({ description: "churned over members 30 days ago plus those who joined since, in percent; null without any" }),
  revenue: money.meta({ description: "Charged less refunded, all time" }),
  benefitCost: money.meta({ description: "What the platform paid for its members' waived fees (settled orders), all time" }),
  orders: z.number().int().meta({ description: "Orders that took the benefit" }),
});

export const membershipJsonSchema = z.object({
  id,
  plan: membershipPlanJsonSchema,
  status: z.enum(["trialing", "active", "past_due", "ended"]),
  periodEnd: instant.meta({ description: "When the benefits stop unless renewed (the trial's end while trialing)" }),
  canceled: z.boolean().meta({ description: "Canceled: no renewal, the benefits last to periodEnd" }),
  graceEndsAt: instant.nullable().meta({ description: "A failed renewal's last day: the card is retried daily until then" }),
  card: z.string().nullable().meta({ description: "The card renewals are charged to" }),
  saved: money.meta({ description: "What its orders saved so far" }),
});

export const membershipStateSchema = z.object({
  membership: membershipJsonSchema.nullable(),
  plans: z.array(membershipPlanJsonSchema).meta({ description: "The plans offered (not retired), one market's or several" }),
  refundRule: z.string(),
});

export const membershipAnswerSchema = membershipStateSchema.extend({ message: z.string() });
