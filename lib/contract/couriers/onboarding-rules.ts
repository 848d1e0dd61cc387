import { z } from "zod";
import { DOCUMENT_KINDS, DOCUMENT_STATUSES, VEHICLES } from "@/lib/shared/delivery/courier-onboarding";
import { pagingSchema } from "../restaurants/browse-rules";
import { freeText } from "../common/field-rules";
import { said } from "@/lib/shared/words/said";
export const ONBOARDING_INPUT_SAID = {
  vehicle: said("rules.courierOnboarding.vehicle"),
  kind: said("rules.courierOnboarding.kind"),
  expiresOn: said("rules.courierOnboarding.expiresOn"),
  action: said("rules.courierOnboarding.action"),
  reason: said("rules.courierOnboarding.reason"),
  reasonLength: said("rules.common.atMost", { field: "reason", count: "500" }),
  status: said("rules.courierOnboarding.status"),
} as const;
const M = ONBOARDING_INPUT_SAID;

/** A vehicle, "e-bike" (as people write it) taken for the API's e_bike. */
const vehicle = z.enum([...VEHICLES, "e-bike"], { error: M.vehicle }).transform((value) => (value === "e-bike" ? "e_bike" : value));

/** POST /api/courier/apply: the vehicle (a bike when left out; `vehicleType` is taken for it too). */
export const courierApplicationInputSchema = z
  .object({ vehicle: vehicle.optional(), vehicleType: vehicle.optional() })
  .transform((input) => ({ vehicle: input.vehicle ?? input.vehicleType ?? "bike" }));

const day = z
  .string({ error: M.expiresOn })
  .regex(/^\d{4}-\d{2}-\d{2}$/, M.expiresOn)
  .refine((value) => {
    const [y, m, d] = value.split("-").map(Number) as [number, number, number];
    const date = new Date(Date.UTC(y, m - 1, d));
    return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
  }, M.expiresOn);

/** POST /api/courier/documents: `data` beside the photo. */
export const courierDocumentInputSchema = z.object({ kind: z.enum(DOCUMENT_KINDS, { error: M.kind }), expiresOn: day });
export type CourierDocumentInput = z.output<typeof courierDocumentInputSchema>;

/** POST /api/admin/courier-documents/{id}: approve, ask again (resubmit) or reject; a reason for the last two. */
export const documentReviewSchema = z
  .object({
    action: z.enum(["approve", "resubmit", "reject"] as const, { error: M.action }),
    reason: freeText("reason", { multiline: true }).pipe(z.string().max(500, M.reasonLength)).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.action !== "approve" && !value.reason?.trim()) ctx.addIssue({ code: "custom", path: ["reason"], message: M.reason });
  });
export type DocumentReview = z.output<typeof documentReviewSchema>;

/** GET /api/admin/courier-documents: the queue (pending by default). */
export const documentQueueQuerySchema = pagingSchema.extend({ status: z.enum(DOCUMENT_STATUSES, { error: M.status }).default("pending") });
export type DocumentQueueQuery = z.output<typeof documentQueueQuerySchema>;
