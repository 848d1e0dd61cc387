import "server-only";

// The payment provider behind one interface (docs/architecture/payments.md): one module per
// provider (test-provider.ts, the built-in one and the default). Nosh never sees a card number:
// the browser sends it to the provider's tokenization endpoint and Nosh keeps the payment method
// id it answers. Every call that moves money takes an idempotency key, so a retry (or 20 racing
// accepts) moves it once at the provider.

/** A payment method as the provider describes it: never the number. */
export type ProviderCard = { id: string; brand: string; last4: string; expMonth: number; expYear: number };

/** requires_action: a 3-D Secure challenge is waiting; requires_capture: authorized; succeeded: captured; canceled: voided; failed: declined or failed at capture. */
export type IntentStatus = "requires_action" | "requires_capture" | "succeeded" | "canceled" | "failed";

/** A payment intent (an authorization and what became of it) as the provider reports it. */
export type Intent = {
  id: string;
  status: IntentStatus;
  amountCents: number;
  capturedCents: number;
  refundedCents: number;
  paymentMethodId: string;
  /** Why it failed: a decline code ("card_declined", "insufficient_funds", "expired_card", "incorrect_cvc", "authentication_failed", "capture_failed"). */
  failureCode: string | null;
  /** The provider's challenge page while status is requires_action. */
  challengeUrl: string | null;
};

/** A webhook event, verified: its id (handled once), type and the intent as it stood when sent. */
export type ProviderEvent = { id: string; type: string; intent: Intent };

export interface PaymentProvider {
  /** "test" | "stripe": stored beside every id the provider gave. */
  readonly name: string;
  retrieveCard(paymentMethodId: string): Promise<ProviderCard | null>;
  /** Authorizes (manual capture); a decline answers status failed with its code, a 3-D Secure card requires_action with its challenge page. */
  authorize(input: { amountCents: number; paymentMethodId: string; idempotencyKey: string; returnUrl: string }): Promise<Intent>;
  retrieveIntent(intentId: string): Promise<Intent | null>;
  capture(intentId: string, idempotencyKey: string): Promise<Intent>;
  void(intentId: string, idempotencyKey: string): Promise<Intent>;
  /** Refunds up to what was captured; the key makes a retried refund one refund. */
  refund(intentId: string, amountCents: number, idempotencyKey: string): Promise<Intent>;
  /** The event if the signature is the provider's (and recent), else null. */
  verifyWebhook(rawBody: string, signature: string | null, now?: Date): ProviderEvent | null;
}

/** What a customer reads for each decline code. */
export const DECLINE_MESSAGES: Record<string, string> = {
  card_declined: "Your card was declined. Try another card.",
  insufficient_funds: "Your card has insufficient funds. Try another card.",
  expired_card: "Your card has expired. Check the expiry date or try another card.",
  incorrect_cvc: "Your card's security code (CVC) is incorrect.",
  authentication_failed: "Your bank could not confirm this payment. Try again or use another card.",
  capture_failed: "Your card could not be charged when the restaurant accepted the order. Choose another card to keep the order.",
};

export const declineMessage = (code: string | null) => DECLINE_MESSAGES[code ?? ""] ?? DECLINE_MESSAGES.card_declined!;
