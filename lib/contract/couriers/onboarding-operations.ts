import { courierDocumentInputSchema, documentQueueQuerySchema, documentReviewSchema } from "@/lib/contract/couriers/onboarding-rules";
import { documentAnswerSchema, documentQueuePageSchema, documentReviewAnswerSchema, onboardingAnswerSchema } from "./onboarding-schemas";
import { member, op, operator, photoAnswer } from "../define";

// Courier onboarding (docs/architecture/courier-onboarding.md): the applicant's or courier's
// vehicle, background check and documents, and the operators' review queue.

export const courierOnboardingOperations = [
  op("GET /api/courier/onboarding", {
    summary:
      "Your onboarding as an applicant or a courier: the vehicle (and the dispatch's speed for it), the background check, your documents with their review and expiry, and what keeps you off shift (`blocked`), or null before you applied",
    access: member,
    paging: { unpaged: "one record" },
    ok: { description: "The onboarding", schema: onboardingAnswerSchema },
    errors: { 403: "A guest account" },
    fixture: { matrix: {} },
  }),
  op("POST /api/courier/documents", {
    summary:
      "Upload a driving licence or an insurance certificate (a scooter or a car needs both approved before its first shift): multipart/form-data with `{ kind, expiresOn }` as JSON in `data` and the photo in `photo` (the profile picture's limits: PNG, JPEG or WebP, at most 5 MB; stored privately, re-encoded without metadata). It waits for an operator's review; one still waiting of the same kind is replaced",
    access: member,
    body: courierDocumentInputSchema,
    ok: { status: 201, description: "The document, waiting for review", schema: documentAnswerSchema },
    errors: {
      400: "A bad kind, an expiry date that is not a date, has passed or is more than 15 years away (`expiresOn`), or no photo or not an image (`photo`)",
      409: "Not applied yet, a bike or an e-bike (no documents), or that kind refused by Nosh",
      413: "A photo larger than 5 MB",
    },
    // The matrix's owner never applied: the 409 past the access check.
    fixture: { matrix: { status: 409, body: { kind: "licence", expiresOn: "2031-01-31" } }, fuzz: { valid: { kind: "insurance", expiresOn: "2031-01-31" } } },
  }),
  op("GET /api/admin/courier-documents", {
    summary: "The courier documents to review (`status`, pending by default), oldest first, each with its courier's vehicle and background check and its photo's link",
    access: operator,
    paging: "limit-offset",
    query: documentQueueQuerySchema,
    ok: { description: "A page of documents", schema: documentQueuePageSchema },
    fixture: { matrix: {}, list: { as: "operator", query: { status: "rejected" } } },
  }),
  op("GET /api/admin/courier-documents/{id}/photo", {
    summary: "A courier document's photo (image/webp), for operators only",
    access: operator,
    paging: { unpaged: "one image" },
    ok: photoAnswer,
    errors: { 404: "Unknown document" },
    fixture: { matrix: { status: 404, path: { id: 999999 } } },
  }),
  op("POST /api/admin/courier-documents/{id}", {
    summary:
      "Review a waiting document: `approve` it, ask for it again (`resubmit`, with the `reason` the courier reads) or `reject` it (with a reason; no new one of that kind is taken); audited, and the courier is told (bell and email)",
    access: operator,
    body: documentReviewSchema,
    ok: { description: "The document's new status", schema: documentReviewAnswerSchema },
    errors: {
      403: "Not an operator, or the operator's own document",
      404: "Unknown document",
      409: "Already reviewed",
      429: "Too many operator actions in a minute",
    },
    fixture: {
      matrix: { status: 404, path: { id: 999999 }, body: { action: "approve" } },
      fuzz: { valid: { action: "resubmit", reason: "Fuzz" } },
    },
  }),
] as const;
