import { NextResponse, type NextRequest } from "next/server";

// For the bare dynamic page only (the matcher: the constant handler and the static page run no
// proxy, as in Nosh where API calls skip it): a fresh script nonce per request in a policy like
// Nosh's (proxy.ts at the repo root), which Next.js reads from the request while rendering.
export function proxy(request: NextRequest) {
  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(18))).toString("base64");
  const csp = `default-src 'self'; script-src 'self' 'nonce-${nonce}' 'strict-dynamic'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'`;
  const headers = new Headers(request.headers);
  headers.set("Content-Security-Policy", csp);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set("Content-Security-Policy", csp);
  return response;
}

export const config = { matcher: ["/page/dynamic"] };
