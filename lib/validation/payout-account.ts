import { z } from "zod";

/** PUT /api/manage/{id}/payout-account and PUT /api/courier/payout-account: the bank details (checked further by lib/shared/payout-banks.ts and the provider). */
export const payoutAccountInputSchema = z.object({
  holderName: z.string({ error: "Enter the account holder's name." }).max(200, { error: "The account holder's name is at most 100 characters." }),
  routingNumber: z.string({ error: "Enter a 9-digit routing number." }).max(20, { error: "Enter a 9-digit routing number." }),
  accountNumber: z.string({ error: "Enter an account number of 4 to 17 digits." }).max(40, { error: "Enter an account number of 4 to 17 digits." }),
});
export type PayoutAccountInput = z.output<typeof payoutAccountInputSchema>;
