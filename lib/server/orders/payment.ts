import "server-only";
import { CHECKOUT_MESSAGES } from "@/lib/validation/checkout";
import { chargeOrder } from "../ledger/orders";
import type { Sql } from "../platform/sql";

/**
 * How an order is paid, handed in by the caller (lib/server/orders/checkout.ts: the wallet, or a
 * card's authorization from lib/server/payments/checkout.ts) and called once, in the placement's
 * transaction, with the order written and its total. placeOrder has no default for it: a new
 * way in that forgets the payment does not compile (place-types.test.ts), and one that gets round
 * the types is refused before anything is written.
 */
export type OrderPayment = {
  method: "wallet" | "card";
  pay: (sql: Sql, order: { id: number; userId: number; totalCents: number }) => Promise<void>;
};

/** The wallet's payment: exactly the total from the wallet with its ledger row (lib/server/ledger/orders.ts: a 400 when the balance is short). */
export const WALLET_PAYMENT: OrderPayment = {
  method: "wallet",
  pay: (sql, order) => chargeOrder(sql, { ...order, paymentMethod: "wallet" }, CHECKOUT_MESSAGES.insufficientFunds),
};
