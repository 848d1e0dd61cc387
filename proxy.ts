import { NextResponse, type NextRequest } from "next/server";
import { XSRF_COOKIE, XSRF_HEADER } from "@/lib/csrf";

// Double-submit anti-forgery: every response without the readable XSRF-TOKEN cookie sets one,
// and every mutating API call must echo it in the XSRF-Token header, or it is refused before
// any handler runs. Authorization is not done here: each handler and data function checks it.

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function proxy(request: NextRequest) {
  const cookie = request.cookies.get(XSRF_COOKIE)?.value;
  const { pathname } = request.nextUrl;
  if (pathname.startsWith("/api/") && !SAFE_METHODS.has(request.method)) {
    const header = request.headers.get(XSRF_HEADER);
    if (!cookie || !header || !timingSafeEqual(cookie, header)) {
      return withToken(
        NextResponse.json({ message: "Missing or invalid anti-forgery token (XSRF-Token header)" }, { status: 403 }),
        cookie,
      );
    }
  }
  // The contract's paths end in "/" (POST /api/orders/). Answer both forms directly, without
  // a 308 round trip that clients which do not follow redirects would see as an empty answer;
  // pages keep the usual redirect to the form without the slash.
  if (pathname.length > 1 && pathname.endsWith("/")) {
    const url = new URL(request.url);
    url.pathname = pathname.replace(/\/+$/, "") || "/";
    // A rewrite runs this proxy again for the new path, which sets the cookie then (once).
    return pathname.startsWith("/api/") ? NextResponse.rewrite(url) : withToken(NextResponse.redirect(url, 308), cookie);
  }
  return withToken(NextResponse.next(), cookie);
}

function withToken(response: NextResponse, existing: string | undefined) {
  if (!existing) {
    const bytes = crypto.getRandomValues(new Uint8Array(32));
    const token = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
    response.cookies.set(XSRF_COOKIE, token, {
      httpOnly: false,
      sameSite: "lax",
      path: "/",
      secure: process.env.NOSH_ENV === "production" && process.env.COOKIE_SECURE !== "false",
    });
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
