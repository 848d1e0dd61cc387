import { z } from "zod";
import { pagingSchema } from "./browse";
import { requiredText } from "./fields";

// The operators' disputes queue (GET /api/admin/disputes), an evidence submission (POST
// /api/admin/disputes/{id}/evidence) and the test provider's resolution of a dispute
// (docs/architecture/payments.md "Disputes").

export const DISPUTE_MESSAGES = {
  explanation: "Say why the charge stands (sent to the card's bank with the evidence)",
  explanationLength: "explanation must be at most 2000 characters",
  status: "status must be open or closed",
  outcome: "outcome must be won or lost",
} as const;

export const DISPUTE_QUEUES = ["open", "closed"] as const;

export const operatorDisputesQuerySchema = pagingSchema.extend({ status: z.enum(DISPUTE_QUEUES, { error: DISPUTE_MESSAGES.status }).optional() });
export type OperatorDisputesQuery = z.output<typeof operatorDisputesQuerySchema>;

export const disputeEvidenceSchema = z.object({
  explanation: requiredText("explanation", DISPUTE_MESSAGES.explanation, { multiline: true }).pipe(z.string().max(2000, DISPUTE_MESSAGES.explanationLength)),
});
export type DisputeEvidenceInput = z.output<typeof disputeEvidenceSchema>;

export const resolveTestDisputeSchema = z.object({ outcome: z.enum(["won", "lost"], { error: DISPUTE_MESSAGES.outcome }) });

export const DISPUTE_ACTION_MESSAGES = {
  reason: "Say why Nosh absorbs it (the audit log keeps it)",
  reasonLength: "reason must be at most 500 characters",
  action: "action must be absorb",
} as const;

/** POST /api/admin/disputes/{id}: the operator's decision that Nosh absorbs the disputed amount. */
export const disputeActionSchema = z.object({
  action: z.literal("absorb", { error: DISPUTE_ACTION_MESSAGES.action }),
  reason: requiredText("reason", DISPUTE_ACTION_MESSAGES.reason).pipe(z.string().max(500, DISPUTE_ACTION_MESSAGES.reasonLength)),
});
export type DisputeActionInput = z.output<typeof disputeActionSchema>;
