import "server-only";
import type { NextRequest } from "next/server";
import { MAX_PHOTO_BYTES } from "@/lib/contract/common/photo-rules";
import { MAX_PICTURE_BYTES, PICTURE_SAID } from "@/lib/contract/common/picture-rules";
import { photoCropSchema } from "@/lib/contract/common/photo-crop-rules";
import { ApiError, badRequest, fieldError } from "../platform/errors";
import type { PhotoUpload } from "../platform/pictures";
import { holdUploadBody, readCapped, readJson } from "./body";
import { said } from "@/lib/shared/words/said";

// multipart/form-data uploads: the photo and picture uploads and the JSON-or-photo bodies.

/** The photo plus the multipart envelope around it (boundaries, part headers, the crop fields). */
const MAX_PHOTO_UPLOAD_BYTES = MAX_PHOTO_BYTES + 64 * 1024;
const photoTooLarge = () => new ApiError("payload_too_large", said("rules.photo.tooLarge"), { photo: said("rules.photo.tooLarge") });

/**
 * A restaurant banner or dish photo upload: multipart/form-data with the image in `photo` (or
 * `picture`, `image`, `file`, as the profile picture) and the optional crop rectangle in the
 * fields x, y, width, height. Read with a hard cap (413 as soon as more than 10 MB arrives,
 * Content-Length or not); call it only once the caller may act on the record.
 */
export async function readPhotoUpload(request: Request): Promise<PhotoUpload> {
  holdUploadBody(request, MAX_PHOTO_UPLOAD_BYTES);
  const body = await readCapped(request, MAX_PHOTO_UPLOAD_BYTES, photoTooLarge);
  const parts = multipartParts(body, request.headers.get("content-type") ?? "");
  if (!parts) throw badRequest(said("rules.handlers.photoMultipart"), { photo: said("rules.photo.missing") });
  // One photo a call: with two, which one the record shows would be the server's guess.
  const files = parts.filter((part) => part.filename !== undefined && ["photo", "picture", "image", "file"].includes(part.name));
  if (files.length > 1) throw fieldError("photo", said("rules.photo.one"));
  const file = files[0];
  if (!file || file.bytes.byteLength === 0) throw fieldError("photo", said("rules.photo.missing"));
  if (file.bytes.byteLength > MAX_PHOTO_BYTES) throw photoTooLarge();
  const field = (name: string) => {
    const part = parts.find((candidate) => candidate.name === name);
    const text = part && part.filename === undefined ? new TextDecoder().decode(part.bytes) : "";
    return text === "" ? undefined : text;
  };
  const crop = photoCropSchema.safeParse({ x: field("x"), y: field("y"), width: field("width"), height: field("height") });
  if (!crop.success) throw fieldError("crop", said("rules.photo.crop"));
  return { bytes: file.bytes, crop: crop.data };
}

/** One part of a multipart/form-data body; a file's (it has a filename, "" included) bytes are a view of the body. */
type MultipartPart = { name: string; filename?: string; bytes: Uint8Array<ArrayBuffer> };

const CRLF = Buffer.from("\r\n");
const HEADERS_END = Buffer.from("\r\n\r\n");

/**
 * The parts of a multipart/form-data body, parsed in place (RFC 7578), or null when it is not
 * one. The photo's bytes are a view of the body, never copied: undici's formData() holds a 10 MB
 * body twice more and File.arrayBuffer() once more, ~40 MB an upload where this holds 10
 * (e2e/reliability/photo-memory.spec.ts).
 */
export function multipartParts(body: Uint8Array<ArrayBuffer>, contentType: string): MultipartPart[] | null {
  const boundary = /^multipart\/form-data\s*;(?:.*;)?\s*boundary=(?:"([^"]{1,70})"|([^\s;"]{1,70}))/i.exec(contentType.trim());
  if (!boundary) return null;
  const buffer = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  const nextDelimiter = Buffer.concat([CRLF, delimiter]);
  let at = buffer.indexOf(delimiter);
  if (at < 0) return null;
  const parts: MultipartPart[] = [];
  for (;;) {
    at += delimiter.length;
    if (buffer[at] === 0x2d && buffer[at + 1] === 0x2d) return parts;
    if (!buffer.subarray(at, at + 2).equals(CRLF)) return null;
    const headersEnd = buffer.indexOf(HEADERS_END, at);
    if (headersEnd < 0) return null;
    const headers = buffer.toString("utf8", at + 2, headersEnd);
    const end = buffer.indexOf(nextDelimiter, headersEnd + HEADERS_END.length);
    if (end < 0) return null;
    const disposition = /^content-disposition:\s*form-data\s*(;.*)?$/im.exec(headers)?.[1] ?? "";
    const name = /;\s*name="([^"]*)"/i.exec(disposition)?.[1];
    if (name === undefined) return null;
    const filename = /;\s*filename="([^"]*)"/i.exec(disposition)?.[1];
    parts.push({ name, filename, bytes: body.subarray(headersEnd + HEADERS_END.length, end) });
    at = end + CRLF.length;
  }
}

/**
 * A multipart/form-data upload of at most `max` bytes (a route with `{ body: "handler" }`), parsed.
 * Before a byte is read it holds its declared size on the upload budget (a 503 when other
 * uploads hold too much: decode-budget.ts holdUpload) until route() has the answer, so a burst
 * of large bodies cannot all be in memory at once.
 */
export async function readUploadForm(request: Request, max: number, tooLarge: () => ApiError, notMultipart: () => ApiError): Promise<FormData> {
  holdUploadBody(request, max);
  const bytes = await readCapped(request, max, tooLarge);
  return new Response(bytes, { headers: { "content-type": request.headers.get("content-type") ?? "" } }).formData().catch(() => {
    throw notMultipart();
  });
}

/** The words a JSON-or-photo route answers with (its API specs pin them): its own `onePhoto`, the others where they differ from these. */
export type JsonWithPhotoMessages = { notMultipart?: string; dataNotJson?: string; onePhoto: string };

const JSON_WITH_PHOTO = { notMultipart: "Send JSON, or multipart/form-data with `data` and `photo`", dataNotJson: "`data` must be JSON" };

/**
 * A JSON body, or multipart/form-data with that JSON in `data` (optional) and at most one image in
 * `photo` (the profile picture's cap plus the form's overhead: 413 past it, naming `photo`). A
 * route with `{ body: "handler" }`; the photo is returned unchecked (the caller stores it).
 */
export async function readJsonWithPhoto(request: NextRequest, own: JsonWithPhotoMessages): Promise<{ body: unknown; photo: File | null }> {
  const messages = { ...JSON_WITH_PHOTO, ...own };
  if (!(request.headers.get("content-type") ?? "").toLowerCase().startsWith("multipart/form-data")) return { body: await readJson(request), photo: null };
  const form = await readUploadForm(request, MAX_PICTURE_BYTES + 64 * 1024, pictureTooLarge, () => badRequest(messages.notMultipart));
  const data = form.get("data");
  let body: unknown;
  try {
    body = typeof data === "string" ? JSON.parse(data) : {};
  } catch {
    throw badRequest(messages.dataNotJson, { data: messages.dataNotJson });
  }
  const files = form.getAll("photo").filter((value) => value instanceof File);
  if (files.length > 1) throw badRequest(messages.onePhoto, { photo: messages.onePhoto });
  return { body, photo: files[0] && files[0].size > 0 ? files[0] : null };
}

const pictureTooLarge = () => new ApiError("payload_too_large", PICTURE_SAID.tooLarge, { photo: PICTURE_SAID.tooLarge });
