import "server-only";
import type { OrderPaymentMethod } from "@/lib/shared/constants";
import { CHECKOUT_SAID } from "@/lib/contract/orders/checkout-rules";
import { chargeOrder, payOrderFrom } from "../ledger/orders";
import { account } from "../ledger/post";
import type { Sql } from "../platform/sql";

/**
 * How an order is paid, handed in by the caller (lib/server/orders/pay-and-place.ts: the wallet, or a
 * card's authorization from lib/server/payments/card-checkout.ts) and called once, in the placement's
 * transaction, with the order written and its total. placeOrder has no default for it: a new
 * way in that forgets the payment does not compile (place-types.test.ts), and one that gets round
 * the types is refused before anything is written.
 */
export type OrderPayment = {
  method: OrderPaymentMethod;
  pay: (sql: Sql, order: { id: number; userId: number; totalCents: number; currency?: string }) => Promise<void>;
};

/** The wallet's payment: exactly the total from the wallet with its ledger row (lib/server/ledger/orders.ts: a 400 when the balance is short). */
export const WALLET_PAYMENT: OrderPayment = {
  method: "wallet",
  pay: (sql, order) => chargeOrder(sql, { ...order, paymentMethod: "wallet" }, CHECKOUT_SAID.insufficientFunds),
};

/**
 * Paid at the door (a phone order: docs/architecture/phone-orders.md): the restaurant's own staff
 * take the money at pickup or at the door, so the restaurant's balance is charged the total into
 * clearing when the order is placed (it may go below zero: the restaurant holds the cash). The
 * delivery then splits clearing as any order's (the restaurant's share back, the platform's fees
 * and commission and the tax kept), so what the restaurant owes for a cash order is settled
 * against its payouts; a reject or cancel reverses it whole. Key `order:{id}:payment`.
 */
export function doorPayment(restaurantId: number, now = new Date()): OrderPayment {
  return {
    method: "door",
    pay: async (sql, order) => {
      if (order.totalCents <= 0) return;
      const balance = account.restaurant(restaurantId);
      await payOrderFrom(sql, balance, order, { overdraw: [balance] }, now);
    },
  };
}
