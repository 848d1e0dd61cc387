import type { Cookie } from "@playwright/test";

// The cookie jar of the suite's own HTTP client (support/http-client.ts), with the rules of
// Playwright's API request context so that a client behaves as it did on Playwright's: a cookie
// is keyed by name, domain and path; a host-only cookie's domain is the host; Max-Age wins over
// Expires; Secure cookies are sent to https and to local hosts; the jar's cookies are
// Playwright's `Cookie` objects, so storageState() feeds a browser context or addCookies as is.

const MAX_EXPIRES = 253402300799; // 9999-12-31, Playwright's cap

/** One Set-Cookie line as Playwright reads it (defaults: session cookie, SameSite=Lax). */
function parseSetCookie(line: string): Cookie | null {
  const [pair, ...attributes] = line.split(";");
  const at = pair.indexOf("=");
  const name = at === -1 ? "" : pair.slice(0, at).trim();
  const value = at === -1 ? pair.trim() : pair.slice(at + 1).trim();
  if (!name && !value) return null;
  const cookie: Cookie = { name, value, domain: "", path: "", expires: -1, httpOnly: false, secure: false, sameSite: "Lax" };
  let maxAgeExpires: number | undefined;
  for (const attribute of attributes) {
    if (!attribute.trim()) continue;
    const eq = attribute.indexOf("=");
    const key = (eq === -1 ? attribute : attribute.slice(0, eq)).trim().toLowerCase();
    const raw = eq === -1 ? "" : attribute.slice(eq + 1).trim();
    if (key === "expires") {
      const ms = +new Date(raw);
      if (Number.isFinite(ms)) cookie.expires = ms <= 0 ? 0 : Math.min(ms / 1000, MAX_EXPIRES);
    } else if (key === "max-age") {
      if (/^-?\d+$/.test(raw)) {
        const seconds = parseInt(raw, 10);
        maxAgeExpires = seconds <= 0 ? 0 : Math.min(Date.now() / 1000 + seconds, MAX_EXPIRES);
      }
    } else if (key === "domain") {
      cookie.domain = raw.toLowerCase();
      if (cookie.domain && !cookie.domain.startsWith(".") && cookie.domain.includes(".")) cookie.domain = `.${cookie.domain}`;
    } else if (key === "path") cookie.path = raw;
    else if (key === "secure") cookie.secure = true;
    else if (key === "httponly") cookie.httpOnly = true;
    else if (key === "samesite") {
      const site = raw.toLowerCase();
      if (site === "none" || site === "lax" || site === "strict") cookie.sameSite = site === "none" ? "None" : site === "lax" ? "Lax" : "Strict";
    }
  }
  if (maxAgeExpires !== undefined) cookie.expires = maxAgeExpires;
  return cookie;
}

function domainMatches(hostname: string, domain: string): boolean {
  return hostname === domain || (domain.startsWith(".") && `.${hostname}`.endsWith(domain));
}

function pathMatches(path: string, cookiePath: string): boolean {
  if (path === cookiePath) return true;
  return path.startsWith(cookiePath) && (cookiePath.endsWith("/") || path[cookiePath.length] === "/");
}

const isLocal = (host: string) => host === "localhost" || host.endsWith(".localhost") || host === "[::1]" || /^127\.\d+\.\d+\.\d+$/.test(host);
const expired = (cookie: Cookie) => cookie.expires !== -1 && cookie.expires * 1000 < Date.now();

export class CookieStore {
  // By name, in the order names were first set, as Playwright's store keeps them (the Cookie
  // header lists them in that order).
  private readonly byName = new Map<string, Cookie[]>();

  constructor(initial: readonly Cookie[] = []) {
    for (const cookie of initial) this.put({ ...cookie });
  }

  /** Every live cookie. */
  all(): Cookie[] {
    const live: Cookie[] = [];
    for (const [name, cookies] of this.byName) {
      const kept = cookies.filter((cookie) => !expired(cookie));
      if (kept.length) this.byName.set(name, kept);
      else this.byName.delete(name);
      live.push(...kept.map((cookie) => ({ ...cookie })));
    }
    return live;
  }

  /** Whether `cookie` goes with a request to `url`. */
  sentTo(url: URL, cookie: Cookie): boolean {
    return domainMatches(url.hostname, cookie.domain) && pathMatches(url.pathname, cookie.path) && (!cookie.secure || url.protocol === "https:" || isLocal(url.hostname));
  }

  /** The Cookie header's value for a request to `url` (undefined: none). */
  header(url: URL): string | undefined {
    const sent = this.all().filter((cookie) => this.sentTo(url, cookie));
    return sent.length ? sent.map((c) => (c.name ? `${c.name}=${c.value}` : c.value)).join("; ") : undefined;
  }

  /** Takes in a response's Set-Cookie lines, as a response from `url` sets them. */
  receive(url: URL, lines: readonly string[]): void {
    const defaultPath = "/" + url.pathname.slice(1).split("/").slice(0, -1).join("/");
    for (const line of lines) {
      const cookie = parseSetCookie(line);
      if (!cookie) continue;
      if (!cookie.domain) cookie.domain = url.hostname;
      else if (!cookie.domain.startsWith(".") && cookie.domain.includes(".")) continue;
      if (!domainMatches(url.hostname, cookie.domain)) continue;
      if (!cookie.path.startsWith("/")) cookie.path = defaultPath;
      this.put(cookie);
    }
  }

  /** Adds cookies given as Playwright's addCookies takes them (a url, or a domain and a path). */
  add(cookies: ReadonlyArray<Partial<Cookie> & { name: string; value: string; url?: string }>): void {
    for (const { url, ...given } of cookies) {
      const where = url ? new URL(url) : undefined;
      const domain = where ? where.hostname : given.domain;
      const path = where ? where.pathname.slice(0, where.pathname.lastIndexOf("/") + 1) : given.path;
      if (!domain || !path) throw new Error(`Cookie "${given.name}" should have a url or a domain/path pair`);
      this.put({ expires: -1, httpOnly: false, secure: where ? where.protocol === "https:" : false, sameSite: "Lax", ...given, domain, path });
    }
  }

  /** Removes the cookies matching every given filter (all of them with none). */
  clear(filter: { name?: string | RegExp; domain?: string | RegExp; path?: string | RegExp } = {}): void {
    const matches = (value: string, wanted?: string | RegExp) =>
      wanted === undefined || (typeof wanted === "string" ? value === wanted : ((wanted.lastIndex = 0), wanted.test(value)));
    for (const [name, cookies] of this.byName) {
      const kept = cookies.filter((c) => !(matches(c.name, filter.name) && matches(c.domain, filter.domain) && matches(c.path, filter.path)));
      if (kept.length) this.byName.set(name, kept);
      else this.byName.delete(name);
    }
  }

  /** Replaces the cookie of the same name, domain and path; an expired one only removes it. */
  private put(cookie: Cookie): void {
    const kept = (this.byName.get(cookie.name) ?? []).filter((c) => !(c.domain === cookie.domain && c.path === cookie.path) && !expired(c));
    if (!expired(cookie)) kept.push(cookie);
    this.byName.set(cookie.name, kept);
  }
}
