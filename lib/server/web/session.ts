import "server-only";
import { randomBytes } from "node:crypto";
import { sealData } from "iron-session";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";
import { XSRF_COOKIE } from "@/lib/shared/web/csrf";
import { signInHref } from "@/lib/shared/web/return-path";
import { isLive, nowSeconds, rememberSeal, sealTtlSeconds, sessionCookieName, sessionOnce, sessionOptions, type SessionData } from "@/lib/edge/session-cookie";
import { sessionOf, type GuardedRequest } from "@/lib/edge/request-guard";
import { ANONYMOUS_SESSION, mintXsrfToken, xsrfCookieOptions } from "@/lib/edge/xsrf-token";
import { boundedCache } from "../platform/bounded-cache";
import { config } from "../platform/config";
import { db } from "../platform/db";
import { markPersonal } from "./personal-answer";
import { LANGUAGE_COOKIE, LANGUAGE_COOKIE_SECONDS, isLocale } from "@/lib/i18n/locale";
import type { SessionUser } from "../platform/session-user";
import { sessionBasicsRow, sessionUserRow } from "../accounts/queries";

// Sessions are encrypted cookies (iron-session) that carry the user id, the user's session
// version, a random session id and the sign-in and last-renewal times. A cookie is accepted
// only while all of these hold:
//   - within the absolute lifetime (createdAt) and the idle lifetime (seenAt), lib/edge/session-cookie.ts;
//   - its version equals the user's sessionVersion: a password change or "log out everywhere"
//     bumps it, ending every older session at once;
//   - its session id is not on the RevokedSession list: logout ends this one session only,
//     so a copy of the logged-out cookie is refused while the user's other devices stay in.
// lib/edge/request-guard.ts renews seenAt on page and API reads at most once per refresh interval.
// The anti-forgery token is bound to the session id (lib/edge/xsrf-token.ts): every function here
// that starts or ends a session sets a fresh token for the new state in the same response.

export function currentSessionCookieName(): string {
  return sessionCookieName(config().secureCookies);
}

function options() {
  const { sessionSecret, secureCookies, session } = config();
  return sessionOptions(sessionSecret, secureCookies, session);
}

/**
 * Sets the session cookie to `data` sealed, or clears it (null), with iron-session's attributes
 * (lib/edge/session-cookie.ts sessionOptions). Nothing else sets it but the renewal; a request
 * that neither starts nor ends a session, nor is due for renewal, leaves it as it came.
 */
async function writeSession(data: SessionData | null): Promise<void> {
  markPersonal();
  const { cookieName, cookieOptions, password, ttl } = options();
  const store = await cookies();
  if (!data) return void store.set(cookieName, "", { ...cookieOptions, maxAge: 0 });
  const seal = await sealData(data, { password, ttl });
  store.set(cookieName, seal, cookieOptions);
  // The browser's next request carries it: opened from memory, not by two more derivations.
  rememberSeal(seal, password as string, data);
}

/** A fresh XSRF-TOKEN for the session `sid` (ANONYMOUS_SESSION once it has ended). */
async function rotateXsrfToken(sid: string): Promise<void> {
  const { sessionSecret, secureCookies } = config();
  (await cookies()).set(XSRF_COOKIE, mintXsrfToken(sessionSecret, sid), xsrfCookieOptions(secureCookies));
}

/**
 * The signed-in user, or null. A cookie that is expired, revoked by logout, or whose session
 * version no longer matches the user's counts as no session. Cached per request.
 */
export const getCurrentUser = cache(async () => userOfSession(await currentSessionData()));

/** The request's session cookie, opened once a request (empty when absent or unreadable). */
async function currentSessionData(): Promise<Readonly<SessionData>> {
  // Through sessionOnce, keyed by the request's cookie store: the anti-forgery check and the
  // renewal (lib/edge/request-guard.ts) share the same opening, which route() hands to the store.
  markPersonal();
  const { sessionSecret, secureCookies, session: lifetimes } = config();
  const store = await cookies();
  return sessionOnce(store, store.get(sessionCookieName(secureCookies))?.value, sessionSecret, sealTtlSeconds(lifetimes));
}

async function userOfSession(data: SessionData) {
  return liveUser(data, readSessionUser);
}

/**
 * The session's rules, whoever reads the user: within its lifetimes, its id not revoked, its
 * version the user's (getCurrentUser's and the host routes' alike).
 */
async function liveUser<U extends { sessionVersion: number }>(
  data: SessionData,
  read: (userId: number, sid: string) => Promise<{ user: U; revoked: boolean } | null>,
): Promise<U | null> {
  if (!isLive(data, nowSeconds(), config().session)) return null;
  const found = await read(data.userId!, data.sid!);
  if (!found || found.revoked || found.user.sessionVersion !== data.version) return null;
  return found.user;
}

/** What a route the host serves itself knows of the session's user (lib/server/web/host-route.ts). */
export type SessionBasics = Pick<SessionUser, "id" | "firstName" | "courier" | "sessionVersion">;

/**
 * The user of a host route's request (its session opened once, with the anti-forgery check's): the same rules (liveUser), but only the columns such a route acts
 * on, read straight on the connection (accounts/queries.ts: on SQLite a kept statement, not
 * Prisma's client, whose raw query was the largest share of a position report's CPU after the
 * router, docs/log/performance.md "Couriers, third pass").
 */
