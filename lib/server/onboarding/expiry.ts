import "server-only";
import { EXPIRY_WARNING_DAYS, type DocumentKind } from "@/lib/shared/delivery/courier-onboarding";
import { db } from "../platform/db";
import { sqlOf } from "../platform/sql";
import { notify } from "../notifications/outbox";
import { documentNoticeIn } from "../notifications/words";
import type { DocumentNotice } from "@/lib/shared/people/notification-shapes";

// Documents that expire (docs/architecture/courier-onboarding.md "Expiry"): the jobs sweep warns
// the courier EXPIRY_WARNING_DAYS (14) days before an approved document's expiry and tells them
// when it expired, each once (a conditional update of warnedAt, expiredAt: two instances tell
// once). Offers stop at the expiry itself, whatever the sweep's hour: the offers' SQL reads the
// expiry (queries.ts DOCUMENTS_CLEAR). A document a newer approved one of its kind outlasts is
// not warned of.

const DAY_MS = 86_400_000;

/** The approved documents to warn of (expiring within the warning) or to tell expired, not outlasted by a newer approved one. */
async function due(field: "warnedAt" | "expiredAt", now: Date) {
  const until = field === "warnedAt" ? new Date(now.getTime() + EXPIRY_WARNING_DAYS * DAY_MS) : now;
  const rows = await db.courierDocument.findMany({
    where: { status: "approved", [field]: null, expiresAt: { lte: until } },
    orderBy: { expiresAt: "asc" },
    select: { id: true, userId: true, kind: true, expiresOn: true, expiresAt: true },
    take: 200,
  });
  const outlasted = await Promise.all(
    rows.map((r) => db.courierDocument.count({ where: { userId: r.userId, kind: r.kind, status: "approved", expiresAt: { gt: r.expiresAt } } })),
  );
  return rows.filter((_, i) => !outlasted[i]);
}

/** One pass: the warnings, then the expiries. Returns how many of each were told. */
export async function sweepDocumentExpiry(now: Date): Promise<{ warned: number; expired: number }> {
  const told = { warned: 0, expired: 0 };
  for (const field of ["warnedAt", "expiredAt"] as const) {
    for (const document of await due(field, now)) {
      const expired = document.expiresAt.getTime() <= now.getTime();
      if (field === "warnedAt" && expired) continue;
      await db.$transaction(async (tx) => {
        const { count } = await tx.courierDocument.updateMany({ where: { id: document.id, [field]: null }, data: { [field]: now } });
        if (!count) return;
        const notice: DocumentNotice = { kind: document.kind as DocumentKind, event: expired ? "expired" : "expiring", expiresOn: document.expiresOn };
        const payload = { stage: "document", document: notice, note: documentNoticeIn("en", notice) };
        await notify(sqlOf(tx), [{ to: { userId: document.userId }, kind: "courier_account_update", cause: `courier-document:${document.id}:${field}`, payload }], now);
        told[expired ? "expired" : "warned"]++;
      });
    }
  }
  return told;
}
