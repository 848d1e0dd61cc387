// The anti-forgery token, bound to the session it was issued for (OWASP's "signed double-submit
// cookie"): token = random + "." + HMAC(secret, "xsrf!" + sessionId + "!" + random). A mutating
// call must echo the XSRF-TOKEN cookie in the XSRF-Token header AND the token must verify
// against the session id (`sid`) of the session cookie the request carries; visitors without
// a session are bound to the empty id. So a token minted before login, or copied from (or
// planted by) another session, is refused: whoever can write cookies for the site (a sibling
// subdomain, a man-in-the-middle on plain http) cannot make a pair that passes for the victim's
// session without the secret. lib/server/web/session.ts issues a fresh token whenever the session
// changes (login, signup, guest, demo, password change, logout); lib/edge/request-guard.ts checks it
// and re-issues one on any answer whose request carried none or a stale one.
// Plain module (node:crypto, no server-only): the proxy bundle loads it through request-guard.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

export const ANONYMOUS_SESSION = "";

/** The cookie's attributes: readable by the page's script, which echoes it in the XSRF-Token header. */
export const xsrfCookieOptions = (secure: boolean) => ({ httpOnly: false, sameSite: "lax" as const, path: "/", secure });

function signature(secret: string, sessionId: string, random: string): string {
  return createHmac("sha256", secret).update(`xsrf!${sessionId}!${random}`).digest("hex");
}

/** A fresh token for the session `sessionId` (ANONYMOUS_SESSION when there is none): 256 random bits and their HMAC. */
export function mintXsrfToken(secret: string, sessionId: string): string {
  const random = randomBytes(32).toString("hex");
  return `${random}.${signature(secret, sessionId, random)}`;
}

/** Whether `token` was minted for the session `sessionId` with this secret. */
export function xsrfTokenFits(token: string, secret: string, sessionId: string): boolean {
  const match = /^([0-9a-f]{64})\.([0-9a-f]{64})$/.exec(token);
  if (!match) return false;
  return timingSafeEqual(Buffer.from(match[2]!, "hex"), Buffer.from(signature(secret, sessionId, match[1]!), "hex"));
}
