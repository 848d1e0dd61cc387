import { describe, expect, it } from "vitest";
import { sessionLifetimes } from "./server/load-config";
import { isLive, needsRefresh, sessionCookieName, sessionOptions } from "./session-cookie";

const lifetimes = { absoluteSeconds: 1000, idleSeconds: 100, refreshSeconds: 10 };
const session = { userId: 1, version: 1, sid: "s", createdAt: 5000, seenAt: 5000 };

describe("session lifetimes", () => {
  it("defaults to 30 days absolute, 7 days idle, renewal at most every 15 minutes", () => {
    expect(sessionLifetimes({})).toEqual({ absoluteSeconds: 30 * 86400, idleSeconds: 7 * 86400, refreshSeconds: 900 });
    expect(sessionLifetimes({ SESSION_ABSOLUTE_SECONDS: "12", SESSION_IDLE_SECONDS: "6", SESSION_REFRESH_SECONDS: "1" })).toEqual({ absoluteSeconds: 12, idleSeconds: 6, refreshSeconds: 1 });
    expect(() => sessionLifetimes({ SESSION_IDLE_SECONDS: "99999999" })).toThrow(/cannot exceed/);
    expect(() => sessionLifetimes({ SESSION_IDLE_SECONDS: "60", SESSION_REFRESH_SECONDS: "60" })).toThrow(/shorter/);
  });

  it("a session lives until the idle or the absolute limit, whichever comes first", () => {
    expect(isLive(session, 5099, lifetimes)).toBe(true);
    expect(isLive(session, 5100, lifetimes)).toBe(false);
    const renewed = { ...session, seenAt: 5950 };
    expect(isLive(renewed, 5999, lifetimes)).toBe(true);
    expect(isLive(renewed, 6000, lifetimes)).toBe(false);
  });

  it("a cookie without its id or clocks (an older format, or tampered) is no session", () => {
    expect(isLive({ userId: 1, version: 1 }, 5000, lifetimes)).toBe(false);
    expect(isLive({ ...session, sid: undefined }, 5000, lifetimes)).toBe(false);
  });

  it("renews the idle clock only after a refresh interval", () => {
    expect(needsRefresh(session, 5009, lifetimes)).toBe(false);
    expect(needsRefresh(session, 5010, lifetimes)).toBe(true);
    expect(needsRefresh(session, 5100, lifetimes)).toBe(false);
  });
});

describe("session cookie", () => {
  it("is __Host- prefixed with Secure in production, plain otherwise; HttpOnly, Lax, Path=/, no Domain", () => {
    expect(sessionCookieName(true)).toBe("__Host-nosh_session");
    expect(sessionCookieName(false)).toBe("nosh_session");
    const options = sessionOptions("x".repeat(32), true, lifetimes);
    expect(options.cookieOptions).toEqual({ httpOnly: true, sameSite: "lax", secure: true, path: "/", maxAge: 100 });
  });
});
