import { sealData } from "iron-session";
import { NextResponse, type NextRequest } from "next/server";
import { XSRF_COOKIE, XSRF_HEADER, XSRF_REFUSED } from "@/lib/shared/web/csrf";
import type { Config } from "@/lib/edge/config-types";
import { config } from "@/lib/edge/load-config";
import { needsRefresh, nowSeconds, rememberSeal, sealTtlSeconds, sessionCookieName, sessionOnce, sessionOptions, type SessionData } from "@/lib/edge/session-cookie";
import { ANONYMOUS_SESSION, mintXsrfToken, xsrfCookieOptions, xsrfTokenFits } from "@/lib/edge/xsrf-token";

// The request checks and response headers every answer gets, in one place for its two callers:
// proxy.ts (pages) and `route()` in lib/server/web/route.ts (every API handler). API calls do not
// go through the proxy: a Next.js proxy (middleware) costs about 0.8 ms a request on these
// machines, half the framework's own cost for a JSON answer (`npm run bench`), and an API
// call needs none of what only the proxy can do (the page's script nonce).
// Plain module, no server-only import: the proxy bundle loads it.
//
//  - Cross-site refusal: a mutating API call (or the contract's GET logout) whose Origin is
//    not this site's own origin (scheme, host and port), or that the browser marks
//    Sec-Fetch-Site: cross-site, is a 403.
//  - Double-submit anti-forgery bound to the session (lib/edge/xsrf-token.ts): every mutating API
//    call must echo the readable XSRF-TOKEN cookie in the XSRF-Token header, and the token must
//    have been issued for the session the request carries, or it is a 403; answers to requests
//    without a fitting token set a fresh one (lib/server/web/session.ts sets one when the session
//    changes).
//  - HSTS in production (NOSH_ENV is read at run time, so next.config.mjs cannot set it).
//  - Session renewal: on reads, a live session cookie whose idle clock is older than the
//    refresh interval is re-issued with a new seenAt (lib/edge/session-cookie.ts).

export const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * What the checks read of a request: a NextRequest has it all, and the host's own routes
 * (lib/server/web/host-route.ts) build just this from Node's request (the same Headers and cookie
 * class), without undici's Request around it.
 */
export type GuardedRequest = {
  method: string;
  headers: Headers;
  cookies: Pick<NextRequest["cookies"], "get" | "has">;
  nextUrl: { pathname: string };
};

/** What finishResponse writes: a NextResponse, or the host route's headers with their cookie class. */
export type GuardedResponse = { headers: Headers; cookies: Pick<NextResponse["cookies"], "set"> };
const LOGOUT_PATH = /^\/api\/auth\/logout\/?$/;

/** Why a request is refused before it reaches its handler (a 403 message), or null. */
export async function refusal(request: GuardedRequest): Promise<string | null> {
  const mutating = !SAFE_METHODS.has(request.method);
  if ((mutating || LOGOUT_PATH.test(request.nextUrl.pathname)) && isCrossSite(request)) return "Cross-site request refused";
  if (mutating) {
    const cookie = request.cookies.get(XSRF_COOKIE)?.value;
    const header = request.headers.get(XSRF_HEADER);
    if (!cookie || !header || !timingSafeEqual(cookie, header) || !(await xsrfFits(request))) {
      return XSRF_REFUSED;
    }
  }
  return null;
}

/**
 * A browser marks a request from another site with Sec-Fetch-Site: cross-site, and sends Origin
 * on every POST, PUT, PATCH and DELETE (fetch, forms, same-origin included). Either naming
 * another origin is refused: the scheme counts, so http://nosh.example (a page a network
 * attacker can forge) cannot post to https://nosh.example, nor another port of the same host.
 * A request with neither comes from a non-browser client (curl, the QA clients of the
 * contract): it carries no ambient browser cookies an attacker could ride on, so it is let
 * through to the XSRF check, which such clients pass by reading the cookie.
 * "Origin: null" (sandboxed frames, cross-site redirects) is refused.
 */
export function isCrossSite(request: GuardedRequest, settings: Config = config()): boolean {
  if (request.headers.get("sec-fetch-site") === "cross-site") return true;
  const origin = request.headers.get("origin");
  if (origin === null) return false;
  let claimed: string;
  try {
    claimed = new URL(origin).origin;
  } catch {
    return true;
  }
  return claimed !== ownOrigin(request, settings);
}

/**
 * This site's origin as browsers see it: PUBLIC_ORIGIN when set (the one accepted origin);
 * else behind a trusted proxy its X-Forwarded-Proto and X-Forwarded-Host; else the Host header
 * with https when cookies are Secure (production, which browsers reach over TLS, usually
 * through a proxy that terminates it) and http otherwise (`next start` serves no TLS).
 */
