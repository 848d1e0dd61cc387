import { sealData } from "iron-session";
import { afterEach, describe, expect, it, vi } from "vitest";
import { sessionLifetimes } from "./setting-readers";
import { isLive, needsRefresh, openSeal, SEAL_CACHE_TTL_MS, sessionCookieName, sessionOnce, sessionOptions, shareOpenedSession } from "./session-cookie";

const lifetimes = { absoluteSeconds: 1000, idleSeconds: 100, refreshSeconds: 10 };
const session = { userId: 1, version: 1, sid: "s", createdAt: 5000, seenAt: 5000 };

describe("session lifetimes", () => {
  it("defaults to 30 days absolute, 7 days idle, renewal at most every 15 minutes", () => {
    expect(sessionLifetimes({})).toEqual({ absoluteSeconds: 30 * 86400, idleSeconds: 7 * 86400, refreshSeconds: 900 });
    expect(sessionLifetimes({ SESSION_ABSOLUTE_SECONDS: "12", SESSION_IDLE_SECONDS: "6", SESSION_REFRESH_SECONDS: "1" })).toEqual({
      absoluteSeconds: 12,
      idleSeconds: 6,
      refreshSeconds: 1,
    });
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

describe("openSeal (opened seals are remembered)", () => {
  const password = "p".repeat(32);
  afterEach(() => vi.useRealTimers());

  it("opens a seal to its data, the same on a second (remembered) opening, as a fresh copy each time", async () => {
    const seal = await sealData(session, { password, ttl: 1000 });
    const first = await openSeal(seal, password, 1000);
    expect(first).toEqual(session);
    first.seenAt = 1;
    expect(await openSeal(seal, password, 1000)).toEqual(session);
  });

  it("a tampered seal, or a remembered one under another password, opens to nothing", async () => {
    const seal = await sealData(session, { password, ttl: 1000 });
    expect(await openSeal(seal, password, 1000)).toEqual(session);
    const parts = seal.split("*");
    parts[4] = parts[4]!.slice(0, -2) + (parts[4]!.endsWith("AA") ? "BB" : "AA");
    expect(await openSeal(parts.join("*"), password, 1000)).toEqual({});
    expect(await openSeal(seal, "q".repeat(32), 1000)).toEqual({});
  });

  it("a remembered seal stops opening at its own expiry (plus iron's 60 s skew), as iron does", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2030-01-01T00:00:00Z"));
    const seal = await sealData(session, { password, ttl: 100 });
    expect(await openSeal(seal, password, 100)).toEqual(session);
    vi.setSystemTime(new Date("2030-01-01T00:02:39Z")); // 159 s: within expiry + skew
    expect(await openSeal(seal, password, 100)).toEqual(session);
    vi.setSystemTime(new Date("2030-01-01T00:02:41Z")); // 161 s: past it
    expect(await openSeal(seal, password, 100)).toEqual({});
  });

  /** The PBKDF2 derivations WebCrypto runs while `work` does. */
  async function derivations(work: () => Promise<unknown>): Promise<number> {
    const spy = vi.spyOn(globalThis.crypto.subtle, "deriveBits");
    try {
      await work();
      return spy.mock.calls.filter(([params]) => (params as { name: string }).name === "PBKDF2").length;
    } finally {
      spy.mockRestore();
    }
  }

  it("a remembered seal costs no key derivation; after the cache's short TTL it is opened in full again", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2031-01-01T00:00:00Z"));
    const seal = await sealData(session, { password, ttl: 1000 });
    expect(await derivations(() => openSeal(seal, password, 1000))).toBe(2);
    expect(await derivations(() => openSeal(seal, password, 1000))).toBe(0);
    vi.setSystemTime(new Date(Date.now() + SEAL_CACHE_TTL_MS - 1000));
    expect(await derivations(() => openSeal(seal, password, 1000))).toBe(0);
    vi.setSystemTime(new Date(Date.now() + 1000));
    expect(await derivations(() => openSeal(seal, password, 1000))).toBe(2);
    expect(await openSeal(seal, password, 1000)).toEqual(session);
  });

  it("keeps a hash of the seal, never the cookie itself", async () => {
    const seal = await sealData({ ...session, sid: "kept" }, { password, ttl: 1000 });
    await openSeal(seal, password, 1000);
    const kept = (globalThis as { __noshOpenedSeals?: Map<string, unknown> }).__noshOpenedSeals!;
    expect([...kept.keys()].some((key) => key.includes(seal) || seal.includes(key))).toBe(false);
    expect(JSON.stringify([...kept.values()])).not.toContain(seal.slice(0, 40));
  });

  it("a request opens its session once, whoever asks; its cookie store shares that opening; a new seal on it is opened anew", async () => {
    const password = "p".repeat(32);
    const seal = await sealData({ ...session, sid: "once" }, { password, ttl: 1000 });
    const request = {};
    const first = sessionOnce(request, seal, password, 1000);
    expect(sessionOnce(request, seal, password, 1000)).toBe(first);
    expect(await first).toEqual({ ...session, sid: "once" });
    expect(Object.isFrozen(await first)).toBe(true);
    // The handler asks through the request's cookie store (lib/server/web/session.ts).
    const store = {};
    shareOpenedSession(request, store);
    expect(sessionOnce(store, seal, password, 1000)).toBe(first);
    // The handler started a session: the store now carries another seal.
    const next = await sealData({ ...session, sid: "next" }, { password, ttl: 1000 });
    expect(await sessionOnce(store, next, password, 1000)).toEqual({ ...session, sid: "next" });
    // Another request with the same cookie opens its own (from the process's remembered seals).
    expect(sessionOnce({}, seal, password, 1000)).not.toBe(first);
    expect(await sessionOnce({}, undefined, password, 1000)).toEqual({});
  });
});
