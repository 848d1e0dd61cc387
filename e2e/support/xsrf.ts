import type { Cookie } from "@playwright/test";

// The anti-forgery token as the web client handles it: the server sets the readable
// XSRF-TOKEN cookie (bound to the session: signup, login and logout replace it) and every
// mutating call echoes its current value in the XSRF-Token header. The one place the e2e
// suite reads it, whatever holds the cookies: an API request context, a browser context, or
// the Set-Cookie lines of a plain fetch.

export const XSRF_COOKIE = "XSRF-TOKEN";
export const XSRF_HEADER = "XSRF-Token";

/** Anything that holds cookies: an APIRequestContext (storageState) or a BrowserContext (cookies). */
export type CookieJar = { storageState: () => Promise<{ cookies: Cookie[] }> } | { cookies: () => Promise<Cookie[]> };

export async function cookieOf(jar: CookieJar, name: string): Promise<string | undefined> {
  const cookies = "cookies" in jar ? await jar.cookies() : (await jar.storageState()).cookies;
  return cookies.find((c) => c.name === name)?.value;
}

/** The jar's current token (decoded as the web client reads it). */
export async function xsrfToken(jar: CookieJar): Promise<string> {
  const token = await cookieOf(jar, XSRF_COOKIE);
  if (token === undefined) throw new Error(`no ${XSRF_COOKIE} cookie yet: GET /api/auth/ first`);
  return decodeURIComponent(token);
}

/** `{ "XSRF-Token": <current token>, ...headers }` for a mutating call made with the jar's cookies. */
export async function xsrfHeaders(jar: CookieJar, headers?: Record<string, string>): Promise<Record<string, string>> {
  return { [XSRF_HEADER]: await xsrfToken(jar), ...headers };
}

/** The token in a response's Set-Cookie lines (plain fetch callers keep their own jar). */
export function xsrfFromSetCookie(setCookies: readonly string[]): string | undefined {
  for (const line of setCookies) {
    const match = new RegExp(`^${XSRF_COOKIE}=([^;]*)`).exec(line);
    if (match) return match[1];
  }
  return undefined;
}
