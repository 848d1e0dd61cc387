import { operatorDisputesQuerySchema, disputeActionSchema, disputeEvidenceSchema } from "@/lib/contract/disputes/rules";
import { disputeDetailSchema, disputesPageSchema } from "./schemas";
import { op, operator } from "../define";

// Disputes and chargebacks (docs/architecture/disputes.md "Disputes"): the operators' queue, one
// dispute with its evidence gathered, and the evidence sent to the payment provider as one submission.
export const disputeOperations = [
  op("GET /api/admin/disputes", {
    summary:
      "Card charges disputed with the cardholder's bank (chargebacks): `status=open` (the default: needing evidence or under review, needing evidence first, oldest first) or `status=closed` (won or lost, newest first)",
    access: operator,
    paging: "limit-offset",
    query: operatorDisputesQuerySchema,
    ok: { description: "A page of disputes", schema: disputesPageSchema },
    fixture: { matrix: { before: ["$ownerIsCourier"] }, list: { as: "operator", query: { status: "closed" } } },
  }),
  op("GET /api/admin/disputes/{id}", {
    summary:
      "One dispute with its evidence: what was submitted, or what would be, gathered from the order now (receipt, customer, delivery date and address, drop-off photo, the courier's positions, the messages)",
    access: operator,
    paging: { unpaged: "one record" },
    ok: { description: "The dispute and its evidence", schema: disputeDetailSchema },
    errors: { 404: "Unknown dispute" },
    fixture: { matrix: { before: ["$ownerIsCourier"], path: { id: 1 } } },
  }),
  op("POST /api/admin/disputes/{id}/evidence", {
    summary:
      "Sends the dispute's evidence, gathered from the order, with the operator's `explanation` to the payment provider as one submission (Stripe: POST /v1/disputes/{id} with submit=true); once, in the audit log; the dispute moves to under review",
    access: operator,
    body: disputeEvidenceSchema,
    ok: { description: "The dispute and the evidence sent", schema: disputeDetailSchema },
    errors: {
      403: "Not an operator, or a dispute of the operator's own restaurant or order",
      404: "Unknown dispute",
      409: "Evidence already submitted, or the dispute is closed",
      429: "Too many operator actions in a minute",
      503: "The payment provider did not take it (nothing submitted: try again)",
    },
    fixture: {
      matrix: { before: ["$ownerIsCourier"], path: { id: 1 }, body: { explanation: "Matrix check" } },
      fuzz: { valid: { explanation: "Fuzz" } },
    },
  }),
  op("POST /api/admin/disputes/{id}", {
    summary:
      "An operator's decision that Nosh absorbs an open dispute's amount (`action: absorb`, a required `reason`): the amount goes back to the restaurant from Nosh's own money, once, in the audit log; if the dispute is then won, the money comes back to Nosh",
    access: operator,
    body: disputeActionSchema,
    ok: { description: "The dispute, absorbed", schema: disputeDetailSchema },
    errors: {
      403: "Not an operator, or a dispute of the operator's own restaurant or order",
      404: "Unknown dispute",
      409: "Closed, absorbed already, or not an order's charge",
      429: "Too many operator actions in a minute",
    },
    fixture: {
      matrix: { before: ["$ownerIsCourier"], path: { id: 1 }, body: { action: "absorb", reason: "Matrix check" } },
      fuzz: { valid: { action: "absorb", reason: "Fuzz" } },
    },
  }),
];
