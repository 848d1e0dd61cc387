import "server-only";
import { createHash, randomBytes } from "node:crypto";
import sharp, { type OutputInfo, type Sharp } from "sharp";
import { costlyKind, decodeCost, maxPixelsFor, withinDecodeBudget } from "./decode-budget";
import { cropFor, PHOTO_VARIANTS, SLOT_VARIANT, type PhotoSlot, type PhotoVariant, type Rect } from "@/lib/shared/menu/photo-slots";
import { MAX_PICTURE_BYTES, PICTURE_SAID } from "@/lib/contract/common/picture-rules";
import { MAX_PHOTO_PIXELS, tooManyPixelsFor } from "@/lib/contract/common/photo-rules";
import { db } from "./db";
import { ApiError, fieldError } from "./errors";
import { pictureStore } from "./picture-store";
import { said } from "@/lib/shared/words/said";

// Profile pictures: recognised by their bytes (never by name or declared type), decoded and
// re-encoded by sharp (which also strips metadata such as GPS), stored in the upload folder
// (lib/server/platform/picture-store.ts: a folder or an S3-compatible bucket, shared by every instance) and served by
// app/uploads/[file]/route.ts. Restaurant banners and dish photos (storePhoto, below) go through
// the same sniffing, decoding gate, store and route.

export const PICTURE_SIZE = 256;
const UPLOAD_NAME = /^[a-z0-9-]+\.webp$/;

export function sniffImage(bytes: Uint8Array): "png" | "jpeg" | "webp" | "avif" | null {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "png";
  if (starts(0xff, 0xd8, 0xff)) return "jpeg";
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length > 12 && ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "webp";
  // ISO-BMFF: a leading "ftyp" box whose major or compatible brands name AVIF (HEIC's brands do not).
  if (bytes.length > 16 && ascii(4, 8) === "ftyp") {
    const boxEnd = Math.min(bytes.length, new DataView(bytes.buffer, bytes.byteOffset).getUint32(0));
    for (let at = 8; at + 4 <= boxEnd; at += at === 8 ? 8 : 4) if (["avif", "avis"].includes(ascii(at, at + 4))) return "avif";
  }
  return null;
}

/** A picture's upright size and what decoding it costs, read from its header only. */
type Header = { width: number; height: number; cost: number };

/**
 * Reads the header (cheap: no pixel is decoded) and refuses, with `refuse(message)`, a picture
 * declaring more than MAX_PHOTO_PIXELS or more than its format can decode within the memory
 * budget (decode-budget.ts: an AVIF or a progressive JPEG holds the whole image); `notImage`
 * when the header cannot be read.
 */
async function inspect(bytes: Uint8Array, noun: "photo" | "picture", refuse: (message: string) => ApiError, notImage: () => ApiError): Promise<Header> {
  // No pixel limit for the header (sharp's default would refuse a bomb as "not an image").
  const meta = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .catch(() => {
      throw notImage();
    });
  const { width, height } = meta.autoOrient ?? meta;
  if (!width || !height) throw notImage();
  const pixels = width * height;
  if (pixels > MAX_PHOTO_PIXELS) throw refuse(noun === "photo" ? said("rules.photo.tooManyPixels") : PICTURE_SAID.tooManyPixels);
  const max = maxPixelsFor(meta);
  if (pixels > max) throw refuse(tooManyPixelsFor(noun, costlyKind(meta), max));
  return { width, height, cost: decodeCost(meta, pixels) };
}

/** Validates and stores an uploaded picture; returns its public path (/uploads/<name>). */
export async function storePicture(userId: number, file: File | null): Promise<string> {
  const output = await encodePicture(file, (image) => image.resize(PICTURE_SIZE, PICTURE_SIZE, { fit: "cover" }));
  const name = `${userId}-${randomBytes(8).toString("hex")}.webp`;
  await pictureStore().put(name, output);
  return `/uploads/${name}`;
}

/** Long edge of a private picture (a courier's drop-off photo): enough to see the door. */
export const PRIVATE_PICTURE_EDGE = 1280;
/** A private picture's name: an underscore, which /uploads never serves (UPLOAD_NAME). */
const PRIVATE_NAME = /^[a-z]+_[0-9]+_[a-f0-9]{16}\.webp$/;

