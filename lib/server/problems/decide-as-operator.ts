import "server-only";
import type { ProblemDecisionInput } from "@/lib/contract/problems/rules";
import type { Operator } from "../platform/operator";
import { db } from "../platform/db";
import { conflict, forbidden, notFound } from "../platform/errors";
import { sqlOf } from "../platform/sql";
import { lockOrder, MESSAGES } from "./context";
import { applyDecision } from "./decide";
import { loadProblem, OPEN_STATUSES, problemToJson, type ProblemJson } from "./read";
import { said } from "@/lib/shared/words/said";

/** An operator's decision on an escalated or appealed report (or one past the owner's 24 hours), recorded in the audit log. */
export async function decideAsOperator(operator: Operator, problemId: number, input: ProblemDecisionInput, now = new Date()): Promise<ProblemJson> {
  await db.$transaction(async (tx) => {
    const found = await tx.problemReport.findUnique({ where: { id: problemId }, select: { orderId: true } });
    if (!found) throw notFound(said("messages.problemNotFound"));
    await lockOrder(sqlOf(tx), found.orderId);
    const report = (await loadProblem(tx, problemId))!;
    const restaurant = report.restaurantId === null ? null : await tx.restaurant.findUnique({ where: { id: report.restaurantId }, select: { ownerId: true } });
    if (report.order.userId === operator.id || restaurant?.ownerId === operator.id) throw forbidden(MESSAGES.ownCase);
    const waiting = report.status === "escalated" || report.status === "appealed" || (report.status === "pending" && now >= report.respondBy);
    if (!waiting) throw conflict((OPEN_STATUSES as readonly string[]).includes(report.status) ? MESSAGES.notForOperator : MESSAGES.alreadyDecided);
    await applyDecision(tx, report, input, { kind: "operator", operator }, [report.status], now);
  });
  return problemToJson((await loadProblem(db, problemId))!);
}
