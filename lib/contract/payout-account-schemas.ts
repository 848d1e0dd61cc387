import { z } from "zod";

/** A payee's payout account (lib/server/payouts/accounts.ts), or null before they add their details. */
export const payoutAccountSchema = z
  .object({
    status: z.enum(["pending", "verified", "restricted"]),
    payoutsEnabled: z.boolean().meta({ description: "Payouts can be sent to it now (verified, not paused)" }),
    label: z.string().meta({ description: '"Verification pending", "Verified" or "Payouts paused: ..." with the reason' }),
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
