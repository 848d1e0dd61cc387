import { sealData } from "iron-session";
import type { NextRequest, NextResponse } from "next/server";
import { XSRF_COOKIE, XSRF_HEADER } from "@/lib/csrf";
import { config } from "@/lib/server/load-config";
import { needsRefresh, nowSeconds, openSeal, sealTtlSeconds, sessionOptions } from "@/lib/session-cookie";

// The request checks and response headers every answer gets, in one place for its two callers:
// proxy.ts (pages) and `route()` in lib/server/http.ts (every API handler). API calls do not
// go through the proxy: a Next.js proxy (middleware) costs about 0.8 ms a request on these
// machines, half the framework's own cost for a JSON answer (`npm run bench`), and an API
// call needs none of what only the proxy can do (the page's script nonce).
// Plain module, no server-only import: the proxy bundle loads it.
//
//  - Cross-site refusal: a mutating API call (or the contract's GET logout) whose Origin is
//    another site, or that the browser marks Sec-Fetch-Site: cross-site, is a 403.
//  - Double-submit anti-forgery: every mutating API call must echo the readable XSRF-TOKEN
//    cookie in the XSRF-Token header, or it is a 403; answers without the cookie set one.
//  - HSTS in production (NOSH_ENV is read at run time, so next.config.mjs cannot set it).
//  - Session renewal: on reads, a live session cookie whose idle clock is older than the
//    refresh interval is re-issued with a new seenAt (lib/session-cookie.ts).

export const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const LOGOUT_PATH = /^\/api\/auth\/logout\/?$/;

/** Why a request is refused before it reaches its handler (a 403 message), or null. */
export function refusal(request: NextRequest): string | null {
  const mutating = !SAFE_METHODS.has(request.method);
  if ((mutating || LOGOUT_PATH.test(request.nextUrl.pathname)) && isCrossSite(request)) return "Cross-site request refused";
  if (mutating) {
    const cookie = request.cookies.get(XSRF_COOKIE)?.value;
    const header = request.headers.get(XSRF_HEADER);
    if (!cookie || !header || !timingSafeEqual(cookie, header)) return "Missing or invalid anti-forgery token (XSRF-Token header)";
  }
  return null;
}

/**
 * A browser marks a request from another site with Sec-Fetch-Site: cross-site, and sends Origin
 * on every POST, PUT, PATCH and DELETE (fetch, forms, same-origin included). Either naming
 * another site is refused. A request with neither comes from a non-browser client (curl, the
 * QA clients of the contract): it carries no ambient browser cookies an attacker could ride
 * on, so it is let through to the XSRF check, which such clients pass by reading the cookie.
 * "Origin: null" (sandboxed frames, cross-site redirects) is refused.
 */
function isCrossSite(request: NextRequest): boolean {
  if (request.headers.get("sec-fetch-site") === "cross-site") return true;
  const origin = request.headers.get("origin");
  if (origin === null) return false;
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    return true;
  }
  const forwarded = config().trustProxy ? request.headers.get("x-forwarded-host")?.split(",")[0]?.trim() : undefined;
  return host !== (forwarded || request.headers.get("host"));
}

function timingSafeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/** On a read with a live session due for renewal: the cookie with a new seenAt. */
export async function renewSession(request: NextRequest, response: NextResponse): Promise<void> {
  if (!SAFE_METHODS.has(request.method) || LOGOUT_PATH.test(request.nextUrl.pathname)) return;
  const { sessionSecret, secureCookies, session: lifetimes } = config();
  const options = sessionOptions(sessionSecret, secureCookies, lifetimes);
  const seal = request.cookies.get(options.cookieName)?.value;
  if (!seal) return;
  const data = await openSeal(seal, sessionSecret, sealTtlSeconds(lifetimes));
  const now = nowSeconds();
  if (!needsRefresh(data, now, lifetimes)) return;
  // Only the idle clock moves: the absolute lifetime, version and session id stay, so a
  // revoked or outdated session renewed here is still refused by lib/server/session.ts.
  const renewed = await sealData({ ...data, seenAt: now }, { password: sessionSecret, ttl: options.ttl });
  response.cookies.set(options.cookieName, renewed, options.cookieOptions);
}

/** HSTS in production, and the XSRF-TOKEN cookie when the request came without one. */
export function finishResponse(request: NextRequest, response: NextResponse): NextResponse {
  const settings = config();
  if (settings.deployment === "production") {
    // Browsers only honour HSTS over HTTPS; a deployment serves HTTPS (or sits behind a proxy that does).
    response.headers.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
  }
  if (!request.cookies.has(XSRF_COOKIE)) {
    const bytes = crypto.getRandomValues(new Uint8Array(32));
    const token = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
    response.cookies.set(XSRF_COOKIE, token, { httpOnly: false, sameSite: "lax", path: "/", secure: settings.secureCookies });
  }
  return response;
}