export async function basicsOfRequest(request: GuardedRequest): Promise<SessionBasics | null> {
  return liveUser(await sessionOf(request), sessionBasicsRow);
}

/**
 * The user and whether the session id is on the revocation list, in ONE statement (every signed-in
 * request asks this: accounts/queries.ts, straight on the connection, each column read by its
 * decoder): the user is the same object as Prisma's findUnique gives (session.test.ts compares
 * them), with the wallet's balance beside it (`walletCents`) for the user JSON.
 */
export const readSessionUser = sessionUserRow;

/**
 * The user of a request built outside Next.js's scope (the host's replay of a shared catalog page,
 * kept-answers.ts): the same checks as getCurrentUser, its session opened once with its other checks.
 */
export async function userOfRequest(request: GuardedRequest) {
  return userOfSession(await sessionOf(request));
}

/**
 * For responses that outlive their request (the live order event streams): a check, callable
 * any time later, of whether the request's session still holds (not logged out, not ended
 * everywhere or by a password change, not expired). It reads the cookie now, once.
 */
export async function sessionCheck(): Promise<() => Promise<boolean>> {
  const data = await currentSessionData();
  const key = `${data.userId}:${data.sid}:${data.version}`;
  return () => {
    // Streams of one session (tabs, the banner and the page) share one check per second.
    const now = Date.now();
    const recent = sessionChecks.get(key);
    if (recent && now - recent.at < 1000) return Promise.resolve(recent.live);
    const live = userOfSession(data).then((user) => user !== null);
    const check: SessionCheck = { at: now, live };
    sessionChecks.set(key, check);
    // Once settled, the answer is kept, not the promise (which holds the stream's request: bounded-cache.ts).
    void live.then(
      (holds) => (check.live = holds),
      () => sessionChecks.get(key) === check && sessionChecks.delete(key),
    );
    return live;
  };
}
type SessionCheck = { at: number; live: Promise<boolean> | boolean };
/** One a session, each good for a second: at most 2,000 (the least recently used go first; about 100 bytes each). */
const sessionChecks = boundedCache<SessionCheck>({ maxEntries: 2_000, maxBytes: 1024 * 1024, sizeOf: (_, key) => 100 + key.length });
/** What getCurrentUser answers: the row with the wallet's balance beside it (`walletCents`, for userToJson). */
export type SignedInUser = NonNullable<Awaited<ReturnType<typeof getCurrentUser>>>;

/**
 * For pages that need a signed-in user: others are sent to /login on the server, with `?next=returnTo`
 * when given (a local path: the login comes back to it, lib/shared/web/return-path.ts).
 */
export async function requirePageUser(returnTo?: string): Promise<SignedInUser> {
  const user = await getCurrentUser();
  if (!user) redirect(returnTo ? signInHref(returnTo) : "/login");
  return user;
}

/**
 * Issues a fresh session (new id, new clocks) for the user: login, signup, guest, demo, and the
 * caller's own session after a password change. The previous cookie is replaced, never extended.
 */
export async function startSession(user: { id: number; sessionVersion: number; language?: string | null }): Promise<void> {
  const now = nowSeconds();
  const sid = randomBytes(16).toString("base64url");
  // Every field is new: the cookie the request carried is not even opened.
  await writeSession({ userId: user.id, version: user.sessionVersion, sid, createdAt: now, seenAt: now });
  await rotateXsrfToken(sid);
  // The account's language becomes this browser's (docs/architecture/languages.md).
  await rememberLocale(user.language);
}

/**
 * Logout: ends this session only. Its id goes on the revocation list until the session could
 * have expired anyway (then the row is useless and pruned), and the cookie is cleared.
 */
export async function endSession(): Promise<void> {
  const data = await currentSessionData();
  if (data.sid && typeof data.createdAt === "number") {
    const now = new Date();
    const expiresAt = new Date((data.createdAt + config().session.absoluteSeconds) * 1000);
    if (expiresAt > now) {
      await db.revokedSession.deleteMany({ where: { expiresAt: { lte: now } } });
      await db.revokedSession.upsert({ where: { sid: data.sid }, create: { sid: data.sid, expiresAt }, update: {} });
    }
  }
  await writeSession(null);
  await rotateXsrfToken(ANONYMOUS_SESSION);
}

/**
 * "Log out everywhere": the user's session version moves on, so every cookie issued so far
 * (this device's included) stops working, and this device's cookie is cleared.
 */
export async function endAllSessions(userId: number): Promise<void> {
  await db.user.update({ where: { id: userId }, data: { sessionVersion: { increment: 1 } } });
  await clearSessionCookie();
}

/** Clears this device's session cookie (its session already ended on the server: a deleted account). */
export async function clearSessionCookie(): Promise<void> {
  await writeSession(null);
  await rotateXsrfToken(ANONYMOUS_SESSION);
}

/**
 * Keeps a language for this browser (the footer's cookie, a year): at sign-in from the account's
 * setting, and when the account page saves one. Nothing when the account has none.
 */
export async function rememberLocale(language: string | null | undefined): Promise<void> {
  if (!isLocale(language)) return;
  (await cookies()).set(LANGUAGE_COOKIE, language, { path: "/", maxAge: LANGUAGE_COOKIE_SECONDS, sameSite: "lax", secure: config().secureCookies });
}