/**
 * Stores a picture that only its own route serves, after an authorization check (a courier's
 * drop-off photo: GET /api/orders/{id}/dropoff-photo): the profile picture's limits and checks,
 * upright, at most PRIVATE_PICTURE_EDGE on its long edge, metadata (GPS) stripped. Returns its
 * store name (`<kind>_<id>_<hex>.webp`), never a public path.
 */
export async function storePrivatePicture(kind: string, id: number, file: File | null): Promise<string> {
  const output = await encodePicture(file, (image) => image.resize(PRIVATE_PICTURE_EDGE, PRIVATE_PICTURE_EDGE, { fit: "inside", withoutEnlargement: true }));
  const name = `${kind}_${id}_${randomBytes(8).toString("hex")}.webp`;
  await pictureStore().put(name, output);
  return name;
}

/**
 * A private picture's copy under a name of its own (`<kind>_<id>_<hex>.webp`), at most `edge` on
 * its long edge (the building's photo: the courier's slot, not the whole drop-off photo); null
 * when the source is gone. The source was checked and re-encoded when it was stored.
 */
export async function copyPrivatePicture(source: string, kind: string, id: number, edge: number): Promise<string | null> {
  const bytes = await readPrivatePicture(source);
  if (!bytes) return null;
  const output = await sharp(bytes).resize(edge, edge, { fit: "inside", withoutEnlargement: true }).webp({ quality: 75 }).toBuffer();
  const name = `${kind}_${id}_${randomBytes(8).toString("hex")}.webp`;
  await pictureStore().put(name, output);
  return name;
}

export async function readPrivatePicture(name: string): Promise<Buffer | null> {
  return PRIVATE_NAME.test(name) ? pictureStore().get(name) : null;
}

export async function removePrivatePicture(name: string | null): Promise<void> {
  if (name && PRIVATE_NAME.test(name)) await pictureStore().remove(name);
}

/** Checks an upload (at most MAX_PICTURE_BYTES, PNG, JPEG or WebP by its bytes, within the decode budget) and re-encodes it as WebP without metadata. */
async function encodePicture(file: File | null, size: (image: Sharp) => Sharp): Promise<Buffer> {
  if (!file || typeof file === "string" || file.size === 0) throw fieldError("picture", PICTURE_SAID.missing);
  if (file.size > MAX_PICTURE_BYTES) throw new ApiError("payload_too_large", PICTURE_SAID.tooLarge, { picture: PICTURE_SAID.tooLarge });
  const bytes = new Uint8Array(await file.arrayBuffer());
  const notImage = () => fieldError("picture", PICTURE_SAID.notImage);
  if (sniffImage(bytes) === null || sniffImage(bytes) === "avif") throw notImage();
  const { cost } = await inspect(bytes, "picture", (message) => fieldError("picture", message), notImage);
  return withinDecodeBudget(cost, () =>
    size(sharp(bytes, { limitInputPixels: MAX_PHOTO_PIXELS }).rotate())
      .webp({ quality: 80 })
      .toBuffer(),
  ).catch((error: unknown) => {
    throw error instanceof ApiError ? error : notImage();
  });
}

