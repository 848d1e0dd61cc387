import "server-only";
import type { Tx } from "./db";
import type { Operator } from "./operator";

/** One operator action, as the audit log keeps it (docs/architecture/operator.md). */
export type AuditAction = {
  /** Dotted verb, e.g. "restaurant.suspend", "review.hide", "problem.approve". */
  action: string;
  targetType: string;
  targetId: number;
  /** Why, as the operator gave it (shown to the owner or author where the action says so). */
  reason: string;
  /** The action's particulars (e.g. the old and new commission), kept as JSON. */
  detail?: Record<string, unknown>;
};

/**
 * Records an operator action IN THE TRANSACTION that makes the change, so the log and the change
 * commit together or not at all. `operator` null is the command line (`npm run operator`). The
 * table is append-only: triggers in both databases refuse UPDATE and DELETE.
 */
export async function recordAudit(tx: Tx, operator: Operator | null, entry: AuditAction): Promise<void> {
  await tx.auditLog.create({
    data: {
      operatorId: operator?.id ?? null,
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId,
      reason: entry.reason,
      detail: entry.detail ? JSON.stringify(entry.detail) : null,
    },
  });
}
