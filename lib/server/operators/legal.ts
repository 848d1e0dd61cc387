import "server-only";
import type { LegalPublishInput } from "@/lib/validation/legal";
import { currentDocument, type LegalVersion } from "../legal/documents";
import { db } from "../platform/db";
import { isUniqueViolation, conflict } from "../platform/errors";
import type { Operator } from "../platform/operator";
import { recordAudit } from "../platform/audit";

/**
 * POST /api/admin/legal: an operator publishes the next version of a document (the versions before
 * it are kept as they were), audited in the same transaction. Owners and couriers are asked to
 * accept it on their next visit to their pages (legal/documents.ts `mustAccept`).
 */
export async function publishLegalDocument(operator: Operator, input: LegalPublishInput): Promise<LegalVersion> {
  try {
    return await db.$transaction(async (tx) => {
      const previous = await currentDocument(input.kind, tx);
      const row = await tx.legalDocument.create({
        data: { kind: input.kind, version: previous.version + 1, title: input.title, body: input.body, createdById: operator.id },
      });
      await recordAudit(tx, operator, {
        action: "legal.publish",
        targetType: "LegalDocument",
        targetId: row.id,
        reason: input.reason ?? "",
        detail: { kind: input.kind, version: row.version, previousVersion: previous.version },
      });
      return { kind: input.kind, version: row.version, title: row.title, body: row.body, publishedAt: row.createdAt };
    });
  } catch (error) {
    // Two operators publishing at once: the second's version number is taken.
    if (isUniqueViolation(error)) throw conflict("Another version was published just now. Reload and try again.");
    throw error;
  }
}
