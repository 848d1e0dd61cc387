import "server-only";
import {
  documentExpiresAt,
  documentsBlock,
  KIND_WORDS,
  expiresSoon,
  needsDocuments,
  VEHICLE_SPEED_KMH,
  type CourierDocumentJson,
  type DocumentKind,
  type DocumentStatus,
  type OnboardingJson,
  type CheckStatus,
  type Vehicle,
} from "@/lib/shared/delivery/courier-onboarding";

export type { OnboardingJson } from "@/lib/shared/delivery/courier-onboarding";
import type { CourierDocumentInput } from "@/lib/contract/couriers/onboarding-rules";
import { db } from "../platform/db";
import { conflict, fieldError, forbidden, notFound } from "../platform/errors";
import { asPhotoErrors, readPrivatePicture, removePrivatePicture, storePrivatePicture } from "../platform/pictures";
import type { SessionUser } from "../platform/session-user";
import type { Locale } from "@/lib/i18n/locale";
import { blockIn, gateInputs } from "./gate";
import { said, word } from "@/lib/shared/words/said";

// The courier's documents (docs/architecture/courier-onboarding.md "Documents"): a photo of a
// driving licence or an insurance certificate with its expiry date, stored privately (the drop-off
// photos' path: re-encoded, metadata stripped, served only by its own route to the courier and
// the operators), waiting for an operator's review (review.ts).

export const DOCUMENT_SAID = {
  refused: (kind: DocumentKind) => said("messages.documentRefused", { kind: KIND_WORDS[kind] }),
} as const;

const MAX_YEARS_AHEAD = 15;

const documentJson = (
  d: { id: number; kind: string; status: string; expiresOn: string; expiresAt: Date; reason: string | null; createdAt: Date },
  now: Date,
): CourierDocumentJson => ({
  id: d.id,
  kind: d.kind as DocumentKind,
  status: d.status as DocumentStatus,
  expiresOn: d.expiresOn,
  reason: d.reason,
  expiresSoon: d.status === "approved" && expiresSoon(d.expiresAt, now),
  expired: d.expiresAt.getTime() <= now.getTime(),
  uploadedAt: d.createdAt.toISOString(),
});

/** GET /api/courier/onboarding's record: null before the person applied with onboarding (or a courier from before it). */
export async function onboardingOf(userId: number, now = new Date(), locale: Locale = "en"): Promise<OnboardingJson | null> {
  const profile = await db.courierProfile.findUnique({ where: { userId } });
  if (!profile) return null;
  const [documents, gate] = await Promise.all([db.courierDocument.findMany({ where: { userId }, orderBy: { id: "desc" }, take: 20 }), gateInputs(userId)]);
  const vehicle = profile.vehicle as Vehicle;
  return {
    vehicle,
    speedKmh: VEHICLE_SPEED_KMH[vehicle],
    needsDocuments: needsDocuments(vehicle),
    backgroundCheck: { status: profile.checkStatus as CheckStatus, provider: profile.checkProvider },
    documents: documents.map((d) => documentJson(d, now)),
    blocked: blockIn(locale, documentsBlock(gate.profile, gate.documents, now)),
  };
}

/** Checks the expiry date before the photo is read: a 400 naming `expiresOn`. */
export function expiryOf(expiresOn: string, now: Date): Date {
  const expiresAt = documentExpiresAt(expiresOn);
  if (Number.isNaN(expiresAt.getTime())) throw fieldError("expiresOn", said("rules.handlers.expiresOn"));
  if (expiresAt.getTime() <= now.getTime()) throw fieldError("expiresOn", said("messages.documentDatePassed"));
  if (expiresAt.getTime() - now.getTime() > MAX_YEARS_AHEAD * 366 * 86_400_000) throw fieldError("expiresOn", said("messages.documentDateTooFar"));
  return expiresAt;
}

/** May this person upload a document of `kind` now: an application of a motor vehicle, not refused that kind. */
export async function assertMayUpload(user: Pick<SessionUser, "id" | "guestAccount">, kind: DocumentKind): Promise<void> {
  if (user.guestAccount) throw forbidden(said("messages.courierNotApplied"));
  const profile = await db.courierProfile.findUnique({ where: { userId: user.id }, select: { vehicle: true } });
  if (!profile) throw conflict(said("messages.courierNotApplied"));
  if (!needsDocuments(profile.vehicle as Vehicle)) throw conflict(said("messages.courierNoDocuments"));
  if (await db.courierDocument.count({ where: { userId: user.id, kind, status: "rejected" } }))
    throw conflict(DOCUMENT_SAID.refused(kind), { kind: DOCUMENT_SAID.refused(kind) });
}

/**
 * POST /api/courier/documents: stores the photo privately and records the document, waiting for
 * review. An older one of the same kind still waiting is replaced (its photo removed); an approved
 * one keeps counting until this one is approved.
 */
export async function uploadDocument(
  user: Pick<SessionUser, "id" | "guestAccount">,
  input: CourierDocumentInput,
  photo: File | null,
  now = new Date(),
): Promise<CourierDocumentJson> {
  if (user.guestAccount) throw forbidden(said("messages.courierNotApplied"));
  const expiresAt = expiryOf(input.expiresOn, now);
  await assertMayUpload(user, input.kind);
  const file = await asPhotoErrors(() => storePrivatePicture(input.kind, user.id, photo));
  const replaced = await db.courierDocument.findMany({
    where: { userId: user.id, kind: input.kind, status: { in: ["pending", "resubmit"] } },
    select: { id: true, file: true },
  });
  const made = await db.$transaction(async (tx) => {
    await tx.courierDocument.deleteMany({ where: { id: { in: replaced.map((r) => r.id) } } });
    return tx.courierDocument.create({ data: { userId: user.id, kind: input.kind, file, expiresOn: input.expiresOn, expiresAt, createdAt: now } });
  });
  for (const old of replaced) await removePrivatePicture(old.file);
  return documentJson(made, now);
}

/** GET /api/courier/documents/{id}/photo and the operators' review: the photo's bytes for its courier or an operator; a 404 for anyone else. */
export async function readDocumentPhoto(user: Pick<SessionUser, "id" | "operator">, id: number): Promise<Buffer> {
  const document = await db.courierDocument.findUnique({ where: { id }, select: { userId: true, file: true } });
  if (!document || (document.userId !== user.id && !user.operator)) throw notFound(said("messages.notFound", { what: word("document") }));
  const bytes = await readPrivatePicture(document.file);
  if (!bytes) throw notFound(said("messages.notFound", { what: word("document") }));
  return bytes;
}
