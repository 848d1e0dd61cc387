import { z } from "zod";
import { CHECK_STATUSES, DOCUMENT_KINDS, DOCUMENT_STATUSES, VEHICLES } from "@/lib/shared/delivery/courier-onboarding";

// Courier onboarding's answers (docs/architecture/courier-onboarding.md).

const instant = z.iso.datetime();
const day = z.string().meta({ description: "YYYY-MM-DD, as printed on the document" });

export const courierDocumentSchema = z.object({
  id: z.number().int(),
  kind: z.enum(DOCUMENT_KINDS),
  status: z.enum(DOCUMENT_STATUSES),
  expiresOn: day,
  reason: z.string().nullable().meta({ description: "The operator's reason when asked again or refused" }),
  expiresSoon: z.boolean().meta({ description: "Approved and within its last 14 days" }),
  expired: z.boolean(),
  uploadedAt: instant,
});

export const onboardingAnswerSchema = z.object({
  onboarding: z
    .object({
      vehicle: z.enum(VEHICLES),
      speedKmh: z.number().meta({ description: "The dispatch's speed for this vehicle" }),
      needsDocuments: z.boolean().meta({ description: "A scooter or a car: a driving licence and insurance, approved and in date" }),
      backgroundCheck: z.object({ status: z.enum(CHECK_STATUSES), provider: z.string() }),
      documents: z.array(courierDocumentSchema),
      blocked: z.string().nullable().meta({ description: "Why the courier may not go on shift or get offers for their documents or check, or null" }),
    })
    .nullable()
    .meta({ description: "Null before the person applied (or a courier from before onboarding: a bike with nothing to show)" }),
});

export const documentAnswerSchema = z.object({ document: courierDocumentSchema });

export const documentQueueItemSchema = z.object({
  id: z.number().int(),
  kind: z.enum(DOCUMENT_KINDS),
  status: z.enum(DOCUMENT_STATUSES),
  expiresOn: day,
  reason: z.string().nullable(),
  uploadedAt: instant,
  courier: z.object({
    id: z.number().int(),
    name: z.string(),
    vehicle: z.enum(VEHICLES),
    backgroundCheck: z.enum(CHECK_STATUSES),
    status: z.string().nullable(),
  }),
  photoUrl: z.string(),
});
export const documentQueuePageSchema = z.object({ items: z.array(documentQueueItemSchema), hasMore: z.boolean(), nextOffset: z.number().int().nullable() });
export const documentReviewAnswerSchema = z.object({ document: z.object({ id: z.number().int(), status: z.enum(DOCUMENT_STATUSES) }) });
