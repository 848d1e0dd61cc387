import "server-only";
import { formatCents } from "@/lib/shared/money/money";
import { CHARGE_DISPUTED } from "@/lib/shared/money/disputes";
import type { ProblemDecisionInput } from "@/lib/contract/problems/rules";
import { recordAudit } from "../platform/audit";
import { notify } from "../notifications/outbox";
import type { Tx } from "../platform/db";
import { conflict, fieldError } from "../platform/errors";
import { sqlOf } from "../platform/sql";
import { lockedRefundRoom } from "../ledger/refundable";
import { refundOf } from "./amounts";
import { MESSAGES, orderForProblems, refundedBefore, type Decider } from "./context";
import type { ProblemRow, ProblemStatus } from "./read";
import { planProblemRefund, postRefund } from "./refund";
import { writeDecision } from "./queries";
import { said } from "@/lib/shared/words/said";

/**
 * A decision on a report, in the caller's transaction (the order already locked by the caller):
 * the approved quantities, the conditional status UPDATE (only from `from`: of two approvers one
 * matches), the lines, the refund entry (keyed by the report: one refund, always) and the
 * customer told. Returns the new status.
 */
export async function applyDecision(
  tx: Tx,
  report: ProblemRow,
  input: ProblemDecisionInput,
  decider: Decider,
  from: readonly string[],
  now: Date,
): Promise<ProblemStatus> {
  const sql = sqlOf(tx);
  const order = (await orderForProblems(tx, report.orderId))!;
  const approved = new Map<number, number>(); // ProblemLine id -> quantity
  if (input.decision === "approve_all") for (const line of report.lines) approved.set(line.id, line.quantity);
  if (input.decision === "approve_some") {
    input.lines!.forEach((choice, index) => {
      const line = report.lines.find((candidate) => candidate.id === choice.id);
      if (!line) throw fieldError(`lines.${index}.id`, said("rules.handlers.lineNotInReport"));
      if (choice.quantity > line.quantity) throw fieldError(`lines.${index}.quantity`, said("rules.handlers.approveMax", { count: line.quantity }));
      approved.set(line.id, choice.quantity);
    });
    if (![...approved.values()].some((quantity) => quantity > 0)) throw fieldError("lines", said("rules.handlers.approveOne"));
  }
  const byItem = new Map<number, number>();
  for (const line of report.lines) byItem.set(line.orderItemId, approved.get(line.id) ?? 0);
  const before = await refundedBefore(tx, report.orderId, report.id);
  const amounts = input.decision === "decline" ? { itemsCents: 0, serviceFeeCents: 0, feeCents: 0, refundCents: 0 } : refundOf(order, byItem, before);
  // Never more than the customer may still get back (ledger/refundable.ts: the card's charge less
  // its refunds and what its bank took back in a dispute): on a disputed charge the approval is refused.
  const room = input.decision === "decline" ? null : await lockedRefundRoom(sql, order);
  if (room && amounts.refundCents > 0 && room.cents <= 0) throw conflict(room.disputed ? CHARGE_DISPUTED : MESSAGES.nothingLeft);
  const refundCents = Math.min(amounts.refundCents, room?.cents ?? 0);
  const every = report.lines.every((line) => (approved.get(line.id) ?? 0) === line.quantity);
  const status: ProblemStatus = input.decision === "decline" ? "declined" : every ? "approved" : "partially_approved";
  // The refund's parts: the items first, then their service fee, then the delivery fees (what is
  // left of the total paid caps them all).
  const items = Math.min(amounts.itemsCents, refundCents);
  const serviceFee = Math.min(amounts.serviceFeeCents, refundCents - items);
  // An operator's choice of who pays (a packed, sealed claim: the restaurant, the courier or the platform); else the usual split.
  const chargeTo = decider.kind === "operator" && input.decision !== "decline" ? (input.chargeTo ?? null) : null;
  const plan = await planProblemRefund(
    sql,
    order,
    { items, serviceFee, fees: refundCents - items - serviceFee },
    report.late || chargeTo === "platform",
    chargeTo === "courier" ? "courier" : "restaurant",
  );

  const deciderId = decider.kind === "owner" ? decider.userId : decider.kind === "operator" ? decider.operator.id : null;
  const written = await writeDecision(sql, report.id, from, {
    status,
    decidedBy: decider.kind,
    deciderId,
    decidedAt: now,
    declineReason: input.decision === "decline" ? input.reason! : null,
    refundCents,
    frontedCents: plan.frontedCents,
  });
  if (!written) throw conflict(MESSAGES.alreadyDecided);
  for (const line of report.lines) {
    const quantity = approved.get(line.id) ?? 0;
    if (quantity) await tx.problemLine.update({ where: { id: line.id }, data: { approvedQuantity: quantity } });
  }
  const entryId = await postRefund(sql, report.id, report.orderId, plan, now);
  if (entryId !== null || chargeTo) await tx.problemReport.update({ where: { id: report.id }, data: { ...(entryId !== null ? { entryId } : {}), chargedTo: chargeTo } });
  if (decider.kind === "operator")
    await recordAudit(tx, decider.operator, {
      action: `problem.${input.decision === "decline" ? "decline" : "approve"}`,
      targetType: "problem",
      targetId: report.id,
      reason: input.reason ?? (input.decision === "approve_all" ? "Approved in full" : "Approved in part"),
      detail: {
        orderId: report.orderId,
        status,
        refundCents,
        frontedCents: plan.frontedCents,
        lines: Object.fromEntries(approved),
        ...(chargeTo ? { chargedTo: chargeTo } : {}),
      },
    });
  const to = order.paymentMethod === "wallet" ? "your wallet" : "your card";
  const note =
    status === "declined"
      ? "your problem report was declined"
      : `${formatCents(refundCents)} refunded to ${to}${decider.kind === "auto" ? "" : status === "partially_approved" ? " (part of your report)" : ""}`;
  await notify(sql, {
    to: { userId: order.userId },
    kind: "problem_update",
    cause: `problem:${report.id}:${decider.kind}:${status}`,
    payload: { orderId: order.id, note },
    orderId: order.id,
  });
  return status;
}
