import "server-only";
import { centsToDollars } from "@/lib/shared/money/money";
import type { ReconciliationStatus } from "@/lib/contract/payments/reconciliation-rules";
import { db } from "../platform/db";
import { conflict, notFound } from "../platform/errors";
import { takeOperatorAction } from "../platform/action-limits";
import type { Operator } from "../platform/operator";
import { recordAudit } from "../platform/audit";
import { said, word } from "@/lib/shared/words/said";

// The differences the reconciliation raised (reconcile.ts), as operators see and resolve them
// (docs/architecture/payouts.md "Reconciliation"): an operator marks one resolved with a note
// (what was found, what was done); the row keeps who and when, the audit log the same in the same
// transaction. A resolved difference leaves the open list (and the dashboard's tile); raised
// again only if the amounts change (its key is what differs and by how much).

export type ReconciliationIssueJson = {
  id: number;
  kind: "capture" | "refund" | "payout";
  objectId: string;
  /** What the provider has and what the ledger has (dollars). */
  provider: number;
  ledger: number;
  createdAt: string;
  resolution: { at: string; by: { id: number; firstName: string } | null; note: string } | null;
};

type IssueRow = {
  id: number;
  kind: string;
  objectId: string;
  providerCents: number;
  ledgerCents: number;
  createdAt: Date;
  resolvedAt: Date | null;
  resolvedById: number | null;
  resolutionNote: string | null;
};

function toJson(row: IssueRow, names: Map<number, string>): ReconciliationIssueJson {
  return {
    id: row.id,
    kind: row.kind as ReconciliationIssueJson["kind"],
    objectId: row.objectId,
    provider: centsToDollars(row.providerCents),
    ledger: centsToDollars(row.ledgerCents),
    createdAt: row.createdAt.toISOString(),
    resolution: row.resolvedAt
      ? {
          at: row.resolvedAt.toISOString(),
          by: row.resolvedById === null ? null : { id: row.resolvedById, firstName: names.get(row.resolvedById) ?? "" },
          note: row.resolutionNote ?? "",
        }
      : null,
  };
}

async function namesOf(rows: readonly IssueRow[]): Promise<Map<number, string>> {
  const ids = [...new Set(rows.map((row) => row.resolvedById).filter((id): id is number => id !== null))];
  if (!ids.length) return new Map();
  const users = await db.user.findMany({ where: { id: { in: ids } }, select: { id: true, firstName: true } });
  return new Map(users.map((user) => [user.id, user.firstName]));
}

/** The differences open (newest first) or resolved (the latest resolved first), at most `limit`. */
export async function listReconciliationIssues(status: ReconciliationStatus, limit = 100): Promise<ReconciliationIssueJson[]> {
  const rows = await db.reconciliationIssue.findMany({
    where: { resolvedAt: status === "open" ? null : { not: null } },
    orderBy: status === "open" ? { id: "desc" } : [{ resolvedAt: "desc" }, { id: "desc" }],
    take: limit,
  });
  const names = await namesOf(rows);
  return rows.map((row) => toJson(row, names));
}

/**
 * POST /api/admin/reconciliation/{id}/resolve { note }: the difference marked resolved by
 * `operator` with `note`, audited (reconciliation.resolve) in the same transaction. 404 unknown;
 * 409 already resolved (a second operator's click too: one conditional update wins).
 */
export async function resolveReconciliationIssue(operator: Operator, id: number, note: string, now = new Date()): Promise<ReconciliationIssueJson> {
  const row = await db.$transaction(async (tx) => {
    await takeOperatorAction(tx, operator.id, now);
    const issue = await tx.reconciliationIssue.findUnique({ where: { id } });
    if (!issue) throw notFound(said("messages.notFound", { what: word("reconciliationDifference") }));
    if (issue.resolvedAt) throw conflict(said("messages.differenceResolved"));
    const { count } = await tx.reconciliationIssue.updateMany({
      where: { id, resolvedAt: null },
      data: { resolvedAt: now, resolvedById: operator.id, resolutionNote: note },
    });
    if (!count) throw conflict(said("messages.differenceResolved"));
    await recordAudit(tx, operator, {
      action: "reconciliation.resolve",
      targetType: "reconciliation",
      targetId: id,
      reason: note,
      detail: { kind: issue.kind, objectId: issue.objectId, providerCents: issue.providerCents, ledgerCents: issue.ledgerCents },
    });
    return { ...issue, resolvedAt: now, resolvedById: operator.id, resolutionNote: note };
  });
  return toJson(row, new Map([[operator.id, operator.firstName]]));
}
