import "server-only";
import type { SubmitOrderInput } from "@/lib/contract/orders/checkout-rules";
import type { SessionUser } from "../platform/session-user";
import { cardCheckout, type CardCheckoutAt, type CardQuote } from "../payments/card-checkout";
import { WALLET_PAYMENT, type OrderPayment } from "./payment";
import { cashPayment } from "./cash-payment";

// A checkout's payment, composed once (docs/architecture/payments.md "Authorized at placement"):
// the placement is handed its payment as an argument (place.ts OrderPayment), the wallet or a
// card's authorization, and for a card the total it is authorized for comes from one explicit
// quote before (place.ts quotePlacement). The routes reach it through web/checkout.ts, which adds
// the Idempotency-Key and the promo-code throttle; a domain test through testing/place-paid.ts.

/**
 * `place` paid as `input` says: with the wallet at once; by card (payments/checkout.ts
 * cardCheckout) once `quote()`'s total is authorized, the authorization voided if `place` is refused.
 */
export function payAndPlace<T>(
  user: SessionUser,
  input: SubmitOrderInput,
  at: CardCheckoutAt,
  quote: () => Promise<CardQuote>,
  place: (payment: OrderPayment) => Promise<T>,
): Promise<T> {
  if (input.paymentMethod === "wallet") return place(WALLET_PAYMENT);
  // Cash at the door (docs/architecture/ledger.md "Cash at the door"): nothing asked of a provider, the bill checked in the placement.
  if (input.paymentMethod === "cash") return place(cashPayment(user, input, at.fields));
  // Paid at the door is a phone order's, placed by staff (phone-order.ts), never a customer's checkout.
  if (input.paymentMethod === "door") throw new Error("payAndPlace: an order paid at the door is a phone order");
  return cardCheckout(user, input, at, quote, place);
}
