import "server-only";
import { type CheckStatus, type DocumentKind, type DocumentStatus, type Vehicle } from "@/lib/shared/delivery/courier-onboarding";
import type { DocumentQueueQuery, DocumentReview } from "@/lib/contract/couriers/onboarding-rules";
import { recordAudit } from "../platform/audit";
import { db, type Tx } from "../platform/db";
import { conflict, forbidden, notFound } from "../platform/errors";
import type { Operator } from "../platform/operator";
import { page, type Page } from "../platform/paging";
import { sqlOf } from "../platform/sql";
import { takeOperatorAction } from "../platform/action-limits";
import { notify } from "../notifications/outbox";
import { documentNoticeIn } from "../notifications/words";
import type { DocumentNotice } from "@/lib/shared/people/notification-shapes";
import { said, word } from "@/lib/shared/words/said";

// The operators' review queue of courier documents (docs/architecture/courier-onboarding.md
// "Review"): oldest first; each document approved, asked again with a reason (the courier
// uploads a new one) or rejected with a reason (no new one of that kind is taken). Each decision
// is audited and told to the courier (bell and email).

export type DocumentQueueItem = {
  id: number;
  kind: DocumentKind;
  status: DocumentStatus;
  expiresOn: string;
  reason: string | null;
  uploadedAt: string;
  courier: { id: number; name: string; vehicle: Vehicle; backgroundCheck: CheckStatus; status: string | null };
  /** The photo, for operators only (GET /api/admin/courier-documents/{id}/photo). */
  photoUrl: string;
};

/** GET /api/admin/courier-documents: one page of documents in `status` (pending by default), oldest first. */
export async function documentQueue(_operator: Operator, query: DocumentQueueQuery): Promise<Page<DocumentQueueItem>> {
  const rows = await db.courierDocument.findMany({
    where: { status: query.status },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    skip: query.offset,
    take: query.limit + 1,
  });
  const ids = [...new Set(rows.map((r) => r.userId))];
  const [users, profiles] = await Promise.all([
    db.user.findMany({ where: { id: { in: ids } }, select: { id: true, firstName: true, lastName: true, courierStatus: true } }),
    db.courierProfile.findMany({ where: { userId: { in: ids } }, select: { userId: true, vehicle: true, checkStatus: true } }),
  ]);
  const userOf = new Map(users.map((u) => [u.id, u]));
  const profileOf = new Map(profiles.map((p) => [p.userId, p]));
  return page(
    rows.map((r) => {
      const user = userOf.get(r.userId);
      const profile = profileOf.get(r.userId);
      return {
        id: r.id,
        kind: r.kind as DocumentKind,
        status: r.status as DocumentStatus,
        expiresOn: r.expiresOn,
        reason: r.reason,
        uploadedAt: r.createdAt.toISOString(),
        courier: {
          id: r.userId,
          name: [user?.firstName, user?.lastName].filter(Boolean).join(" "),
          vehicle: (profile?.vehicle ?? "bike") as Vehicle,
          backgroundCheck: (profile?.checkStatus ?? "clear") as CheckStatus,
          status: user?.courierStatus ?? null,
        },
        photoUrl: `/api/admin/courier-documents/${r.id}/photo`,
      };
    }),
    query,
  );
}

const MOVES = { approve: "approved", resubmit: "resubmit", reject: "rejected" } as const;

const NOTICES = { approve: "approved", resubmit: "resubmit", reject: "refused" } as const;

/** POST /api/admin/courier-documents/{id}: a pending document's review (409 once reviewed), audited and told to the courier. */
export async function reviewDocument(operator: Operator, id: number, input: DocumentReview, now = new Date()) {
  return db.$transaction(async (tx: Tx) => {
    await takeOperatorAction(tx, operator.id, now);
    const document = await tx.courierDocument.findUnique({ where: { id }, select: { userId: true, kind: true } });
    if (!document) throw notFound(said("messages.notFound", { what: word("document") }));
    if (document.userId === operator.id) throw forbidden(said("messages.reviewOwnDocuments"));
    const status = MOVES[input.action];
    const reason = input.action === "approve" ? null : (input.reason?.trim() ?? null);
    const { count } = await tx.courierDocument.updateMany({
      where: { id, status: "pending" },
      data: { status, reason, reviewedBy: operator.id, reviewedAt: now },
    });
    if (!count) throw conflict(said("messages.documentReviewed"));
    const kind = document.kind as DocumentKind;
    const notice: DocumentNotice = { kind, event: NOTICES[input.action], ...(reason === null ? {} : { reason }) };
    await recordAudit(tx, operator, {
      action: `courier_document.${input.action}`,
      targetType: "user",
      targetId: document.userId,
      reason: reason ?? "Approved",
      detail: { document: id, kind },
    });
    await notify(
      sqlOf(tx),
      [
        {
          to: { userId: document.userId },
          kind: "courier_account_update",
          cause: `courier-document:${id}:${status}`,
          payload: { stage: "document", document: notice, note: documentNoticeIn("en", notice) },
        },
      ],
      now,
    );
    return { document: { id, status } };
  });
}
