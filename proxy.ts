import { NextResponse, type NextRequest } from "next/server";
import { finishResponse, renewSession } from "@/lib/edge/request-guard";
import { stripeInBrowser } from "@/lib/edge/stripe-settings";

// Runs before every page (Node.js runtime); API calls do their own checks in `route()`
// (lib/server/web/route.ts), since a proxy costs ~0.8 ms a request. For a page, in order:
// 1. Pages are served without a trailing slash (a 308 to the form without it).
// 2. A Content-Security-Policy with a fresh script nonce (Next.js puts it on its own scripts
//    while rendering); static headers (nosniff, Referrer-Policy, ...) stay in next.config.mjs.
// 3. What every answer gets (lib/edge/request-guard.ts): session renewal on reads, the XSRF-TOKEN
//    cookie when missing or issued for another session, HSTS in production.
// Authorization is not done here: each page and data function checks it.
// The host (server/) may answer a catalog page from memory without running this (signed-in visitors too)
// (docs/architecture/catalog-and-caching.md "Shared answers"): it puts a fresh nonce in the kept page and its policy.

export async function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(18))).toString("base64");
  const csp = contentSecurityPolicy(nonce);
  if (pathname.length > 1 && pathname.endsWith("/")) {
    const url = new URL(request.url);
    url.pathname = pathname.replace(/\/+$/, "") || "/";
    return withPolicy(await finishResponse(request, NextResponse.redirect(url, 308)), csp);
  }
  // Next.js reads the nonce from the request's policy header while rendering.
  const headers = new Headers(request.headers);
  headers.set("Content-Security-Policy", csp);
  const response = NextResponse.next({ request: { headers } });
  await renewSession(request, response);
  return withPolicy(await finishResponse(request, response), csp);
}

function withPolicy(response: NextResponse, csp: string) {
  response.headers.set("Content-Security-Policy", csp);
  return response;
}

/**
 * Scripts run only with this response's nonce ('strict-dynamic' lets them load Next's chunks);
 * no inline script or attribute handler without it. Styles keep 'unsafe-inline' (React style
 * attributes, next/image); they cannot run code. Development needs eval for React's tooling.
 * With Stripe in the browser (STRIPE_PUBLISHABLE_KEY and Stripe's secrets), the hosts Stripe
 * documents for Stripe.js and its Elements, and only those: its script, its API, its frames.
 */
export function contentSecurityPolicy(nonce: string, stripe = stripeInBrowser(process.env)): string {
  const dev = process.env.NODE_ENV === "development";
  const tiles = tileOrigin(process.env.MAP_TILE_URL);
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}${stripe ? ` ${STRIPE_HOSTS.script}` : ""}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${tiles ? ` ${tiles}` : ""}`,
    "font-src 'self' data:",
    `connect-src 'self'${stripe ? ` ${STRIPE_HOSTS.connect}` : ""}`,
    ...(stripe ? [`frame-src ${STRIPE_HOSTS.frame}`] : []),
    // The service worker (/sw.js) and the manifest (docs/architecture/offline-app.md): with
    // 'strict-dynamic', script-src's 'self' is ignored, and workers fall back to script-src.
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** Stripe.js's hosts as Stripe's security guide lists them for the Content-Security-Policy (script: Stripe.js; connect: its API; frame: the Elements and 3-D Secure). */
const STRIPE_HOSTS = {
  script: "https://js.stripe.com https://*.js.stripe.com",
  connect: "https://api.stripe.com",
  frame: "https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com",
};

/** A deployment's own map tiles (MAP_TILE_URL, validated by lib/edge/setting-readers.ts) are images from their origin. */
function tileOrigin(template: string | undefined): string | null {
  if (!template?.trim()) return null;
  try {
    return new URL(template.trim().replace(/\{[a-z]\}/g, "0")).origin;
  } catch {
    return null;
  }
}

export const config = {
  // The worker's script and halves, the manifest and its icons need no session nor page policy.
  matcher: [
    "/((?!api/|_next/static|_next/image|images/|icons/|favicon.ico|robots.txt|sitemap.xml|sw.js|sw-push.js|offline-worker.js|offline-pages.js|manifest.webmanifest).*)",
  ],
};
