import { z } from "zod";

// The wallet's card top-up answer (issue 59 item 3, docs/architecture/payments.md "Wallet top-ups"), beside lib/contract/schemas.ts. Money in dollars.

const dollars = z.number().min(0);

/** POST /api/users/wallet/{id}/top-ups: the wallet after it (its whole balance, its paid money, its promotional credit) and the card payment. */
export const topUpAnswerSchema = z.object({
  wallet: dollars,
  paid: dollars,
  promotional: dollars,
  topUp: z.object({ state: z.literal("captured"), card: z.string(), amount: dollars, message: z.string() }),
});
