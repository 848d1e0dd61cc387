import { z } from "zod";
import { said } from "@/lib/shared/words/said";

/** PUT /api/manage/{id}/payout-account and PUT /api/courier/payout-account: the bank details (checked further by lib/shared/money/payout-banks.ts and the provider). */
export const payoutAccountInputSchema = z.object({
  holderName: z.string({ error: said("rules.payoutAccount.holder") }).max(200, { error: said("rules.payoutAccount.holderMax") }),
  routingNumber: z.string({ error: said("rules.payoutAccount.routing") }).max(20, { error: said("rules.payoutAccount.routing") }),
  accountNumber: z.string({ error: said("rules.payoutAccount.account") }).max(40, { error: said("rules.payoutAccount.account") }),
});
export type PayoutAccountInput = z.output<typeof payoutAccountInputSchema>;
