import { z } from "zod";
import { APPEAL_NOTE_MAX, APPEAL_NOTE_MIN, RECORD_MESSAGES } from "@/lib/shared/courier-record";
import { pagingSchema } from "./browse";
import { requiredText } from "./fields";

// A courier's record (docs/architecture/courier-screens.md "Record"): the suspended courier's appeal, and an
// operator's answer to it.

export const APPEAL_MESSAGES = {
  answer: "Write the answer the courier reads (the audit log keeps it)",
  answerLength: "answer must be at most 1,000 characters",
  action: "action must be uphold or overturn",
  status: "status must be open or answered",
} as const;

/** POST /api/courier/appeals: the courier's note (the evidence photo, optional, beside it in the multipart form). */
export const courierAppealInputSchema = z.object({
  note: requiredText("note", RECORD_MESSAGES.note, { multiline: true }).pipe(
    z.string().min(APPEAL_NOTE_MIN, RECORD_MESSAGES.note).max(APPEAL_NOTE_MAX, RECORD_MESSAGES.note),
  ),
});
export type CourierAppealInput = z.output<typeof courierAppealInputSchema>;

/** POST /api/admin/courier-appeals/{id}: keep the suspension (uphold) or lift it (overturn), with the answer the courier reads. */
export const appealDecisionSchema = z.object({
  action: z.enum(["uphold", "overturn"], { error: APPEAL_MESSAGES.action }),
  answer: requiredText("answer", APPEAL_MESSAGES.answer, { multiline: true }).pipe(z.string().max(1000, APPEAL_MESSAGES.answerLength)),
});
export type AppealDecision = z.output<typeof appealDecisionSchema>;

/** GET /api/admin/courier-appeals: open ones (the default, soonest answer-by first) or answered ones (newest first). */
export const operatorAppealsQuerySchema = pagingSchema.extend({ status: z.enum(["open", "answered"], { error: APPEAL_MESSAGES.status }).default("open") });
export type OperatorAppealsQuery = z.output<typeof operatorAppealsQuerySchema>;
