import "server-only";
import type { LegalPublishInput } from "@/lib/contract/legal/rules";
import { currentDocument, type ShownLegal } from "../legal/documents";
import { db } from "../platform/db";
import { isUniqueViolation, conflict } from "../platform/errors";
import type { Operator } from "../platform/operator";
import { recordAudit } from "../platform/audit";
import { said } from "@/lib/shared/words/said";

/**
 * POST /api/admin/legal: an operator publishes the next version of a document (the versions before
 * it are kept as they were), audited in the same transaction. Owners and couriers are asked to
 * accept it on their next visit to their pages (legal/documents.ts `mustAccept`). With a
 * `language` besides English: the translation of the version in effect (`translateLegalDocument`).
 */
export async function publishLegalDocument(operator: Operator, input: LegalPublishInput): Promise<ShownLegal> {
  if (input.language && input.language !== "en") return translateLegalDocument(operator, input, input.language);
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
      return { kind: input.kind, version: row.version, title: row.title, body: row.body, publishedAt: row.createdAt, language: "en" };
    });
  } catch (error) {
    // Two operators publishing at once: the second's version number is taken.
    if (isUniqueViolation(error)) throw conflict(said("rules.handlers.legalRace"));
    throw error;
  }
}

/**
 * The version in effect in another language: added, or replacing the earlier translation of that
 * version (a correction: nobody is asked to accept again, the version is the same), audited as
 * `legal.translate`. `version`, when sent, must still be in effect: a version published while the
 * operator translated is a 409, never a translation filed under the wrong text.
 */
async function translateLegalDocument(operator: Operator, input: LegalPublishInput, language: string): Promise<ShownLegal> {
  try {
    return await db.$transaction(async (tx) => {
      const current = await currentDocument(input.kind, tx);
      if (input.version !== undefined && input.version !== current.version) {
        throw conflict(said("rules.handlers.legalTranslateStale", { current: current.version, version: input.version }));
      }
      const key = { kind: input.kind, version: current.version, language };
      const replaced = await tx.legalTranslation.findUnique({ where: { kind_version_language: key }, select: { id: true } });
      const text = { title: input.title, body: input.body, createdById: operator.id };
      const row = await tx.legalTranslation.upsert({ where: { kind_version_language: key }, create: { ...key, ...text }, update: { ...text, updatedAt: new Date() } });
      await recordAudit(tx, operator, {
        action: "legal.translate",
        targetType: "LegalTranslation",
        targetId: row.id,
        reason: input.reason ?? "",
        detail: { ...key, replaced: replaced !== null },
      });
      return { ...current, title: row.title, body: row.body, language };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(said("rules.handlers.legalTranslateRace"));
    throw error;
  }
}
