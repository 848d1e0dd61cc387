import { challengeSchema, cardTokenSchema, fixPaymentSchema, onboardingAnswerSchema, payLinkSchema, saveCardSchema } from "@/lib/contract/payments/rules";
import { resolveTestDisputeSchema } from "@/lib/contract/disputes/rules";
import { testOnboardingAnswerSchema } from "../payouts/account-schemas";
import { testDisputeAnswerSchema } from "../disputes/schemas";
import {
  challengeAnswerSchema,
  orderPaymentAnswerSchema,
  payLinkAnswerSchema,
  providerCardSchema,
  savedCardSchema,
  savedCardsSchema,
  webhookAnswerSchema,
} from "./schemas";
import { anyone, author, op, signedIn, type Access } from "../define";

// Card payments (docs/architecture/payments.md): a customer's saved cards, a card order's payment,
// the providers' webhooks, and the built-in test provider's own endpoints (tokenization and the
// 3-D Secure challenge), which a real provider hosts on its own domain.

/** The provider's side: no session, no anti-forgery token (a provider's server, or the browser calling the provider). */
const providerSide: Access<"signedLink"> = {
  kind: "signedLink",
  who: "Anyone: the payment provider's side (no session; a webhook's authority is its signature)",
  signedIn: false,
};
/** The test provider's always-succeeding card, as the card form posts it to the provider. */
const TEST_CARD = { number: "4242424242424242", expMonth: 12, expYear: 2034, cvc: "123", postalCode: "94110" };

