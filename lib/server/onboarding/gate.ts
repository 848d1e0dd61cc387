import "server-only";
import { documentsBlock, type CheckStatus, type DocumentKind, type DocumentStatus, type GateProfile, type Vehicle } from "@/lib/shared/delivery/courier-onboarding";
import type { Locale } from "@/lib/i18n/locale";
import { formatDay } from "@/lib/shared/time/format-date";
import { db, type Tx } from "../platform/db";
import { conflict, errorTextIn } from "../platform/errors";

// Can this courier go on shift and be offered jobs, for their documents and background check
// (docs/architecture/courier-onboarding.md "The gate")? One function, called where the shift
// starts (lib/server/dispatch/state.ts setShift); the offers read the same rule in SQL
// (queries.ts DOCUMENTS_CLEAR).

/** The courier's onboarding and documents, as the gate reads them (profile null: none). */
export async function gateInputs(userId: number, client: Tx | typeof db = db) {
  const [profile, documents] = await Promise.all([
    client.courierProfile.findUnique({ where: { userId }, select: { vehicle: true, checkStatus: true } }),
    client.courierDocument.findMany({
      where: { userId, status: { in: ["pending", "approved"] } },
      select: { kind: true, status: true, expiresOn: true, expiresAt: true },
    }),
  ]);
  return {
    profile: profile ? ({ vehicle: profile.vehicle as Vehicle, checkStatus: profile.checkStatus as CheckStatus } satisfies GateProfile) : null,
    documents: documents.map((d) => ({ ...d, kind: d.kind as DocumentKind, status: d.status as DocumentStatus })),
  };
}

/** Why the courier may not work now for their documents, or null. */
export async function documentsBlockOf(userId: number, now: Date, client: Tx | typeof db = db): Promise<string | null> {
  const { profile, documents } = await gateInputs(userId, client);
  return documentsBlock(profile, documents, now);
}

/** A block in the reader's language (the catalogue's server.errors.messages), its date written their way ("30 jun 2028"; English: as stored). */
export function blockIn(locale: Locale, block: string | null): string | null {
  if (!block) return block;
  const text = errorTextIn(locale, block);
  return locale === "en" ? text : text.replace(/\b\d{4}-\d{2}-\d{2}\b/, (day) => formatDay(day, locale));
}

/** A 409 naming `documents` when the courier's documents or background check keep them off shift. */
export async function assertDocumentsClear(userId: number, now: Date, client: Tx | typeof db = db): Promise<void> {
  const block = await documentsBlockOf(userId, now, client);
  if (block) throw conflict(block, { documents: block });
}
