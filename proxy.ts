import { sealData } from "iron-session";
import { NextResponse, type NextRequest } from "next/server";
import { XSRF_COOKIE, XSRF_HEADER } from "@/lib/csrf";
import { loadConfig, type Config } from "@/lib/server/load-config";
import { needsRefresh, nowSeconds, openSeal, sealTtlSeconds, sessionOptions } from "@/lib/session-cookie";

// Runs before every page and API call (Node.js runtime). In order:
// 1. Cross-site refusal: a mutating API call (or the contract's GET logout) whose Origin is
//    another site, or that the browser marks Sec-Fetch-Site: cross-site, is a 403.
// 2. Double-submit anti-forgery: every mutating API call must echo the readable XSRF-TOKEN
//    cookie in the XSRF-Token header, or it is a 403; responses without the cookie set one.
// 3. Security headers that depend on the request or the deployment: a Content-Security-Policy
//    with a fresh script nonce (Next.js puts it on its own scripts while rendering), and HSTS
//    in production. Static headers (nosniff, Referrer-Policy, ...) stay in next.config.mjs.
// 4. Session renewal: on reads, a live session cookie whose idle clock is older than the refresh
//    interval is re-issued with a new seenAt (lib/session-cookie.ts).
// Authorization is not done here: each handler and data function checks it.

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const LOGOUT_PATH = "/api/auth/logout";

let cachedConfig: Config | undefined;
const settings = () => (cachedConfig ??= loadConfig(process.env));

export async function proxy(request: NextRequest) {
  const cookie = request.cookies.get(XSRF_COOKIE)?.value;
  const { pathname } = request.nextUrl;
  const path = pathname.replace(/\/+$/, "") || "/";
  const isApi = pathname.startsWith("/api/");
  const mutating = isApi && !SAFE_METHODS.has(request.method);
  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(18))).toString("base64");
  const csp = contentSecurityPolicy(nonce);

  if ((mutating || path === LOGOUT_PATH) && isCrossSite(request)) {
    return finish(NextResponse.json({ message: "Cross-site request refused" }, { status: 403 }), cookie, csp);
  }
  if (mutating) {
    const header = request.headers.get(XSRF_HEADER);
    if (!cookie || !header || !timingSafeEqual(cookie, header)) {
      return finish(
        NextResponse.json({ message: "Missing or invalid anti-forgery token (XSRF-Token header)" }, { status: 403 }),
        cookie,
        csp,
      );
    }
  }
  // The contract's paths end in "/" (POST /api/orders/). Answer both forms directly, without
  // a 308 round trip that clients which do not follow redirects would see as an empty answer;
  // pages keep the usual redirect to the form without the slash.
  if (pathname.length > 1 && pathname.endsWith("/")) {
    const url = new URL(request.url);
    url.pathname = path;
    // A rewrite runs this proxy again for the new path, which sets the cookie then (once).
    return isApi ? NextResponse.rewrite(url) : finish(NextResponse.redirect(url, 308), cookie, csp);
  }
  // Next.js reads the nonce from the request's policy header while rendering.
  const headers = new Headers(request.headers);
  headers.set("Content-Security-Policy", csp);
  const response = NextResponse.next({ request: { headers } });
  if (SAFE_METHODS.has(request.method) && path !== LOGOUT_PATH) await renewSession(request, response);
  return finish(response, cookie, csp);
}

/**
 * Scripts run only with this response's nonce ('strict-dynamic' lets them load Next's chunks);
 * no inline script or attribute handler without it. Styles keep 'unsafe-inline' (React style
 * attributes, next/image); they cannot run code. Development needs eval for React's tooling.
 */
export function contentSecurityPolicy(nonce: string): string {
  const dev = process.env.NODE_ENV === "development";
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
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
  const forwarded = settings().trustProxy ? request.headers.get("x-forwarded-host")?.split(",")[0]?.trim() : undefined;
  return host !== (forwarded || request.headers.get("host"));
}

async function renewSession(request: NextRequest, response: NextResponse) {
  const { sessionSecret, secureCookies, session: lifetimes } = settings();
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

function finish(response: NextResponse, existing: string | undefined, csp: string) {
  response.headers.set("Content-Security-Policy", csp);
  if (settings().deployment === "production") {
    // Browsers only honour HSTS over HTTPS; a deployment serves HTTPS (or sits behind a proxy that does).
    response.headers.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
  }
  if (!existing) {
    const bytes = crypto.getRandomValues(new Uint8Array(32));
    const token = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
    response.cookies.set(XSRF_COOKIE, token, { httpOnly: false, sameSite: "lax", path: "/", secure: settings().secureCookies });
  }
  return response;
}

function timingSafeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

export const config = {
  matcher: ["/((?!_next/static|_next/image|images/|favicon.ico|robots.txt).*)"],
};