export const paymentOperations = [
  op("GET /api/payment-methods", {
    summary:
      "The caller's saved cards (brand, last four, expiry), the default first; with demo data on, every account starts with the test card Visa •••• 4242 as its default",
    access: signedIn,
    paging: { unpaged: "a customer's few saved cards" },
    ok: { description: "The cards", schema: savedCardsSchema },
    fixture: { matrix: {} },
  }),
  op("POST /api/payment-methods", {
    summary: "Save a card the browser tokenized at the provider (`paymentMethodId`: pm_...); the first card, or with `makeDefault`, becomes the default",
    access: signedIn,
    body: saveCardSchema,
    ok: { status: 201, description: "The saved card", schema: savedCardSchema },
    errors: { 409: "This card is already saved" },
    // A card the owner tokenized at the test provider, one per caller.
    fixture: { matrix: { body: { paymentMethodId: "$cardToken" } } },
  }),
  op("DELETE /api/payment-methods/{id}", {
    summary: "Remove one of one's saved cards; the newest left becomes the default",
    access: author,
    ok: { description: "The cards left", schema: savedCardsSchema },
    errors: { 404: "Unknown card, or not yours" },
    fixture: { matrix: { path: { id: "$ownersCard" } } },
  }),
  op("GET /api/orders/{id}/payment", {
    resource: "Payments",
    summary:
      "A card order's payment: authorized (charged when the restaurant accepts), captured, voided (nothing charged), or on hold (the capture failed: choose another card); null for a wallet order",
    access: author,
    paging: { unpaged: "one record" },
    ok: { description: "The payment", schema: orderPaymentAnswerSchema },
    errors: { 404: "Unknown order, or not yours" },
    fixture: { matrix: { path: { id: "$submittedOrder" } } },
  }),
  op("POST /api/orders/{id}/payment", {
    resource: "Payments",
    summary:
      "Pay an order on hold (its capture failed) with another saved card (`paymentMethodId`, else the default), or with the intent its 3-D Secure challenge authorized (`paymentIntent`)",
    access: author,
    body: fixPaymentSchema,
    ok: { description: "The payment, captured", schema: orderPaymentAnswerSchema },
    errors: {
      402: "The card was declined (the message says why, beside `paymentMethodId`), or the bank asks for a 3-D Secure challenge (`payment.challengeUrl`)",
      404: "Unknown order, or not yours",
      409: "The order's payment is not on hold",
    },
    // The owner's placed order is a wallet's: nothing is held, so paying it is a 409.
    fixture: { matrix: { path: { id: "$submittedOrder" }, body: {}, status: 409 } },
  }),
  op("POST /api/pay/{token}", {
    summary:
      "A phone order paid on its payment link (docs/architecture/phone-orders.md \"Paid by a link\"): the token of the link the restaurant's staff gave the customer is the authority (no account). `card` is the payment method id the provider's card form answered; the order's exact total is authorized on it once (of many requests at once, one pays) and captured as any card order's",
    access: anyone,
    body: payLinkSchema,
    ok: { description: "Paid", schema: payLinkAnswerSchema },
    errors: {
      400: "The card is unknown to the provider (`card`)",
      402: "The card was declined (the message says why, beside `card`), or asks for a 3-D Secure challenge this page cannot show",
      404: "Unknown or expired link, or its order is no longer open",
      409: "Already paid, or being paid by another request",
    },
    // The card is unknown: past the access check, nothing is paid (400).
    fixture: { matrix: { path: { token: "$payLinkToken" }, body: { card: "pm_unknownMatrix" }, status: 400 }, fuzz: { valid: { card: "pm_unknownMatrix" } } },
  }),
  op("POST /api/payments/webhooks/{provider}", {
    summary:
      "A payment provider's signed event (`test`: header Nosh-Test-Signature `t=<unix>,v1=<HMAC-SHA256 of t.body>`; `stripe`, when configured: header Stripe-Signature, checked by the stripe package); each event id is handled once, in any order",
    access: providerSide,
    ok: { description: "Received (duplicate: this event id was handled before; nothing changed)", schema: webhookAnswerSchema },
    errors: { 400: "The signature is missing, wrong or older than 5 minutes (nothing changes)", 404: "Unknown provider" },
    // No signature: refused whoever calls (the signed ones: e2e/payments/api.spec.ts).
    fixture: { matrix: { path: { provider: "test" }, body: { id: "evt_matrix" }, status: 400 } },
  }),
  op("POST /api/test-provider/payment-methods", {
    summary:
      "The built-in test provider's tokenization: the card form posts the card here (never to Nosh's order API) and gets a payment method id. Test numbers only (docs/architecture/payments.md); nothing of the number is kept",
    access: providerSide,
    body: cardTokenSchema,
    ok: { status: 201, description: "The payment method", schema: providerCardSchema },
    errors: {
      400: "Invalid card: `errors` names the field (number, expMonth, expYear, cvc, postalCode)",
      404: "The test provider is closed: production without test mode (PAYMENTS=test)",
    },
    fixture: { matrix: { body: TEST_CARD } },
  }),
  op("POST /api/test-provider/challenges/{intentId}", {
    summary: "The test provider's 3-D Secure page answered (`outcome`: pass or fail); the answer says where to send the customer back to",
    access: providerSide,
    body: challengeSchema,
    ok: { description: "The intent's status and the return URL", schema: challengeAnswerSchema },
    errors: { 404: "Unknown payment, or the test provider closed (production without PAYMENTS=test)" },
    fixture: { matrix: { path: { intentId: `pi_${"0".repeat(24)}` }, body: { outcome: "pass" }, status: 404 } },
  }),
  op("POST /api/test-provider/onboarding/{token}", {
    summary:
      "The test provider's onboarding page answered (`outcome`: verify, more_info or reject), once per link: the payout account as it leaves it (its account.updated webhook follows) and where to send the payee back",
    access: providerSide,
    body: onboardingAnswerSchema,
    ok: { description: "The account's status and the return URL", schema: testOnboardingAnswerSchema },
    errors: { 404: "Unknown, used or expired link, or the test provider closed (production without PAYMENTS=test)" },
    fixture: { matrix: { path: { token: "0".repeat(32) }, body: { outcome: "verify" }, status: 404 } },
  }),
  op("POST /api/test-provider/disputes/{disputeId}/resolve", {
    summary:
      'The test provider\'s bank deciding a dispute (`outcome`: won or lost): its charge.dispute.closed event follows as a signed webhook (docs/architecture/payments.md "Disputes")',
    access: providerSide,
    body: resolveTestDisputeSchema,
    ok: { description: "The dispute as the test provider holds it", schema: testDisputeAnswerSchema },
    errors: { 404: "Unknown dispute, or the test provider closed (production without PAYMENTS=test)" },
    fixture: { matrix: { path: { disputeId: `dp_${"0".repeat(24)}` }, body: { outcome: "won" }, status: 404 } },
  }),
];
