import "server-only";
import { cookies } from "next/headers";
import type { NextRequest } from "next/server";
import { NextResponse } from "next/server";
import { XSRF_COOKIE } from "@/lib/shared/csrf";
import { CLIENT_ADDRESS_HEADER } from "@/lib/shared/host-contract.mjs";
import { z } from "zod";
import { finishResponse, refusal, renewSession } from "@/lib/edge/request-guard";
import { idMessage, idText } from "@/lib/validation/id";
import { MAX_PHOTO_BYTES, PHOTO_MESSAGES } from "@/lib/validation/photo";
import { MAX_PICTURE_BYTES, PICTURE_MESSAGES } from "@/lib/validation/picture";
import { photoCropSchema } from "@/lib/validation/photo-crop";
import { ApiError, badRequest, errorResponse, fieldError, fromZod } from "../platform/errors";
import { holdUpload } from "../platform/decode-budget";
import type { PhotoUpload } from "../platform/pictures";
import { markingAnswer, type AnswerMarks } from "./personal-answer";
import { currentSessionCookieName } from "./session";

type Params = Record<string, string | string[] | undefined>;
type Context<P> = { params: Promise<P> };

/**
 * Wraps a route handler. Before it runs: the cross-site and anti-forgery checks of every
 * mutating call (a 403, and the handler never runs). After: every thrown ApiError or ZodError
 * becomes the contract's JSON error, anything else a bare 500 (logged, never shown); the answer
 * gets the API's policy, HSTS in production, the XSRF-TOKEN cookie when missing or stale and, on reads,
 * the renewed session cookie (lib/edge/request-guard.ts; pages get the same from proxy.ts).
 *
 * The body of a mutating call is read (at most MAX_JSON_BYTES, else a 413) before the handler
 * runs, so that routes which take no body refuse a huge one instead of acting on the call;
 * readJson then parses those bytes. `{ body: "handler" }` leaves the stream to the handler
 * (the picture upload, which checks who is asking before it reads, with its own cap).
 */
export function route<P extends Params = Params>(
  handler: (request: NextRequest, params: P) => Promise<Response>,
  options: { body?: "json" | "handler"; signedLink?: boolean } = {},
) {
  const readsBody = options.body !== "handler";
  return async (request: NextRequest, context: Context<P>): Promise<Response> => {
    // `signedLink`: the call's authority is a signed token in its URL, not a session (the mail's
    // one-click unsubscribe, which mail providers POST without cookies): no forgery check applies.
    const refused = options.signedLink ? null : await refusal(request);
    let response: Response;
    // Whether the answer depends on who asks: the handler read or changed the session
    // (personal-answer.ts), or the request carried one.
    const marks: AnswerMarks = { personal: request.cookies.has(currentSessionCookieName()) };
    if (refused) response = NextResponse.json({ message: refused }, { status: 403 });
    else {
      try {
        if (readsBody && MUTATING.has(request.method)) bodies.set(request, await readCapped(request, MAX_JSON_BYTES, jsonTooLarge));
        response = await markingAnswer(marks, async () => handler(request, await context.params));
      } catch (error) {
        response = errorResponse(error);
      } finally {
        uploads.get(request)?.();
      }
    }
    const answer = response instanceof NextResponse ? response : new NextResponse(response.body, response);
    // JSON only: nothing may run, frame or be embedded from an API answer (a signed link's small
    // HTML page may post its own form and carry inline styles, nothing else).
    answer.headers.set("Content-Security-Policy", options.signedLink ? SIGNED_LINK_POLICY : API_POLICY);
    // A person's answer (their orders, profile, wallet, notifications, a 401...) is never stored by
    // a browser, a proxy or a shared cache, like the pages (Next.js sends them so): `private,
    // no-store` unless the handler chose its own (the CSV downloads' is the same; an event stream's
    // is `no-cache`). Public reads (the catalog, the offline app's menus) stay cacheable.
    if (marks.personal && !answer.headers.has("Cache-Control")) answer.headers.set("Cache-Control", PERSONAL);
    // A write's answer (an order, a profile, a review: 0.1-3 KB) is read once and never cached:
    // gzip cost more CPU than it saved (8% of a wallet checkout, docs/log/performance.md), and
    // `no-transform` is what makes Next.js's compression leave it as it is. Reads stay compressed.
    if (MUTATING.has(request.method)) answer.headers.set("Cache-Control", withNoTransform(answer.headers.get("Cache-Control")));
    if (!refused) await renewSession(request, answer);
    // A handler that started or ended a session set the token for it (lib/server/web/session.ts).
    const rotated = !refused && (await cookies()).get(XSRF_COOKIE)?.value !== request.cookies.get(XSRF_COOKIE)?.value;
    return finishResponse(request, answer, rotated);
  };
}

