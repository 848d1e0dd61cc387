import { z } from "zod";
import { LEGAL_KINDS } from "@/lib/shared/people/legal";
import { LOCALES } from "@/lib/i18n/locale";
import { said } from "@/lib/shared/words/said";

// The legal documents' inputs (docs/architecture/legal.md): an operator's new version or, with a
// `language` besides English, the translation of the version in effect (POST /api/admin/legal),
// and a person's acceptance on the accept page (POST /api/legal/acceptances).

/** A document's Markdown, at most this long (the JSON body's 64 KB cap holds it with room for escapes). */
export const LEGAL_BODY_MAX = 40_000;
export const LEGAL_SAID = {
  kind: said("rules.common.oneOf", { field: "kind", list: LEGAL_KINDS.join(", ") }),
  title: said("rules.legal.title"),
  body: said("rules.legal.body", { max: LEGAL_BODY_MAX.toLocaleString("en-US") }),
  reason: said("rules.common.atMost", { field: "reason", count: "500" }),
  language: said("rules.common.oneOf", { field: "language", list: LOCALES.join(", ") }),
  version: said("rules.legal.version"),
  documents: said("rules.legal.documents"),
} as const;
const M = LEGAL_SAID;

const kind = z.enum(LEGAL_KINDS, { error: M.kind });

export const legalPublishSchema = z.object({
  kind,
  title: z.string({ error: M.title }).trim().min(1, M.title).max(120, M.title),
  body: z.string({ error: M.body }).trim().min(1, M.body).max(LEGAL_BODY_MAX, M.body),
  reason: z.string().trim().max(500, M.reason).optional(),
  language: z.enum(LOCALES, { error: M.language }).optional(),
  /** With a translation: the version it translates, which must still be in effect (409 otherwise). */
  version: z.number({ error: M.version }).int(M.version).min(1, M.version).max(1_000_000, M.version).optional(),
});
export type LegalPublishInput = z.output<typeof legalPublishSchema>;

export const legalAcceptSchema = z.object({
  documents: z
    .array(z.object({ kind, version: z.number({ error: M.documents }).int(M.documents).min(1, M.documents).max(1_000_000, M.documents) }), { error: M.documents })
    .min(1, M.documents)
    .max(LEGAL_KINDS.length, M.documents),
});
