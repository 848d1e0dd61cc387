import { z } from "zod";
import { CHARGE_TO } from "@/lib/shared/orders/problems";
import { freeText, requiredText } from "../common/field-rules";
import { idNumber } from "../common/id-rules";

// "Something wrong with your order?" (docs/architecture/problem-reports.md): what a
// customer reports, what an owner or operator decides, and a customer's appeal. Shared by the
// routes and the forms.

import { PROBLEM_LINE_REASONS } from "@/lib/shared/orders/problems";
import { said, word } from "@/lib/shared/words/said";

export { PROBLEM_LINE_REASONS, type ProblemLineReason } from "@/lib/shared/orders/problems";

const NOTE_MAX = 500;

/**
 * POST /api/orders/{id}/problems: `{ lines: [{ orderItemId, quantity, reason, note? }] }`, or the
 * whole order `{ reason: "late" }` (no lines). "other" needs a note. A line at most once.
 */
export const problemReportSchema = z
  .object({
    reason: z.literal("late", { error: said("rules.problems.late") }).optional(),
    lines: z
      .array(
        z.object({
          orderItemId: idNumber("orderItemId"),
          quantity: z
            .number({ error: said("messages.quantity") })
            .int(said("messages.quantity"))
            .min(1, said("messages.quantity"))
            .max(99, said("messages.quantity")),
          reason: z.enum(PROBLEM_LINE_REASONS, { error: said("rules.common.oneOf", { field: "reason", list: PROBLEM_LINE_REASONS.join(", ") }) }),
          note: freeText(word("note"), { multiline: true })
            .pipe(z.string().max(NOTE_MAX, said("rules.common.atMost", { field: word("note"), count: NOTE_MAX })))
            .optional(),
        }),
        { error: said("rules.problems.lines") },
      )
      .max(50, said("rules.problems.linesMax"))
      .default([]),
  })
  .superRefine((input, context) => {
    if (input.reason === "late") {
      if (input.lines.length) context.addIssue({ code: "custom", path: ["lines"], message: said("rules.problems.lateNoLines") });
      return;
    }
    if (!input.lines.length) context.addIssue({ code: "custom", path: ["lines"], message: said("rules.problems.linesNeeded") });
    const seen = new Set<number>();
    input.lines.forEach((line, index) => {
      if (seen.has(line.orderItemId)) context.addIssue({ code: "custom", path: ["lines", index, "orderItemId"], message: said("rules.problems.once") });
      seen.add(line.orderItemId);
      if (line.reason === "other" && !line.note) context.addIssue({ code: "custom", path: ["lines", index, "note"], message: said("rules.problems.other") });
    });
  });
export type ProblemReportInput = z.output<typeof problemReportSchema>;

export const PROBLEM_DECISIONS = ["approve_all", "approve_some", "decline"] as const;
export { CHARGE_TO, type ChargeTo } from "@/lib/shared/orders/problems";

/** An owner's or operator's decision: approve everything, some lines (`lines`: each line's approved quantity, 0 for none), or decline with a reason. */
export const problemDecisionSchema = z
  .object({
    decision: z.enum(PROBLEM_DECISIONS, { error: said("rules.common.oneOf", { field: "decision", list: PROBLEM_DECISIONS.join(", ") }) }),
    lines: z
      .array(
        z.object({
          id: idNumber("id"),
          quantity: z
            .number({ error: said("rules.problems.quantity") })
            .int(said("rules.problems.quantity"))
            .min(0)
            .max(99),
        }),
      )
      .max(50)
      .optional(),
    reason: freeText(word("reason"), { multiline: true })
      .pipe(z.string().max(NOTE_MAX, said("rules.common.atMost", { field: word("reason"), count: NOTE_MAX })))
      .optional(),
    chargeTo: z.enum(CHARGE_TO, { error: said("rules.common.oneOf", { field: "chargeTo", list: CHARGE_TO.join(", ") }) }).optional(),
  })
  .superRefine((input, context) => {
    if (input.decision === "decline" && input.chargeTo) context.addIssue({ code: "custom", path: ["chargeTo"], message: said("rules.problems.declineCharge") });
    if (input.decision === "decline" && !input.reason) context.addIssue({ code: "custom", path: ["reason"], message: said("rules.problems.declineReason") });
    if (input.decision === "approve_some" && !input.lines?.length) context.addIssue({ code: "custom", path: ["lines"], message: said("rules.problems.approveSome") });
  });
export type ProblemDecisionInput = z.output<typeof problemDecisionSchema>;

/** A customer's one appeal of a declined report, to Nosh's operators. */
export const problemAppealSchema = z.object({
  note: requiredText(word("note"), said("rules.problems.appeal"), { multiline: true }).pipe(
    z.string().max(NOTE_MAX, said("rules.common.atMost", { field: word("note"), count: NOTE_MAX })),
  ),
});