const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);
/** The Cache-Control of every answer that depends on the session. */
export const PERSONAL = "private, no-store";
export const withNoTransform = (cacheControl: string | null) => (cacheControl ? `${cacheControl}, no-transform` : "no-store, no-transform");
/** Bodies route() has read, for readJson. */
const bodies = new WeakMap<Request, Uint8Array>();
/** An upload's hold on the shared upload budget (decode-budget.ts holdUpload), released with the answer. */
const uploads = new WeakMap<Request, () => void>();

export const API_POLICY = "default-src 'none'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
const SIGNED_LINK_POLICY = "default-src 'none'; style-src 'unsafe-inline'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

export const json = (body: unknown, status = 200) => NextResponse.json(body, { status });

/** The largest JSON body any route accepts: ours are a few hundred bytes. */
export const MAX_JSON_BYTES = 64 * 1024;
export const JSON_TOO_LARGE = "Request body is too large (at most 64 KB)";
export const jsonTooLarge = () => new ApiError("payload_too_large", JSON_TOO_LARGE);

/**
 * The request body, at most `max` bytes, read as it streams in: refused at once when
 * Content-Length says more, and the stream is cancelled as soon as more arrives (chunked
 * bodies carry no length). Past the cap it throws `tooLarge` (a 413) before anything larger
 * than `max` plus one chunk is held in memory.
 */
export async function readCapped(request: Request, max: number, tooLarge: () => ApiError): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > max) {
    await request.body?.cancel().catch(() => {});
    throw tooLarge();
  }
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  // With a Content-Length the body goes straight into one buffer of that size: a 10 MB upload is
  // held once, not as its chunks and then again joined.
  const whole = Number.isFinite(declared) && declared > 0 ? new Uint8Array(declared) : null;
  let filled = 0;
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    if (whole && chunks.length === 0 && filled + value.byteLength <= whole.byteLength) {
      whole.set(value, filled);
      filled += value.byteLength;
    } else chunks.push(value);
  }
  // A body that did not match its Content-Length (HTTP's parser never lets one through) is joined as it came.
  if (whole && chunks.length === 0 && filled === whole.byteLength) return whole;
  if (whole) chunks.unshift(whole.subarray(0, filled));
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** The photo plus the multipart envelope around it (boundaries, part headers, the crop fields). */
const MAX_PHOTO_UPLOAD_BYTES = MAX_PHOTO_BYTES + 64 * 1024;
const photoTooLarge = () => new ApiError("payload_too_large", PHOTO_MESSAGES.tooLarge, { photo: PHOTO_MESSAGES.tooLarge });

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
  if (!parts) throw badRequest("Send the photo as multipart/form-data", { photo: PHOTO_MESSAGES.missing });
  // One photo a call: with two, which one the record shows would be the server's guess.
  const files = parts.filter((part) => part.filename !== undefined && ["photo", "picture", "image", "file"].includes(part.name));
  if (files.length > 1) throw fieldError("photo", PHOTO_MESSAGES.onePhoto);
  const file = files[0];
  if (!file || file.bytes.byteLength === 0) throw fieldError("photo", PHOTO_MESSAGES.missing);
  if (file.bytes.byteLength > MAX_PHOTO_BYTES) throw photoTooLarge();
  const field = (name: string) => {
    const part = parts.find((candidate) => candidate.name === name);
    const text = part && part.filename === undefined ? new TextDecoder().decode(part.bytes) : "";
    return text === "" ? undefined : text;
  };
  const crop = photoCropSchema.safeParse({ x: field("x"), y: field("y"), width: field("width"), height: field("height") });
  if (!crop.success) throw fieldError("crop", PHOTO_MESSAGES.crop);
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

/** The words a JSON-or-photo route answers with (its API specs pin them). */
export type JsonWithPhotoMessages = { notMultipart: string; dataNotJson: string; onePhoto: string };

/**
 * A JSON body, or multipart/form-data with that JSON in `data` (optional) and at most one image in
 * `photo` (the profile picture's cap plus the form's overhead: 413 past it, naming `photo`). A
 * route with `{ body: "handler" }`; the photo is returned unchecked (the caller stores it).
 */