export function ownOrigin(request: GuardedRequest, settings: Config = config()): string | null {
  if (settings.publicOrigin) return settings.publicOrigin;
  const forwarded = (name: string) => (settings.trustProxy ? request.headers.get(name)?.split(",")[0]?.trim() : undefined) || undefined;
  const host = forwarded("x-forwarded-host") ?? request.headers.get("host");
  const scheme = forwarded("x-forwarded-proto") ?? (settings.secureCookies ? "https" : "http");
  if (!host || !/^https?$/.test(scheme)) return null;
  try {
    return new URL(`${scheme}://${host}`).origin;
  } catch {
    return null;
  }
}

/** The request's session cookie, opened once per request (sessionOnce: the renewal, the anti-forgery check and getCurrentUser share it). */
export function sessionOf(request: GuardedRequest): Promise<Readonly<SessionData>> {
  const { sessionSecret, secureCookies, session: lifetimes } = config();
  return sessionOnce(request, request.cookies.get(sessionCookieName(secureCookies))?.value, sessionSecret, sealTtlSeconds(lifetimes));
}

/** The `sid` of the request's session cookie, ANONYMOUS_SESSION without a readable one. */
const sessionIdOf = async (request: GuardedRequest): Promise<string> => (await sessionOf(request)).sid ?? ANONYMOUS_SESSION;

// Whether each request's token fits, computed once: the refusal of a write and the answer's
// finishResponse both ask (an HMAC each time).
const xsrfFitting = new WeakMap<GuardedRequest, Promise<boolean>>();

/** Whether the request's XSRF-TOKEN cookie was issued for the session it carries. */
function xsrfFits(request: GuardedRequest): Promise<boolean> {
  let fits = xsrfFitting.get(request);
  if (!fits) {
    const token = request.cookies.get(XSRF_COOKIE)?.value;
    fits = token ? sessionIdOf(request).then((sid) => xsrfTokenFits(token, config().sessionSecret, sid)) : Promise.resolve(false);
    xsrfFitting.set(request, fits);
  }
  return fits;
}

function timingSafeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/** The session a read would renew (a live one whose idle clock is due), else null. */
async function dueForRenewal(request: NextRequest): Promise<Readonly<SessionData> | null> {
  const data = await sessionOf(request);
  return needsRefresh(data, nowSeconds(), config().session) ? data : null;
}

/** On a read with a live session due for renewal: the cookie with a new seenAt. */
export async function renewSession(request: NextRequest, response: NextResponse): Promise<void> {
  if (!SAFE_METHODS.has(request.method) || LOGOUT_PATH.test(request.nextUrl.pathname)) return;
  const data = await dueForRenewal(request);
  if (!data) return;
  const { sessionSecret, secureCookies, session: lifetimes } = config();
  const options = sessionOptions(sessionSecret, secureCookies, lifetimes);
  // Only the idle clock moves: the absolute lifetime, version and session id stay, so a
  // revoked or outdated session renewed here is still refused by lib/server/web/session.ts.
  const fresh = { ...data, seenAt: nowSeconds() };
  const renewed = await sealData(fresh, { password: sessionSecret, ttl: options.ttl });
  response.cookies.set(options.cookieName, renewed, options.cookieOptions);
  // The browser's next request carries the new seal: it opens from memory, not by two more derivations.
  rememberSeal(renewed, sessionSecret, fresh);
}

/**
 * For a read answered from memory instead of by route() or the proxy (a shared answer,
 * lib/server/web/kept-answers/index.ts): the Set-Cookie values they would have added, or null when
 * the request needs what only they can do (its session is due for renewal: a new seal).
 * finishResponse itself decides the XSRF-TOKEN, so a replay sets exactly what it would.
 */
export async function cookiesForReplay(request: NextRequest): Promise<string[] | null> {
  if (await dueForRenewal(request)) return null;
  return (await finishResponse(request, new NextResponse(null))).headers.getSetCookie();
}

/**
 * HSTS in production, and a fresh XSRF-TOKEN cookie (bound to the request's session) when the
 * request carried none or one issued for another session. `rotated`: the handler already set
 * one for a session it started or ended (lib/server/web/session.ts), which must not be replaced.
 */
export async function finishResponse<R extends GuardedResponse>(request: GuardedRequest, response: R, rotated = false): Promise<R> {
  const settings = config();
  if (settings.deployment === "production") {
    // Browsers only honour HSTS over HTTPS; a deployment serves HTTPS (or sits behind a proxy that does).
    response.headers.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
  }
  if (!rotated && !(await xsrfFits(request))) {
    const token = mintXsrfToken(settings.sessionSecret, await sessionIdOf(request));
    response.cookies.set(XSRF_COOKIE, token, xsrfCookieOptions(settings.secureCookies));
  }
  return response;
}