/** Runs a picture upload with its errors named `photo` rather than `picture` (problem reports, drop-off photos). */
export async function asPhotoErrors<T>(store: () => Promise<T>): Promise<T> {
  try {
    return await store();
  } catch (error) {
    if (error instanceof ApiError && error.saidErrors?.picture) throw new ApiError(error.code, error.said, { photo: error.saidErrors.picture }, error.headers);
    throw error;
  }
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

/** An uploaded photo as the routes read it (lib/server/web/multipart.ts readPhotoUpload). */
export type PhotoUpload = { bytes: Uint8Array; crop?: Rect };

/** Long edge of the decoded working copy the variants are cut from: the widest variant fits in it whatever the crop. */
const WORKING_EDGE = 2560;
const photoError = (message: string) => fieldError("photo", message);

/**
 * Stores an owner's photo for a banner or a dish: recognised by its bytes, refused from its
 * header when it declares more pixels than it may (inspect: a decompression bomb never decodes),
 * decoded once within the memory budget (decode-budget.ts), cut to `crop` (pixels of the upright picture; none: centred)
 * at the slot's aspect, and stored as the three variants pages request (lib/shared/menu/photo-slots.ts),
 * metadata stripped. The name is a hash of the stored bytes, so the files can be cached forever.
 * Returns the public path of the card (/uploads/<hash>.webp).
 */
export async function storePhoto(bytes: Uint8Array, slot: PhotoSlot, crop?: Rect): Promise<string> {
  if (bytes.length === 0) throw photoError(said("rules.photo.missing"));
  if (!sniffImage(bytes)) throw new ApiError("unsupported_media_type", said("rules.photo.type"), { photo: said("rules.photo.type") });
  const size = await inspect(bytes, "photo", photoError, () => photoError(said("rules.photo.type")));
  if (crop && (crop.x + crop.width > size.width || crop.y + crop.height > size.height)) throw fieldError("crop", said("rules.photo.crop"));

  const files = await withinDecodeBudget(size.cost, async () => {
    let working: { data: Buffer; info: OutputInfo };
    try {
      working = await sharp(bytes, { limitInputPixels: MAX_PHOTO_PIXELS, autoOrient: true })
        .resize(WORKING_EDGE, WORKING_EDGE, { fit: "inside", withoutEnlargement: true })
        .raw()
        .toBuffer({ resolveWithObject: true });
    } catch {
      throw photoError(said("rules.photo.type"));
    }
    const { width, height, channels } = working.info;
    const scale = width / size.width;
    const scaled = crop && { x: crop.x * scale, y: crop.y * scale, width: Math.max(1, crop.width * scale), height: Math.max(1, crop.height * scale) };
    // The slot's own variant is the crop; the others are cut around its centre.
    const primary = cropFor({ width, height }, aspectOf(SLOT_VARIANT[slot]), scaled);
    const encode = async (variant: PhotoVariant) => {
      const target = PHOTO_VARIANTS[variant];
      const area = variant === SLOT_VARIANT[slot] ? primary : cropFor({ width, height }, aspectOf(variant), primary);
      const output = await sharp(working.data, { raw: { width, height, channels } })
        .extract({ left: area.x, top: area.y, width: area.width, height: area.height })
        .resize(target.width, target.height, { fit: "cover", withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer();
      return [variant, output] as const;
    };
    return Promise.all((["card", "sm", "lg"] as const).map(encode));
  });

  const hash = createHash("sha256");
  for (const [, output] of files) hash.update(output);
  const base = hash.digest("hex").slice(0, 32);
  const written: string[] = [];
  try {
    // The card last: the path the row points at exists only once its siblings do.
    for (const [variant, output] of [...files].reverse()) {
      const name = variantName(base, variant);
      await pictureStore().put(name, output);
      written.push(name);
    }
  } catch (error) {
    await Promise.all(written.map((name) => pictureStore().remove(name)));
    throw error;
  }
  return `/uploads/${base}.webp`;
}

const aspectOf = (variant: PhotoVariant) => PHOTO_VARIANTS[variant].width / PHOTO_VARIANTS[variant].height;
const variantName = (base: string, variant: PhotoVariant) => (variant === "card" ? `${base}.webp` : `${base}-${variant}.webp`);
const PHOTO_PATH = /^\/uploads\/([a-f0-9]{32})\.webp$/;

/**
 * Removes an uploaded photo's files unless a restaurant or dish still shows it (the same bytes
 * give the same name, so two rows can share one). Demo photos and external URLs are left alone.
 */
export async function removePhotoIfUnused(publicPath: string | null): Promise<void> {
  const base = publicPath?.match(PHOTO_PATH)?.[1];
  if (!base || !publicPath) return;
  const [restaurants, dishes] = await Promise.all([db.restaurant.count({ where: { storeImage: publicPath } }), db.menuItem.count({ where: { foodImage: publicPath } })]);
  if (restaurants + dishes > 0) return;
  await Promise.all((["card", "sm", "lg"] as const).map((variant) => pictureStore().remove(variantName(base, variant))));
}

/**
 * Stores a photo and points a row at it in one step: `swap` writes the new path and returns the
 * one it replaced. If the swap fails, the new files go (nothing half-saved); once it has
 * succeeded, the old files go (never before: the row never points at a missing file).
 */
export async function replacePhoto<T>(
  bytes: Uint8Array,
  slot: PhotoSlot,
  crop: Rect | undefined,
  swap: (path: string) => Promise<{ row: T; previous: string }>,
): Promise<T> {
  const path = await storePhoto(bytes, slot, crop);
  let outcome: { row: T; previous: string };
  try {
    outcome = await swap(path);
  } catch (error) {
    await removePhotoIfUnused(path);
    throw error;
  }
  if (outcome.previous !== path) await removePhotoIfUnused(outcome.previous);
  return outcome.row;
}
