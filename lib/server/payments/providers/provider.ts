import { said } from "@/lib/shared/words/said";
import "server-only";

// The payment provider behind one interface (docs/architecture/payments.md): one module per
// provider (test/provider.ts, the built-in one and the default). Nosh never sees a card number:
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
  /** The ISO 4217 code it was authorized in (lib/shared/money/currency.ts); amounts are its minor unit. */
  currency: string;
  capturedCents: number;
  refundedCents: number;
  paymentMethodId: string;
  /** Why it failed: a decline code ("card_declined", "insufficient_funds", "expired_card", "incorrect_cvc", "authentication_failed", "capture_failed"). */
  failureCode: string | null;
  /** The provider's challenge page while status is requires_action. */
  challengeUrl: string | null;
  /** Stripe's PaymentIntent client secret while status is requires_action: Stripe.js completes the challenge in the page with it (handleNextAction). */
  clientSecret?: string;
  /** A refund's answer only: why nothing was refunded ("charge_disputed": the charge is disputed with the card's bank, Stripe's error code). */
  refundRefusal?: "charge_disputed";
};

/**
 * Bank details a payee enters for a payout account (the test provider's onboarding form; with
 * Stripe Connect, a Custom account's external bank account). The numbers are sent to the provider
 * and never stored by Nosh: it keeps the account id and the last four the provider answers.
 */
export type BankDetailsInput = { holderName: string; routingNumber: string; accountNumber: string; country: "US" };

/**
 * Stripe Connect's account in short: pending (details submitted, verification not finished:
 * `requirements.pending_verification`), verified (`payouts_enabled`), restricted (verification
 * failed, or payouts disabled: `requirements.disabled_reason`).
 */
export type PayoutAccountStatus = "pending" | "verified" | "restricted";

/** A connected payout account as the provider reports it. */
export type PayoutAccount = {
  id: string;
  status: PayoutAccountStatus;
  /** Payouts can be made to it now (Stripe's `payouts_enabled`). */
  payoutsEnabled: boolean;
  /** Why payouts are off while restricted (Stripe's `requirements.disabled_reason`, e.g. "rejected.other"), else null. */
  disabledReason: string | null;
  holderName: string;
  /** The bank account's last four (Stripe's `external_accounts.data[0].last4`) and routing number (public). */
  bankLast4: string;
  routingNumber: string;
  /** The payee finished the provider's onboarding (Stripe's `details_submitted`). */
  detailsSubmitted: boolean;
  /** What the provider still needs before it verifies or re-enables the account (Stripe's `requirements.currently_due`: "individual.id_number", "external_account"). */
  currentlyDue: string[];
};

/** pending: on its way (Stripe's pending / in_transit); paid: the bank confirmed it; failed: returned, with its code. */
export type PayoutStatus = "pending" | "paid" | "failed";

/** A payout (with Stripe Connect, a transfer to the connected account and its payout to the bank) as the provider reports it. */
export type ProviderPayout = {
  id: string;
  accountId: string;
  amountCents: number;
  /** Its ISO 4217 code (lib/shared/money/currency.ts). */
  currency: string;
  status: PayoutStatus;
  /** Why it failed (Stripe's `failure_code`: "account_closed", "no_account", "invalid_account_number", "could_not_process"), else null. */
  failureCode: string | null;
  createdAt: Date;
};

/** One money movement in the provider's books (Stripe's balance transactions), for reconciliation with the ledger. */
export type ProviderRecord = {
  kind: "capture" | "refund" | "payout";
  /** The intent's id (captures, refunds) or the payout's id. */
  objectId: string;
  /** The total the provider holds for the object: captured, refunded (cumulative), or paid out (a payout only once paid; a failed one counts 0). */
  amountCents: number;
  at: Date;
};

/**
 * A dispute (a chargeback) of a captured charge as the provider reports it (Stripe's Dispute in
 * short): needs_response (Stripe's warning_needs_response, needs_response), under_review
 * (evidence submitted; Stripe's warning_under_review, under_review), won or lost (warning_closed
 * counts as won: the inquiry ended without a chargeback).
 */
