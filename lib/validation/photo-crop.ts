import { z } from "zod";
import { PHOTO_MESSAGES } from "./photo";

// The crop rectangle sent with an owner's photo upload (lib/server/web/multipart.ts readPhotoUpload); apart
// from lib/validation/photo.ts so the upload control's limits come without zod.

const edge = z.coerce.number({ error: PHOTO_MESSAGES.crop }).int(PHOTO_MESSAGES.crop).min(0, PHOTO_MESSAGES.crop).max(100_000, PHOTO_MESSAGES.crop);

/** The crop rectangle in pixels of the upright picture (the form fields x, y, width, height): all four or none. */
export const photoCropSchema = z
  .object({ x: edge.optional(), y: edge.optional(), width: edge.min(1, PHOTO_MESSAGES.crop).optional(), height: edge.min(1, PHOTO_MESSAGES.crop).optional() })
  .refine((crop) => [crop.x, crop.y, crop.width, crop.height].every((v) => v === undefined) || [crop.x, crop.y, crop.width, crop.height].every((v) => v !== undefined), {
    message: PHOTO_MESSAGES.crop,
    path: ["crop"],
  })
  .transform((crop) => (crop.width === undefined ? undefined : (crop as { x: number; y: number; width: number; height: number })));
