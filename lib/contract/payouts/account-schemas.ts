import { z } from "zod";

/** A payee's payout account (lib/server/payouts/accounts.ts), or null before they add their details. */
export const payoutAccountSchema = z
  .object({
    status: z.enum(["pending", "verified", "restricted"]),
    payoutsEnabled: z.boolean().meta({ description: "Payouts can be sent to it now (verified, not paused)" }),
    label: z.string().meta({
      description:
        '"Set-up not finished", "Verification pending", "Verified", "More information needed: ..." (what the provider asks for) or "Payouts paused: ..." with the reason',
    }),
    disabledReason: z
      .string()
      .nullable()
      .meta({ description: "The provider's reason while restricted (Stripe's `requirements.disabled_reason`: `requirements.past_due`, `rejected.other`, ...)" }),
    detailsSubmitted: z.boolean().meta({ description: "The payee finished the provider's onboarding (Stripe's `details_submitted`)" }),
    missing: z.array(z.string()).meta({ description: "What the provider still needs, in words (from Stripe's `requirements.currently_due`)" }),
    holderName: z.string(),
    bankLast4: z.string().meta({ description: "The bank account number's last four: the number itself is never stored" }),
    routingNumber: z.string(),
    updatedAt: z.string(),
  })
  .nullable();

export const payoutAccountAnswerSchema = z.object({
  payoutAccount: payoutAccountSchema,
  testMode: z.boolean().meta({ description: "The built-in test provider is in use: only its test bank accounts are taken (docs/architecture/payouts.md)" }),
});

/** POST .../payout-account/onboarding: where to send the payee (the provider's hosted onboarding; a single-use link). */
export const onboardingLinkSchema = z.object({
  url: z.string().meta({ description: "The provider's onboarding page (Stripe: an Account Link; the test provider: /test-provider/onboarding/{token}). Single use" }),
  expiresAt: z.string().meta({ description: "When the link stops working (the provider then sends the payee back with ?onboarding=refresh)" }),
});

/** POST /api/test-provider/onboarding/{token}: the account as the answer left it, and where to send the payee back. */
export const testOnboardingAnswerSchema = z.object({ status: z.enum(["pending", "verified", "restricted"]), returnUrl: z.string() });
