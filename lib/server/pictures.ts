import "server-only";
import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { MAX_PICTURE_BYTES, PICTURE_MESSAGES } from "@/lib/validation/picture";
import { ApiError, fieldError } from "./errors";
import { Gate } from "./gate";
import { pictureStore } from "./picture-store";

// Profile pictures: recognised by their bytes (never by name or declared type), decoded and
// re-encoded by sharp (which also strips metadata such as GPS), stored in the upload folder
// (lib/server/picture-store.ts: the upload folder, shared by every instance) and served by
// app/uploads/[file]/route.ts.

export const PICTURE_SIZE = 256;
const UPLOAD_NAME = /^[a-z0-9-]+\.webp$/;

export function sniffImage(bytes: Uint8Array): "png" | "jpeg" | "webp" | null {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "png";
  if (starts(0xff, 0xd8, 0xff)) return "jpeg";
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length > 12 && ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "webp";
  return null;
}

// Decoding a 40-megapixel picture takes a core and ~160 MB outside the JS heap: at most two run
// at once, at most eight wait, and past that the upload is a 503 with Retry-After.
const encoders = new Gate(() => ({ running: 2, queued: 8 }));

/** Validates and stores an uploaded picture; returns its public path (/uploads/<name>). */
export async function storePicture(userId: number, file: File | null): Promise<string> {
  if (!file || typeof file === "string" || file.size === 0) throw fieldError("picture", PICTURE_MESSAGES.missing);
  if (file.size > MAX_PICTURE_BYTES) throw new ApiError("payload_too_large", PICTURE_MESSAGES.tooLarge, { picture: PICTURE_MESSAGES.tooLarge });
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (!sniffImage(bytes)) throw fieldError("picture", PICTURE_MESSAGES.notImage);
  let output: Buffer;
  const release = await encoders.acquire();
  try {
    output = await sharp(bytes, { limitInputPixels: 40_000_000 }).rotate().resize(PICTURE_SIZE, PICTURE_SIZE, { fit: "cover" }).webp({ quality: 80 }).toBuffer();
  } catch {
    throw fieldError("picture", PICTURE_MESSAGES.notImage);
  } finally {
    release();
  }
  const name = `${userId}-${randomBytes(8).toString("hex")}.webp`;
  await pictureStore().put(name, output);
  return `/uploads/${name}`;
}

/** Removes a previously stored picture; anything that is not one of ours is left alone. */
export async function removePicture(publicPath: string | null): Promise<void> {
  const name = publicPath?.startsWith("/uploads/") ? publicPath.slice("/uploads/".length) : null;
  if (name && UPLOAD_NAME.test(name)) await pictureStore().remove(name);
}

export async function readPicture(name: string): Promise<Buffer | null> {
  if (!UPLOAD_NAME.test(name)) return null;
  return pictureStore().get(name);
}
