"use client";
import { cookieFrom } from "@/lib/shared/web/cookie-header";
import { XSRF_COOKIE, XSRF_HEADER, XSRF_REFUSED } from "@/lib/shared/web/csrf";
import { NETWORK_FAILURE, SERVER_FAILURE } from "@/lib/shared/words/messages";

// The browser's one way to call the API: JSON in and out, the anti-forgery header on every
// mutating call, and any status of 400 or more thrown as an ApiClientError.

/** The text of a failure the page cannot read (lib/shared/words/messages.ts), beside the client that throws it. */
export { SERVER_FAILURE };

export class ApiClientError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: Record<string, string> = {},
    /** The whole answer (a card's 402 carries `payment`: its 3-D Secure challenge). */
    readonly body: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = "ApiClientError";
  }
}

const readCookie = (name: string): string | undefined => cookieFrom(document.cookie, name);

/** The anti-forgery token to echo in the XSRF-Token header (also for XMLHttpRequest uploads). */
export function xsrfToken(): string | undefined {
  const raw = readCookie(XSRF_COOKIE);
  return raw ? decodeURIComponent(raw) : undefined;
}

type Options = {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  headers?: Record<string, string>;
  /** Lets the request outlive the page (pagehide, navigation), as fetch's `keepalive` does. */
  keepalive?: boolean;
  /** Cancels the call (a newer one replaced it): it then rejects with the signal's AbortError, not an ApiClientError. */
  signal?: AbortSignal;
};

export async function api<T>(path: string, options: Options = {}): Promise<T> {
  try {
    return await send<T>(path, options);
  } catch (error) {
    // The token is bound to the session (lib/edge/xsrf-token.ts): one left from a session that ended
    // meanwhile (it expired, another tab logged out) is refused before anything changes. Any
    // read answers with a fitting token; then the call is made once more.
    if (!(error instanceof ApiClientError && error.status === 403 && error.message === XSRF_REFUSED)) throw error;
    await fetch("/api/auth/", { credentials: "same-origin" }).catch(() => undefined);
    return send<T>(path, options);
  }
}

async function send<T>(path: string, { method = "GET", body, headers = {}, keepalive, signal }: Options): Promise<T> {
  const init: RequestInit = { method, headers: { Accept: "application/json", ...headers }, credentials: "same-origin" };
  if (keepalive) init.keepalive = true;
  if (signal) init.signal = signal;
  const h = init.headers as Record<string, string>;
  if (method !== "GET") {
    // Read at every call: login, signup and logout replace the cookie.
    const token = xsrfToken();
    if (token) h[XSRF_HEADER] = token;
  }
  if (body instanceof FormData) init.body = body;
  else if (body !== undefined) {
    h["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let response: Response;
  try {
    response = await fetch(path, init);
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiClientError(0, NETWORK_FAILURE);
  }
  const data = (await response.json().catch(() => null)) as (T & { message?: string; errors?: Record<string, string> }) | null;
  if (response.status >= 500) throw new ApiClientError(response.status, SERVER_FAILURE);
  if (response.status >= 400) {
    throw new ApiClientError(response.status, data?.message ?? SERVER_FAILURE, data?.errors ?? {}, (data ?? {}) as Record<string, unknown>);
  }
  return data as T;
}

/** A mutating call made before any page set the anti-forgery cookie fetches it first. */
export async function ensureXsrfCookie(): Promise<void> {
  if (!readCookie(XSRF_COOKIE)) await fetch("/api/auth/", { credentials: "same-origin" }).catch(() => undefined);
}
