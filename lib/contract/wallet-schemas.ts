import { z } from "zod";
import { id, instant, money, stored } from "./common-schemas";

// A wallet statement's row.

export const walletTransactionSchema = z.object({
  id,
  kind: stored(["signup", "topup", "payment", "refund", "deduct", "earning"], "earning: a courier's pay for a delivery"),
  amount: money.meta({ description: "Dollars; negative when money left the wallet" }),
  balanceAfter: money,
  orderId: id.nullable(),
  restaurantName: z.string().nullable(),
  createdAt: instant,
});
export type WalletTransactionJson = z.infer<typeof walletTransactionSchema>;
