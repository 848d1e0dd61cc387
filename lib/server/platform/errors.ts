import "server-only";
import { appLog } from "./log";
import { NextResponse } from "next/server";
import { z } from "zod";
import type { Locale } from "@/lib/i18n/locale";
import { translatorFor } from "@/lib/i18n/translate";
import { readSaid, said, writeSaid } from "@/lib/shared/words/said";
import { saidTimeIn } from "@/lib/shared/time/format-date";
import "./zod-said";

// One error type, one code -> status table, one mapper to the contract's JSON shape:
// { "message": "...", "errors": { "<field>": "..." } }. A message is the catalogue's key and its
// values (`said()`, lib/shared/words/said.ts), written in the request's language where the error
// becomes JSON, English from the English catalogue like every other language.

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

type Writer = (key: string, values?: Record<string, string>) => string;
const writers = new Map<Locale, Writer>();
/** The catalogue's writer of said keys in `locale`: `server.errors`, `lines.` keys from its lines, `dish.` keys (a choice rule) from its dish. */
function writerIn(locale: Locale): Writer {
  let write = writers.get(locale);
  if (!write) {
    const errors = translatorFor(locale, "server.errors") as unknown as Writer;
    const lines = translatorFor(locale, "lines") as unknown as Writer;
    const dish = translatorFor(locale, "dish") as unknown as Writer;
    writers.set(
      locale,
      (write = (key, values) =>
        key.startsWith("lines.") ? lines(key.slice("lines.".length), values) : key.startsWith("dish.") ? dish(key.slice("dish.".length), values) : errors(key, values)),
    );
  }
  return write;
}
/** `text` in `locale`: a said message from the catalogue, its times in that language; other text (a provider's, a free note) as it came. */
export function errorTextIn(locale: Locale, text: string): string {
  if (!readSaid(text)) return text;
  return writeSaid(text, writerIn(locale), (time) => saidTimeIn(time, locale));
}
const inEnglish = (text: string) => errorTextIn("en", text);

export class ApiError extends Error {
  /** The message as thrown: the catalogue's key and values (`said()`); `message` is its English. */
  readonly said: string;
  /** Each field's message as thrown; `errors` is their English. */
  readonly saidErrors?: FieldErrors;
  /** Each field's message in English. */
  readonly errors?: FieldErrors;

  constructor(
    readonly code: ErrorCode,
    message: string,
    errors?: FieldErrors,
    readonly headers?: Record<string, string>,
    /** More of the answer beside message and errors (a card's 3-D Secure challenge: `payment`). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(inEnglish(message));
    this.name = "ApiError";
    this.said = message;
    this.saidErrors = errors;
    this.errors = errors && Object.fromEntries(Object.entries(errors).map(([field, text]) => [field, inEnglish(text)]));
  }

  get status(): number {
    return STATUS[this.code];
  }
}

export const badRequest = (message: string, errors?: FieldErrors) => new ApiError("bad_request", message, errors);
/** One field at fault: the message is the field's message too. */
export const fieldError = (field: string, message: string) => new ApiError("bad_request", message, { [field]: message });
export const unauthorized = (message = said("messages.unauthorized")) => new ApiError("unauthorized", message);
export const forbidden = (message = said("messages.forbidden")) => new ApiError("forbidden", message);
/** A 404: its message said (`said("messages.orderNotFound")`), or what was not found, a word (`word("zone")`: "{what} not found"). */
export const notFound = (what: string = said("messages.notFound", { what: "Resource" })) =>
  new ApiError("not_found", readSaid(what)?.key.startsWith("words.") === false ? what : said("messages.notFound", { what }));
export const conflict = (message: string, errors?: FieldErrors) => new ApiError("conflict", message, errors);

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
  const first = Object.values(errors)[0] ?? said("messages.invalidInput");
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
export const BUSY_MESSAGE = said("messages.busy");
export const busy = () => new ApiError("unavailable", BUSY_MESSAGE, undefined, { "Retry-After": "1" });

/**
 * An error as the contract's JSON. `locale`, the request's language (web/request-language.ts): its message and field messages written from the
 * catalogue in that language; English, the default, from the English catalogue (the spec's messages verbatim).
 */
export function errorResponse(error: unknown, locale: Locale = "en"): NextResponse {
  if (error instanceof ApiError) {
    const body: { message: string; errors?: FieldErrors } = { message: errorTextIn(locale, error.said) };
    if (error.saidErrors) body.errors = Object.fromEntries(Object.entries(error.saidErrors).map(([field, text]) => [field, errorTextIn(locale, text)]));
    if (error.extra) Object.assign(body, error.extra);
    return NextResponse.json(body, { status: error.status, headers: error.headers });
  }
  if (error instanceof z.ZodError) return errorResponse(fromZod(error), locale);
  if (isBusy(error)) {
    return errorResponse(busy(), locale);
  }
  appLog.error("unhandled error", { err: error });
  return NextResponse.json({ message: errorTextIn(locale, said("messages.serverFailure")) }, { status: 500 });
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
