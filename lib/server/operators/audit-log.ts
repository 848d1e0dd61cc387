import "server-only";
import type { OperatorAuditQuery } from "@/lib/contract/operators/rules";
import { db } from "../platform/db";
import type { Operator } from "../platform/operator";
import { page, type Page } from "../platform/paging";

// Reading the audit log (/admin/audit, GET /api/admin/audit): newest first, one page, optionally
// of one target. Nothing edits it (platform/audit.ts is the one writer; triggers refuse the rest).

export type AuditEntryJson = {
  id: number;
  at: string;
  operator: { id: number; name: string } | null;
  action: string;
  targetType: string;
  targetId: number;
  reason: string;
  detail: Record<string, unknown> | null;
};

export async function listAudit(_operator: Operator, query: OperatorAuditQuery): Promise<Page<AuditEntryJson>> {
  const rows = await db.auditLog.findMany({
    where: { ...(query.targetType ? { targetType: query.targetType } : {}), ...(query.targetId !== undefined ? { targetId: query.targetId } : {}) },
    include: { operator: { select: { id: true, firstName: true, lastName: true } } },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    skip: query.offset,
    take: query.limit + 1,
  });
  return page(
    rows.map((r) => ({
      id: r.id,
      at: r.createdAt.toISOString(),
      operator: r.operator ? { id: r.operator.id, name: [r.operator.firstName, r.operator.lastName].filter(Boolean).join(" ") } : null,
      action: r.action,
      targetType: r.targetType,
      targetId: r.targetId,
      reason: r.reason,
      detail: r.detail ? (JSON.parse(r.detail) as Record<string, unknown>) : null,
    })),
    query,
  );
}
