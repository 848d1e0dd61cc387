import { said } from "@/lib/shared/words/said";

// Restaurant banner and dish photo uploads (PUT /api/manage/{id}/photo, PUT /api/menu-items/{id}/photo):
// limits shared by the upload control (early checks) and the server (which checks the bytes).

/** AVIF too: this sharp build decodes it (sharp.format.heif reads .avif; HEIC needs a codec it lacks). */
export const PHOTO_TYPES = ["image/jpeg", "image/png", "image/webp", "image/avif"] as const;
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
/** Decompression bombs: a picture declaring more pixels than this is refused from its header, before decoding. */
export const MAX_PHOTO_PIXELS = 40_000_000;

/**
 * A picture whose format holds the whole image while it decodes (AVIF, a progressive JPEG, an
 * interlaced PNG) has a lower pixel limit than MAX_PHOTO_PIXELS (lib/server/platform/decode-budget.ts).
 */
export const tooManyPixelsFor = (noun: "photo" | "picture", kind: string, maxPixels: number) =>
  said(noun === "photo" ? "rules.photo.costlyPhoto" : "rules.photo.costlyPicture", { kind, megapixels: Math.floor(maxPixels / 100_000) / 10 });
