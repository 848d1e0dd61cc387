import { said } from "@/lib/shared/words/said";
// Profile picture limits, shared by the upload control (early checks) and the server (which
// also checks the bytes themselves).

export const PICTURE_TYPES = ["image/png", "image/jpeg", "image/webp"] as const;
export const MAX_PICTURE_BYTES = 5 * 1024 * 1024;
export const PICTURE_SAID = {
  missing: said("rules.picture.missing"),
  tooLarge: said("rules.picture.tooLarge"),
  notImage: said("rules.picture.type"),
  tooManyPixels: said("rules.picture.tooManyPixels"),
} as const;