export type DisputeStatus = "needs_response" | "under_review" | "won" | "lost";
export type ProviderDispute = {
  id: string;
  /** The disputed charge's payment intent. */
  intentId: string;
  amountCents: number;
  /** The card network's reason as the provider names it ("fraudulent", "product_not_received", ...). */
  reason: string;
  status: DisputeStatus;
  /** When the evidence must be in by (Stripe's evidence_details.due_by), if known. */
  evidenceDueBy: Date | null;
};

/**
 * The evidence gathered for a dispute, sent as one submission (Stripe: POST /v1/disputes/{id} with
 * `evidence[...]` and `submit=true`). Text only: the delivery photo goes as its description and link.
 */
export type DisputeEvidence = {
  /** The receipt: the order's lines, totals and card (Stripe's product_description). */
  receipt: string;
  customerName: string;
  customerEmail: string;
  /** When the food was delivered or picked up (Stripe's service_date / shipping_date), YYYY-MM-DD. */
  serviceDate: string | null;
  /** Where it was delivered (Stripe's shipping_address, as one line). */
  shippingAddress: string | null;
  /** The delivery photo: what was kept of it ("Drop-off photo taken at 8:03 PM" or "No photo"). */
  deliveryPhoto: string;
  /** The courier's positions on the way, one a line. */
  positionTrail: string;
  /** The customer's and courier's messages, one a line. */
  messages: string;
  /** The operator's own words: why the charge stands. */
  explanation: string;
};

/**
 * A webhook event, verified: its id (handled once), type, and the object as it stood when sent:
 * an intent (payment_intent.*, charge.refunded), a payout (payout.paid, payout.failed, payout.created)
 * or a payout account (account.updated).
 */
export type ProviderEvent =
  | { id: string; type: string; intent: Intent }
  | { id: string; type: "payout.created" | "payout.paid" | "payout.failed"; payout: ProviderPayout }
  | { id: string; type: "account.updated"; account: PayoutAccount }
  | { id: string; type: "charge.dispute.created" | "charge.dispute.updated" | "charge.dispute.closed"; dispute: ProviderDispute };

// Recurring billing (docs/architecture/membership.md), the provider's `billing`: a
// subscription for a monthly price on a saved card, each period's invoice charged when Nosh's
// membership.renew job asks (the renewal date, then its retries), and a cancellation. The test
// provider charges each period as a payment of its own (authorize and capture, keyed by the
// period's attempt); Stripe Billing keeps a Subscription whose cycle invoices Nosh pays
// (stripe/billing.ts). A period's charge is an Intent like any card payment, so its
// Payment row, refund, webhooks and reconciliation are the card payments' own.

/** paid: the period is paid (its `intent` captured); failed: declined (`failureCode`); pending: the provider has not issued the period's invoice yet (ask again later). */
export type InvoiceStatus = "paid" | "failed" | "pending";

export type PeriodInvoice = { id: string; status: InvoiceStatus; intent: Intent | null; failureCode: string | null };

export interface RecurringBilling {
  /**
   * A monthly subscription of `amountCents` of `currency` on the card. Without a trial its first
   * period's invoice is charged now (a decline: `invoice.status` failed, and no subscription is
   * kept: `subscriptionId` null); with `trialDays` nothing is charged until the trial ends.
   * The key makes a retry one subscription.
   */
  subscribe(input: {
    paymentMethodId: string;
    amountCents: number;
    currency: string;
    trialDays: number;
    planRef: string;
    idempotencyKey: string;
  }): Promise<{ subscriptionId: string | null; invoice: PeriodInvoice | null }>;
  /**
   * The invoice of the period starting at `dueAt` charged on the card (the renewal, or a retry of a
   * failed one with the same or another card); the key makes a retry one charge.
   */
  chargePeriod(input: {
    subscriptionId: string;
    paymentMethodId: string;
    amountCents: number;
    currency: string;
    dueAt: Date;
    idempotencyKey: string;
  }): Promise<PeriodInvoice>;
  /** No further invoices (Nosh keeps the benefits to the period's end itself). An unknown or canceled subscription is already canceled. */
  cancel(subscriptionId: string, idempotencyKey: string): Promise<void>;
}

