import { z } from "zod";
import { APPEAL_NOTE_MAX, APPEAL_NOTE_MIN } from "@/lib/shared/delivery/courier-record";
import { pagingSchema } from "../restaurants/browse-rules";
import { requiredText } from "../common/field-rules";
import { said } from "@/lib/shared/words/said";

// A courier's record (docs/architecture/courier-screens.md "Record"): the suspended courier's appeal, and an
// operator's answer to it.

/** POST /api/courier/appeals: the courier's note (the evidence photo, optional, beside it in the multipart form). */
export const courierAppealInputSchema = z.object({
  note: requiredText("note", said("rules.courierRecord.note"), { multiline: true }).pipe(
    z.string().min(APPEAL_NOTE_MIN, said("rules.courierRecord.note")).max(APPEAL_NOTE_MAX, said("rules.courierRecord.note")),
  ),
});
export type CourierAppealInput = z.output<typeof courierAppealInputSchema>;

/** POST /api/admin/courier-appeals/{id}: keep the suspension (uphold) or lift it (overturn), with the answer the courier reads. */
export const appealDecisionSchema = z.object({
  action: z.enum(["uphold", "overturn"], { error: said("rules.courierRecord.action") }),
  answer: requiredText("answer", said("rules.courierRecord.answer"), { multiline: true }).pipe(z.string().max(1000, said("rules.courierRecord.answerLength"))),
});
export type AppealDecision = z.output<typeof appealDecisionSchema>;

/** GET /api/admin/courier-appeals: open ones (the default, soonest answer-by first) or answered ones (newest first). */
export const operatorAppealsQuerySchema = pagingSchema.extend({ status: z.enum(["open", "answered"], { error: said("rules.courierRecord.status") }).default("open") });
export type OperatorAppealsQuery = z.output<typeof operatorAppealsQuerySchema>;