export async function readJsonWithPhoto(request: NextRequest, messages: JsonWithPhotoMessages): Promise<{ body: unknown; photo: File | null }> {
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

const pictureTooLarge = () => new ApiError("payload_too_large", PICTURE_MESSAGES.tooLarge, { photo: PICTURE_MESSAGES.tooLarge });

/** Holds an upload's declared size (or `max`) on the upload budget before its body is read; released with the answer. */
function holdUploadBody(request: Request, max: number) {
  const declared = Number(request.headers.get("content-length"));
  if (!uploads.has(request) && !(declared > max)) uploads.set(request, holdUpload(declared > 0 ? declared : max));
}

/** Reads a JSON object body of at most MAX_JSON_BYTES (413 past it); an unreadable or non-object body is a 400. */
export async function readJson(request: NextRequest): Promise<Record<string, unknown>> {
  return jsonObjectOf(bodies.get(request) ?? (await readCapped(request, MAX_JSON_BYTES, jsonTooLarge)));
}

/** A body's bytes as readJson takes them: a JSON object, else a 400. */
function jsonObjectOf(bytes: Uint8Array): Record<string, unknown> {
  let body: unknown;
  try {
    const text = new TextDecoder().decode(bytes);
    body = text ? JSON.parse(text) : {};
  } catch {
    throw badRequest("Request body must be valid JSON");
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw badRequest("Request body must be a JSON object");
  }
  // camelizeKeys and zod walk the body recursively: thousands of nested arrays would overflow
  // the stack (a 500 found by the fuzzer). No body of ours nests deeper than three.
  if (depthExceeds(body, MAX_BODY_DEPTH)) throw badRequest("Request body is nested too deeply");
  return body as Record<string, unknown>;
}

const MAX_BODY_DEPTH = 16;

/** Whether a parsed JSON value nests deeper than `max`, without recursion. */
function depthExceeds(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length) {
    const [current, depth] = stack.pop()!;
    if (typeof current !== "object" || current === null) continue;
    if (depth > max) return true;
    for (const child of Object.values(current)) stack.push([child, depth + 1]);
  }
  return false;
}

/**
 * The contract accepts snake_case and camelCase names for every body field; bodies are
 * normalised to camelCase (the camelCase key wins when both are sent).
 */
export function camelizeKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(camelizeKeys);
  if (typeof value !== "object" || value === null) return value;
  const out: Record<string, unknown> = {};
  const entries = Object.entries(value as Record<string, unknown>);
  for (const [key, v] of entries) {
    const camel = key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
    if (camel !== key && Object.prototype.hasOwnProperty.call(value, camel)) continue;
    out[camel] = camelizeKeys(v);
  }
  return out;
}

export async function parseBody<S extends z.ZodType>(request: NextRequest, schema: S): Promise<z.output<S>> {
  return parseJsonBytes(await readJson(request), schema);
}

/** parseBody's check of a body already read (bytes) or already parsed (readJson's object). */
export function parseJsonBytes<S extends z.ZodType>(body: Uint8Array | Record<string, unknown>, schema: S): z.output<S> {
  const result = schema.safeParse(camelizeKeys(body instanceof Uint8Array ? jsonObjectOf(body) : body));
  if (!result.success) throw fromZod(result.error);
  return result.data;
}

export function parseQuery<S extends z.ZodType>(request: NextRequest, schema: S): z.output<S> {
  const query: Record<string, string> = {};
  request.nextUrl.searchParams.forEach((value, key) => {
    query[key] = value;
  });
  const result = schema.safeParse(query);
  if (!result.success) throw fromZod(result.error);
  return result.data;
}

/** A route parameter that must be a positive integer id (lib/validation/id.ts); junk is a 400 naming the field. Pages: pageId in ./page.ts. */
export function parseId(value: string | string[] | undefined, field = "id"): number {
  const result = idText(field).safeParse(value);
  if (!result.success) throw fieldError(field, idMessage(field));
  return result.data;
}

/** Every request's socket address, set by the host (server/client-address.mjs) over anything the client sent. */
export { CLIENT_ADDRESS_HEADER };
/** The one bucket of every client whose address is unknown (no trusted proxy, no custom server). */
export const UNKNOWN_ADDRESS = "unknown";

/**
 * The client's address for throttling. Behind a trusted proxy: the first X-Forwarded-For hop.
 * Otherwise the socket address the server put in x-nosh-client-address, else one shared
 * bucket: X-Forwarded-For and X-Real-IP are the client's own words there, and rotating them
 * must not buy a fresh throttle.
 */
export function clientAddress(request: Pick<NextRequest, "headers">, trustProxy: boolean): string {
  const forwarded = trustProxy ? request.headers.get("x-forwarded-for")?.split(",")[0]?.trim() : undefined;
  if (forwarded) return forwarded;
  return request.headers.get(CLIENT_ADDRESS_HEADER)?.trim() || UNKNOWN_ADDRESS;
}
