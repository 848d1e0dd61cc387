// Profile picture limits, shared by the upload control (early checks) and the server (which
// also checks the bytes themselves).

export const PICTURE_TYPES = ["image/png", "image/jpeg", "image/webp"] as const;
export const MAX_PICTURE_BYTES = 5 * 1024 * 1024;
export const PICTURE_MESSAGES = {
  missing: "Choose a picture to upload",
  tooLarge: "The picture must be at most 5 MB",
  notImage: "The picture must be a PNG, JPEG or WebP image",
  tooManyPixels: "The picture has too many pixels (at most 40 megapixels)",
} as const;
