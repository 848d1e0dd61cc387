import "server-only";
import type Stripe from "stripe";
import type { DisputeEvidence, DisputeStatus, ProviderDispute } from "../provider";
import { stripe } from "./client";

// Stripe's disputes (docs/architecture/payments.md "Disputes"): its charge.dispute.* events read as
// Nosh's ProviderDispute, and the evidence an operator gathered sent as one submission
// (POST /v1/disputes/{id} with evidence[...] and submit=true). Text fields only: the delivery photo
// would be a File upload (files.stripe.com), which Nosh does not make yet; its description goes in
// the uncategorized text.

export const DISPUTE_EVENTS = ["charge.dispute.created", "charge.dispute.updated", "charge.dispute.closed"] as const;
export type DisputeEventType = (typeof DISPUTE_EVENTS)[number];

/** Stripe's statuses in Nosh's four: an inquiry (warning_*) is treated as a dispute; one closed without a chargeback (warning_closed, prevented) as won. */
export function disputeStatusOf(status: Stripe.Dispute.Status): DisputeStatus {
  switch (status) {
    case "warning_under_review":
    case "under_review":
    case "appeal_under_review":
      return "under_review";
    case "won":
    case "warning_closed":
    case "prevented":
      return "won";
    case "lost":
      return "lost";
    default:
      return "needs_response";
  }
}

export function disputeOf(dispute: Stripe.Dispute): ProviderDispute {
  const intent = dispute.payment_intent;
  return {
    id: dispute.id,
    intentId: typeof intent === "string" ? intent : (intent?.id ?? ""),
    amountCents: dispute.amount,
    reason: dispute.reason,
    status: disputeStatusOf(dispute.status),
    evidenceDueBy: dispute.evidence_details?.due_by ? new Date(dispute.evidence_details.due_by * 1000) : null,
  };
}

/** Stripe caps each text field at 20,000 characters (150,000 together). */
const cap = (text: string, max = 20_000) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** Nosh's evidence in Stripe's fields: the receipt as the product description, the rest (photo, positions, messages, the operator's words) as uncategorized text. */
export function stripeEvidence(evidence: DisputeEvidence): Stripe.DisputeUpdateParams.Evidence {
  const other = [
    `Why the charge stands: ${evidence.explanation}`,
    `Delivery photo: ${evidence.deliveryPhoto}`,
    `Courier's positions on the way:\n${evidence.positionTrail || "None kept"}`,
    `Messages between the customer and the courier:\n${evidence.messages || "None"}`,
  ].join("\n\n");
  return {
    product_description: cap(evidence.receipt),
    customer_name: cap(evidence.customerName, 5000),
    customer_email_address: cap(evidence.customerEmail, 5000),
    ...(evidence.serviceDate ? { service_date: evidence.serviceDate, shipping_date: evidence.serviceDate } : {}),
    ...(evidence.shippingAddress ? { shipping_address: cap(evidence.shippingAddress, 5000) } : {}),
    uncategorized_text: cap(other),
  };
}

export const stripeDisputes = {
  async submitDisputeEvidence(disputeId: string, evidence: DisputeEvidence, idempotencyKey: string): Promise<ProviderDispute> {
    const updated = await stripe().disputes.update(disputeId, { evidence: stripeEvidence(evidence), submit: true }, { idempotencyKey });
    return disputeOf(updated);
  },
};
