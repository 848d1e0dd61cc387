import { said } from "@/lib/shared/words/said";

// What the order's pages say of a disputed card charge (docs/architecture/payments.md "Disputes"),
// shared by the owner's board and ticket and the operators' console (the customer's order page: the catalogue's server.labels.payment).

export type DisputeStatus = "needs_response" | "under_review" | "won" | "lost";

/** The mark every view of a disputed order shows. */
export const DISPUTED = "Disputed";

/** The owner's board and ticket: what the dispute does to the restaurant's earnings. */
export function ownerDisputeMessage(status: DisputeStatus): string {
  if (status === "won") return "Dispute won: the amount is back in your earnings.";
  if (status === "lost") return "Dispute lost: the amount stays out of your earnings.";
  return "The cardholder disputed this charge: the amount is held back from your earnings until the bank decides.";
}

/** A refund refused because the order's card charge is disputed (ledger/refundable.ts): what the owner, the operator and the API read. */
export const CHARGE_DISPUTED = said("rules.handlers.chargeDisputed");
