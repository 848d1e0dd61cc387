import { z } from "zod";
import { CHARGE_TO } from "@/lib/shared/problems";
import { freeText, requiredText } from "./fields";
import { idNumber } from "./id";
import { QUANTITY_1_TO_99 } from "@/lib/shared/messages";

// "Something wrong with your order?" (docs/architecture/problem-reports.md): what a
// customer reports, what an owner or operator decides, and a customer's appeal. Shared by the
// routes and the forms.

import { PROBLEM_LINE_REASONS } from "@/lib/shared/problems";

export { PROBLEM_LINE_REASONS, type ProblemLineReason } from "@/lib/shared/problems";

const NOTE_MAX = 500;

/**
 * POST /api/orders/{id}/problems: `{ lines: [{ orderItemId, quantity, reason, note? }] }`, or the
 * whole order `{ reason: "late" }` (no lines). "other" needs a note. A line at most once.
 */
export const problemReportSchema = z
  .object({
    reason: z.literal("late", { error: 'reason must be "late" (the whole order) or left out' }).optional(),
    lines: z
      .array(
        z.object({
          orderItemId: idNumber("orderItemId"),
          quantity: z.number({ error: QUANTITY_1_TO_99 }).int(QUANTITY_1_TO_99).min(1, QUANTITY_1_TO_99).max(99, QUANTITY_1_TO_99),
          reason: z.enum(PROBLEM_LINE_REASONS, { error: `reason must be one of ${PROBLEM_LINE_REASONS.join(", ")}` }),
          note: freeText("Note", { multiline: true })
            .pipe(z.string().max(NOTE_MAX, `Note must be at most ${NOTE_MAX} characters`))
            .optional(),
        }),
        { error: "lines must be a list of { orderItemId, quantity, reason, note? }" },
      )
      .max(50, "At most 50 lines")
      .default([]),
  })
  .superRefine((input, context) => {
    if (input.reason === "late") {
      if (input.lines.length) context.addIssue({ code: "custom", path: ["lines"], message: "A late delivery is about the whole order: send no lines" });
      return;
    }
    if (!input.lines.length) context.addIssue({ code: "custom", path: ["lines"], message: "Choose at least one item, or report the whole order as late" });
    const seen = new Set<number>();
    input.lines.forEach((line, index) => {
      if (seen.has(line.orderItemId)) context.addIssue({ code: "custom", path: ["lines", index, "orderItemId"], message: "Each item at most once" });
      seen.add(line.orderItemId);
      if (line.reason === "other" && !line.note) context.addIssue({ code: "custom", path: ["lines", index, "note"], message: "Tell us what was wrong" });
    });
  });
export type ProblemReportInput = z.output<typeof problemReportSchema>;

export const PROBLEM_DECISIONS = ["approve_all", "approve_some", "decline"] as const;
export { CHARGE_TO, type ChargeTo } from "@/lib/shared/problems";

/** An owner's or operator's decision: approve everything, some lines (`lines`: each line's approved quantity, 0 for none), or decline with a reason. */
export const problemDecisionSchema = z
  .object({
    decision: z.enum(PROBLEM_DECISIONS, { error: `decision must be one of ${PROBLEM_DECISIONS.join(", ")}` }),
    lines: z
      .array(
        z.object({
          id: idNumber("id"),
          quantity: z.number({ error: "quantity must be a whole number from 0 to 99" }).int("quantity must be a whole number from 0 to 99").min(0).max(99),
        }),
      )
      .max(50)
      .optional(),
    reason: freeText("Reason", { multiline: true })
      .pipe(z.string().max(NOTE_MAX, `Reason must be at most ${NOTE_MAX} characters`))
      .optional(),
    chargeTo: z.enum(CHARGE_TO, { error: `chargeTo must be one of ${CHARGE_TO.join(", ")}` }).optional(),
  })
  .superRefine((input, context) => {
    if (input.decision === "decline" && input.chargeTo) context.addIssue({ code: "custom", path: ["chargeTo"], message: "A declined report charges nobody" });
    if (input.decision === "decline" && !input.reason) context.addIssue({ code: "custom", path: ["reason"], message: "Say why the report is declined" });
    if (input.decision === "approve_some" && !input.lines?.length) context.addIssue({ code: "custom", path: ["lines"], message: "Say how many of each line to approve" });
  });
export type ProblemDecisionInput = z.output<typeof problemDecisionSchema>;

/** A customer's one appeal of a declined report, to Nosh's operators. */
export const problemAppealSchema = z.object({
  note: requiredText("Note", "Tell us why the decision is wrong", { multiline: true }).pipe(z.string().max(NOTE_MAX, `Note must be at most ${NOTE_MAX} characters`)),
});
