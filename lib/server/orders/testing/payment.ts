import type { OrderPaymentMethod } from "@/lib/shared/constants";
import type { OrderPayment } from "../payment";

/**
 * The payment a domain test places an order with when the money is not what it proves: the
 * wallet's (payment.ts WALLET_PAYMENT), or for a card none (the order placed without an
 * authorization, which no route can: web/checkout.ts hands every placement its card's). A test
 * of the card's money places through testing/place-paid.ts placePaid instead. Loaded lazily: a test
 * imports this before its database is set up.
 */
export function paymentFor(input: { paymentMethod: OrderPaymentMethod }): OrderPayment {
  if (input.paymentMethod !== "wallet") return { method: input.paymentMethod, pay: async () => undefined };
  return { method: "wallet", pay: async (sql, order) => (await import("../payment")).WALLET_PAYMENT.pay(sql, order) };
}
