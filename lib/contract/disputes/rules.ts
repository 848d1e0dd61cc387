import { z } from "zod";
import { pagingSchema } from "../restaurants/browse-rules";
import { requiredText } from "../common/field-rules";
import { said } from "@/lib/shared/words/said";

// The operators' disputes queue (GET /api/admin/disputes), an evidence submission (POST
// /api/admin/disputes/{id}/evidence) and the test provider's resolution of a dispute
// (docs/architecture/payments.md "Disputes").

export const DISPUTE_QUEUES = ["open", "closed"] as const;

export const operatorDisputesQuerySchema = pagingSchema.extend({ status: z.enum(DISPUTE_QUEUES, { error: said("rules.disputes.status") }).optional() });
export type OperatorDisputesQuery = z.output<typeof operatorDisputesQuerySchema>;

export const disputeEvidenceSchema = z.object({
  explanation: requiredText("explanation", said("rules.disputes.explanation"), { multiline: true }).pipe(
    z.string().max(2000, said("rules.common.atMost", { field: "explanation", count: "2000" })),
  ),
});
export type DisputeEvidenceInput = z.output<typeof disputeEvidenceSchema>;

export const resolveTestDisputeSchema = z.object({ outcome: z.enum(["won", "lost"], { error: said("rules.disputes.outcome") }) });

/** POST /api/admin/disputes/{id}: the operator's decision that Nosh absorbs the disputed amount. */
export const disputeActionSchema = z.object({
  action: z.literal("absorb", { error: said("rules.disputes.action") }),
  reason: requiredText("reason", said("rules.disputes.absorb")).pipe(z.string().max(500, said("rules.common.atMost", { field: "reason", count: "500" }))),
});
export type DisputeActionInput = z.output<typeof disputeActionSchema>;
