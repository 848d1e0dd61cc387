import { z } from "zod";
import { id, instant, money, stored } from "../common/schemas";

// A wallet statement's row, and the card top-up's answer
// (docs/architecture/payments.md "Wallet top-ups"). Money in major units (dollars) of the row's currency.

export const walletTransactionSchema = z.object({
  id,
  kind: stored(["signup", "topup", "payment", "refund", "deduct", "earning", "giftcard"], "earning: a courier's pay for a delivery; giftcard: a gift card redeemed"),
  amount: money.meta({ description: "Dollars; negative when money left the wallet" }),
  balanceAfter: money,
  orderId: id.nullable(),
  restaurantName: z.string().nullable(),
  createdAt: instant,
  currency: z.string().meta({ description: "ISO 4217 code of `amount` and `balanceAfter` (the wallet account's): a statement is one currency's" }),
});
export type WalletTransactionJson = z.infer<typeof walletTransactionSchema>;

const dollars = z.number().min(0);

/** POST /api/users/wallet/{id}/top-ups: the wallet after it (its whole balance, its paid money, its promotional credit) and the card payment. */
export const topUpAnswerSchema = z.object({
  wallet: dollars,
  paid: dollars,
  promotional: dollars,
  topUp: z.object({ state: z.literal("captured"), card: z.string(), amount: dollars, message: z.string() }),
  /** Another currency than USD: the top-up's (the amounts are in it). */
  currency: z.string().optional(),
});
