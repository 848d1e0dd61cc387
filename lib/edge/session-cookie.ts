// The session cookie's shape and rules, shared by lib/edge/request-guard.ts (which renews the idle
// clock for proxy.ts and route()) and lib/server/web/session.ts (which reads and writes sessions).
// Plain module: no server-only import, because the proxy bundle cannot load it.
import { createHash } from "node:crypto";
import { unsealData, type SessionOptions } from "iron-session";

export type SessionLifetimes = {
  /** A session ends this long after sign-in, however active (default 30 days). */
  absoluteSeconds: number;
  /** ... or this long after its last renewal (default 7 days). */
  idleSeconds: number;
  /** The idle clock is renewed at most once per this interval (default 15 minutes). */
  refreshSeconds: number;
};

/** What the encrypted cookie carries. Times are Unix seconds. */
export type SessionData = {
  userId?: number;
  /** The user's sessionVersion when the session started: a bump ends every older session. */
  version?: number;
  /** Random id of this one session: logout puts it on the RevokedSession list. */
  sid?: string;
  /** Sign-in time, for the absolute lifetime. Never renewed. */
  createdAt?: number;
  /** Last renewal, for the idle lifetime. */
  seenAt?: number;
};

/**
 * `__Host-` binds the cookie to this exact origin (Secure, Path=/, no Domain, so a sibling
 * subdomain cannot overwrite it). Browsers refuse a `__Host-` cookie without Secure, and
 * http://127.0.0.1 or a plain-http test server cannot carry Secure cookies reliably, so the
 * prefix comes with Secure: production (NOSH_ENV=production, or COOKIE_SECURE=true).
 */
export function sessionCookieName(secure: boolean): string {
  return secure ? "__Host-nosh_session" : "nosh_session";
}

/** The seal itself stops opening after the absolute lifetime (plus iron's clock skew). */
export function sealTtlSeconds(lifetimes: SessionLifetimes): number {
  return lifetimes.absoluteSeconds + 60;
}

export function sessionOptions(secret: string, secure: boolean, lifetimes: SessionLifetimes): SessionOptions {
  return {
    cookieName: sessionCookieName(secure),
    password: secret,
    ttl: sealTtlSeconds(lifetimes),
    // The browser drops the cookie once it has been idle this long; the server checks both
    // times itself too (a copied cookie keeps no Max-Age).
    cookieOptions: { httpOnly: true, sameSite: "lax", secure, path: "/", maxAge: lifetimes.idleSeconds },
  };
}

/** Whether the cookie's session is within its absolute and idle lifetimes at `now` (seconds). */
export function isLive(data: SessionData, now: number, lifetimes: SessionLifetimes): boolean {
  if (!data.userId || !data.sid || typeof data.createdAt !== "number" || typeof data.seenAt !== "number") return false;
  if (now >= data.createdAt + lifetimes.absoluteSeconds) return false;
  if (now >= data.seenAt + lifetimes.idleSeconds) return false;
  return true;
}

/** A live session whose idle clock was last renewed more than one refresh interval ago. */
export function needsRefresh(data: SessionData, now: number, lifetimes: SessionLifetimes): boolean {
  return isLive(data, now, lifetimes) && now - data.seenAt! >= lifetimes.refreshSeconds;
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);

// Opening a seal costs two PBKDF2 key derivations through WebCrypto; with the request guard (renewal)
// and getCurrentUser both opening the same cookie, that was 10-17% of the server's CPU on
// signed-in reads. An opened seal is a pure function of (seal, password): the same string
// always opens to the same data, so it is remembered per process (on globalThis, so the
// proxy's bundle and the app's share one map), docs/architecture/security.md "Opened seals":
//  - keyed by a SHA-256 of the seal, never the cookie itself (a heap dump holds no usable cookie);
//  - least recently used first out, at most SEAL_CACHE_SIZE seals;
//  - each kept at most SEAL_CACHE_TTL_MS, and never past the seal's own expiry as iron reads it
//    (expiration + 60 s clock skew): after either the seal is opened in full again;
//  - only seals that opened (a forged or tampered one is checked in full every time).
// Everything that can change while a seal stays the same (logout's revocation, the session
// version, the lifetimes) is checked by the callers on every request against the database, as
// before, so a remembered seal never outlives a revocation.
const SEAL_CACHE_SIZE = 5000;
export const SEAL_CACHE_TTL_MS = 10 * 60_000;
const IRON_SKEW_MS = 60_000;
type OpenedSeal = { password: string; data: SessionData; keptUntilMs: number };
const opened = ((globalThis as { __noshOpenedSeals?: Map<string, OpenedSeal> }).__noshOpenedSeals ??= new Map());

/** iron's expiration field (ms since epoch), the 6th `*`-separated part of the seal; 0 = none. */
function sealExpiry(seal: string): number {
  const field = seal.split("~")[0]!.split("*")[5];
  return field && /^\d+$/.test(field) ? Number(field) : 0;
}

const keyOf = (seal: string) => createHash("sha256").update(seal).digest("base64url");

/** Remembers that `seal` opens to `data` under `password` (opened, or just sealed by this process). */
export function rememberSeal(seal: string, password: string, data: SessionData): void {
  const key = keyOf(seal);
  const expiry = sealExpiry(seal);
  const until = Date.now() + SEAL_CACHE_TTL_MS;
  opened.delete(key);
  if (opened.size >= SEAL_CACHE_SIZE) opened.delete(opened.keys().next().value!);
  opened.set(key, { password, data: { ...data }, keptUntilMs: expiry ? Math.min(until, expiry + IRON_SKEW_MS) : until });
}

/** `unsealData` (an unreadable or expired seal opens to `{}`), remembering seals that opened. */
export async function openSeal(seal: string, password: string, ttlSeconds: number): Promise<SessionData> {
  const key = keyOf(seal);
  const hit = opened.get(key);
  if (hit) {
    opened.delete(key);
    if (hit.password === password && hit.keptUntilMs > Date.now()) {
      opened.set(key, hit); // most recently used: last out
      return { ...hit.data };
    }
  }
  const data = await unsealData<SessionData>(seal, { password, ttl: ttlSeconds });
  if (Object.keys(data).length) rememberSeal(seal, password, data);
  return data;
}

// Each request opens its session once, whoever asks (the anti-forgery check, the renewal, the
// handler's getCurrentUser): what it opened is kept for the request, keyed by the request (or
// its cookie store, which route() gives the same opening: shareOpenedSession) and the seal it
// carries, and dropped with it. Frozen: every caller reads the same object.
type Opened = { seal: string | undefined; data: Promise<Readonly<SessionData>> };
const openedFor = ((globalThis as { __noshOpenedSessions?: WeakMap<object, Opened> }).__noshOpenedSessions ??= new WeakMap());
const NO_SESSION: Promise<Readonly<SessionData>> = Promise.resolve(Object.freeze({}));

/** The session `seal` opens to (openSeal), opened once for `holder`: a request, or its cookie store. */
export function sessionOnce(holder: object, seal: string | undefined, password: string, ttlSeconds: number): Promise<Readonly<SessionData>> {
  const kept = openedFor.get(holder);
  if (kept && kept.seal === seal) return kept.data;
  const data = seal ? openSeal(seal, password, ttlSeconds).then((opened) => Object.freeze(opened)) : NO_SESSION;
  openedFor.set(holder, { seal, data });
  return data;
}

/** `to` (a request's cookie store) reuses what `from` (the request) opened, if anything. */
export function shareOpenedSession(from: object, to: object): void {
  const kept = openedFor.get(from);
  if (kept && !openedFor.has(to)) openedFor.set(to, kept);
}
