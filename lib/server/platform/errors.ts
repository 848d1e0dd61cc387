import "server-only";
import { appLog } from "./log";
import { NextResponse } from "next/server";
import { z } from "zod";
import { SERVER_FAILURE } from "@/lib/shared/messages";
import type { Locale } from "@/lib/i18n/locale";
import { errorBodyIn } from "./error-language";

// One error type, one code -> status table, one mapper to the contract's JSON shape:
// { "message": "...", "errors": { "<field>": "..." } }.

const STATUS = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  payment_required: 402,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  unprocessable: 422,
  too_many_requests: 429,
  unavailable: 503,
} as const;
export type ErrorCode = keyof typeof STATUS;

export type FieldErrors = Record<string, string>;

export class ApiError extends Error {
  /** The message in another language, written by its thrower (names and times inside it: lib/shared's lines); see inLanguage. */
  inLanguage?: (locale: Locale) => string;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly errors?: FieldErrors,
    readonly headers?: Record<string, string>,
    /** More of the answer beside message and errors (a card's 3-D Secure challenge: `payment`). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = "ApiError";
  }

  get status(): number {
    return STATUS[this.code];
  }
}

export const badRequest = (message: string, errors?: FieldErrors) => new ApiError("bad_request", message, errors);
/** One field at fault: the message is the field's message too. */
export const fieldError = (field: string, message: string) => new ApiError("bad_request", message, { [field]: message });
export const unauthorized = (message = "Unauthorized") => new ApiError("unauthorized", message);
export const forbidden = (message = "Forbidden") => new ApiError("forbidden", message);
export const notFound = (what = "Resource") => new ApiError("not_found", `${what} not found`);
export const conflict = (message: string, errors?: FieldErrors) => new ApiError("conflict", message, errors);

/** `error`, whose message (and each field message that is the same) errorResponse writes with `write` for a non-English request (none: as the catalogue has it). */
export function inLanguage(error: ApiError, write: ApiError["inLanguage"]): ApiError {
  error.inLanguage = write;
  return error;
}

/** zod issues to { field: first message }, using the first path segment as the field name. */
export function zodFieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.length ? issue.path.map(String).join(".") : "body";
    errors[field] ??= issue.message;
  }
  return errors;
}

export function fromZod(error: z.ZodError): ApiError {
  const errors = zodFieldErrors(error);
  const first = Object.values(errors)[0] ?? "Invalid input";
  return new ApiError("bad_request", first, errors);
}

/** Prisma's unique-constraint violation (P2002): the row someone else wrote first. */
export function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === "P2002";
}

/** Prisma's "record to update or delete not found" (P2025): a conditional update that matched no row. */
export function isRecordNotFound(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === "P2025";
}

/** What a caller reads when a bounded step (hashing, pictures, search) has no room: retry in a second. */
export const BUSY_MESSAGE = "The service is busy. Please try again in a moment.";
export const busy = () => new ApiError("unavailable", BUSY_MESSAGE, undefined, { "Retry-After": "1" });

/**
 * An error as the contract's JSON. `locale`, the request's language (web/request-language.ts): its message and field messages in that language where the catalogue has them;
 * English, the default, is the server's own words, unchanged.
 */
export function errorResponse(error: unknown, locale: Locale = "en"): NextResponse {
  if (error instanceof ApiError) {
    const own = locale !== "en" && error.inLanguage ? error.inLanguage(locale) : null;
    const body: { message: string; errors?: FieldErrors } = { message: own ?? error.message };
    if (error.errors)
      body.errors = own ? Object.fromEntries(Object.entries(error.errors).map(([field, text]) => [field, text === error.message ? own : text])) : error.errors;
    if (error.extra) Object.assign(body, error.extra);
    return NextResponse.json(errorBodyIn(locale, body), { status: error.status, headers: error.headers });
  }
  if (error instanceof z.ZodError) return errorResponse(fromZod(error), locale);
  if (isBusy(error)) {
    return errorResponse(busy(), locale);
  }
  appLog.error("unhandled error", { err: error });
  return NextResponse.json(errorBodyIn(locale, { message: SERVER_FAILURE }), { status: 500 });
}

/** Contention, not a bug: the client should retry. SQLite: a busy or locked file. PostgreSQL:
 * serialization failure or deadlock (Prisma's P2034), lock or statement timeouts, no free
 * connection. Both: an interactive transaction that timed out waiting or running. */
function isBusy(error: unknown): boolean {
  if ((error as { code?: unknown } | null)?.code === "P2034") return true;
  const text = error instanceof Error ? `${error.message} ${String((error as { cause?: unknown }).cause ?? "")}` : "";
  return /SQLITE_BUSY|database is locked|Transaction already closed|timeout.*transaction|Unable to start a transaction in the given time|write conflict or a deadlock|could not serialize access|deadlock detected|lock timeout|statement timeout|too many clients|remaining connection slots/i.test(
    text,
  );
}