export interface PaymentProvider {
  /** "test" | "stripe": stored beside every id the provider gave. */
  readonly name: string;
  retrieveCard(paymentMethodId: string): Promise<ProviderCard | null>;
  /** Detaches a saved card (a closed account's): the provider keeps it no more for us, and it cannot be charged again. An unknown card is already gone. */
  detachCard(paymentMethodId: string): Promise<void>;
  /** Authorizes (manual capture) `amountCents` (its minor units: cents, whole yen) of `currency`, the order's or the top-up's (never a silent USD); a decline answers status failed with its code, a 3-D Secure card requires_action with its challenge page. */
  authorize(input: { amountCents: number; paymentMethodId: string; idempotencyKey: string; returnUrl: string; currency: string }): Promise<Intent>;
  retrieveIntent(intentId: string): Promise<Intent | null>;
  capture(intentId: string, idempotencyKey: string): Promise<Intent>;
  void(intentId: string, idempotencyKey: string): Promise<Intent>;
  /** Refunds up to what was captured; the key makes a retried refund one refund. A disputed charge refunds nothing: the intent as it stands with `refundRefusal`. */
  refund(intentId: string, amountCents: number, idempotencyKey: string): Promise<Intent>;
  /**
   * Creates a payout account from bank details (Stripe: a Custom connected account with the bank
   * account as its external account). Verification happens later: the account starts pending and
   * an account.updated event says when it is verified or restricted. Bad details: ApiError 400 naming the field.
   */
  createPayoutAccount(input: BankDetailsInput & { idempotencyKey: string }): Promise<PayoutAccount>;
  /** New bank details on an existing account: verification starts again (pending). */
  updatePayoutAccount(accountId: string, input: BankDetailsInput): Promise<PayoutAccount>;
  retrievePayoutAccount(accountId: string): Promise<PayoutAccount | null>;
  /**
   * An account for the provider's hosted onboarding (Stripe: a Custom connected account with no
   * details yet, `details_submitted` false): the payee gives their identity and bank there. The
   * key makes a retry one account.
   */
  createOnboardingAccount(input: { idempotencyKey: string }): Promise<PayoutAccount>;
  /**
   * A single-use link to the provider's onboarding page for the account (Stripe's Account Link,
   * type account_onboarding): the provider sends the payee to `returnPath` when they leave it, and
   * to `refreshPath` when the link expired or was used (Nosh makes a new one). Paths on Nosh's origin.
   */
  createOnboardingLink(accountId: string, input: { returnPath: string; refreshPath: string }): Promise<{ url: string; expiresAt: Date }>;
  /** Pays `amountCents` to the account's bank (starts pending; payout.paid or payout.failed follows). The key makes a retry one payout. */
  createPayout(input: { accountId: string; amountCents: number; idempotencyKey: string; currency: string }): Promise<ProviderPayout>;
  retrievePayout(payoutId: string): Promise<ProviderPayout | null>;
  /** The provider's captures, refunds and payouts changed since `since` (reconciliation, lib/server/payouts/reconcile.ts). */
  listRecords(since: Date): Promise<ProviderRecord[]>;
  /** Sends the evidence of a dispute as one submission (the dispute moves to under_review); the key makes a retry one submission. */
  submitDisputeEvidence(disputeId: string, evidence: DisputeEvidence, idempotencyKey: string): Promise<ProviderDispute>;
  /** Recurring billing: a membership's subscription and its periods' charges. */
  readonly billing: RecurringBilling;
  /** The event if the signature is the provider's (and recent), else null. */
  verifyWebhook(rawBody: string, signature: string | null, now?: Date): ProviderEvent | null;
}

/** What a customer reads for each decline code. */
export const DECLINE_SAID: Record<string, string> = {
  card_declined: said("messages.cardDeclined"),
  insufficient_funds: said("messages.cardNoFunds"),
  expired_card: said("messages.cardExpired"),
  incorrect_cvc: said("messages.cardCvc"),
  authentication_failed: said("messages.cardAuthentication"),
  capture_failed: said("messages.cardCapture"),
};

export const declineMessage = (code: string | null) => DECLINE_SAID[code ?? ""] ?? DECLINE_SAID.card_declined!;
