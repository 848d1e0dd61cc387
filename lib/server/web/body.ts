import "server-only";
import type { NextRequest } from "next/server";
import { z } from "zod";
import { ApiError, badRequest, fromZod } from "../platform/errors";
import { holdUpload } from "../platform/decode-budget";
import { said } from "@/lib/shared/words/said";

// A request's body: read with a hard cap as it streams, parsed as one JSON object (snake_case
// names camelized) and checked with a zod schema; an upload's hold on the shared upload budget.

export const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);
/** Bodies route() has read, for readJson. */
const bodies = new WeakMap<Request, Uint8Array>();
/** An upload's hold on the shared upload budget (decode-budget.ts holdUpload), released with the answer. */
const uploads = new WeakMap<Request, () => void>();
/** route() keeps the capped body it read before the handler, for readJson. */
export const keepBody = (request: Request, bytes: Uint8Array) => void bodies.set(request, bytes);
/** Releases an upload's hold on the upload budget (route(), with the answer). */
export const releaseUpload = (request: Request) => uploads.get(request)?.();

/** The largest JSON body any route accepts: ours are a few hundred bytes. */
export const MAX_JSON_BYTES = 64 * 1024;
export const JSON_TOO_LARGE = said("messages.jsonTooLarge");
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

/** Holds an upload's declared size (or `max`) on the upload budget before its body is read; released with the answer. */
export function holdUploadBody(request: Request, max: number) {
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
    throw badRequest(said("rules.handlers.bodyJson"));
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw badRequest(said("rules.handlers.bodyObject"));
  }
  // camelizeKeys and zod walk the body recursively: thousands of nested arrays would overflow
  // the stack (a 500 found by the fuzzer). No body of ours nests deeper than three.
  if (depthExceeds(body, MAX_BODY_DEPTH)) throw badRequest(said("rules.handlers.bodyDeep"));
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

/** A JSON body's check against its schema: a body already read (bytes) or already parsed (readJson's object). */
export function parseJsonBytes<S extends z.ZodType>(body: Uint8Array | Record<string, unknown>, schema: S): z.output<S> {
  const result = schema.safeParse(camelizeKeys(body instanceof Uint8Array ? jsonObjectOf(body) : body));
  if (!result.success) throw fromZod(result.error);
  return result.data;
}
