import { z } from "zod";
import { said } from "@/lib/shared/words/said";

// The crop rectangle sent with an owner's photo upload (lib/server/web/multipart.ts readPhotoUpload); apart
// from lib/contract/common/photo-rules.ts so the upload control's limits come without zod.

const edge = z.coerce
  .number({ error: said("rules.photo.crop") })
  .int(said("rules.photo.crop"))
  .min(0, said("rules.photo.crop"))
  .max(100_000, said("rules.photo.crop"));

/** The crop rectangle in pixels of the upright picture (the form fields x, y, width, height): all four or none. */
export const photoCropSchema = z
  .object({ x: edge.optional(), y: edge.optional(), width: edge.min(1, said("rules.photo.crop")).optional(), height: edge.min(1, said("rules.photo.crop")).optional() })
  .refine((crop) => [crop.x, crop.y, crop.width, crop.height].every((v) => v === undefined) || [crop.x, crop.y, crop.width, crop.height].every((v) => v !== undefined), {
    message: said("rules.photo.crop"),
    path: ["crop"],
  })
  .transform((crop) => (crop.width === undefined ? undefined : (crop as { x: number; y: number; width: number; height: number })));
