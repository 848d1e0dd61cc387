import { sealData } from "iron-session";
import { NextRequest, NextResponse } from "next/server";
import { beforeAll, describe, expect, it } from "vitest";
import { forgetConfigForTests, loadConfig } from "./load-config";
import { cookiesForReplay, finishResponse, isCrossSite, refusal, renewSession } from "./request-guard";
import { nowSeconds } from "./session-cookie";
import { mintXsrfToken, xsrfTokenFits } from "./xsrf-token";

// The request guard's two checks: the Origin must be this site's own
// origin, scheme and port included; the anti-forgery token must be bound to the session the
// request carries. The API and browser suites check the same through the real server.

const SECRET = "guard-test-secret-guard-test-secret-0123";
process.env.SESSION_SECRET = SECRET;
// Another file in this worker may have read the settings already, with another secret.
forgetConfigForTests();
const settings = (env: Record<string, string> = {}) => loadConfig({ SESSION_SECRET: SECRET, ...env });

function post(headers: Record<string, string>, url = "http://127.0.0.1:4411/api/users/wallet/1") {
  return new NextRequest(url, { method: "PUT", headers: { host: new URL(url).host, ...headers } });
}

describe("the Origin check compares scheme, host and port", () => {
  it("on plain http (next start): only http://host:port passes", () => {
    const config = settings();
    expect(isCrossSite(post({ origin: "http://127.0.0.1:4411" }), config)).toBe(false);
    expect(isCrossSite(post({ origin: "https://127.0.0.1:4411" }), config)).toBe(true);
    expect(isCrossSite(post({ origin: "http://127.0.0.1:4412" }), config)).toBe(true);
    expect(isCrossSite(post({ origin: "http://localhost:4411" }), config)).toBe(true);
    expect(isCrossSite(post({ origin: "null" }), config)).toBe(true);
    expect(isCrossSite(post({}), config)).toBe(false);
  });

  it("default ports and letter case are the same origin", () => {
    const config = settings();
    expect(isCrossSite(post({ origin: "http://Nosh.Example:80" }, "http://nosh.example/api/orders"), config)).toBe(false);
    expect(isCrossSite(post({ origin: "https://nosh.example" }, "http://nosh.example/api/orders"), config)).toBe(true);
  });

  it("with Secure cookies (a deployment behind TLS) the expected scheme is https", () => {
    const config = settings({ COOKIE_SECURE: "true" });
    expect(isCrossSite(post({ origin: "https://nosh.example" }, "http://nosh.example/api/orders"), config)).toBe(false);
    expect(isCrossSite(post({ origin: "http://nosh.example" }, "http://nosh.example/api/orders"), config)).toBe(true);
  });

  it("behind a trusted proxy, X-Forwarded-Proto and X-Forwarded-Host name the origin; untrusted, they are ignored", () => {
    const forwarded = { origin: "https://shop.example", "x-forwarded-proto": "https", "x-forwarded-host": "shop.example" };
    expect(isCrossSite(post(forwarded), settings({ TRUST_PROXY: "1" }))).toBe(false);
    expect(isCrossSite(post({ ...forwarded, "x-forwarded-proto": "http" }), settings({ TRUST_PROXY: "1" }))).toBe(true);
    expect(isCrossSite(post(forwarded), settings())).toBe(true);
  });

  it("PUBLIC_ORIGIN, when set, is the one accepted origin", () => {
    const config = settings({ PUBLIC_ORIGIN: "https://nosh.example/" });
    expect(config.publicOrigin).toBe("https://nosh.example");
    expect(isCrossSite(post({ origin: "https://nosh.example" }), config)).toBe(false);
    expect(isCrossSite(post({ origin: "http://127.0.0.1:4411" }), config)).toBe(true);
    expect(isCrossSite(post({ origin: "https://nosh.example:8443" }), config)).toBe(true);
    expect(() => settings({ PUBLIC_ORIGIN: "nosh.example" })).toThrow(/PUBLIC_ORIGIN/);
    expect(() => settings({ PUBLIC_ORIGIN: "https://nosh.example/shop" })).toThrow(/PUBLIC_ORIGIN/);
    expect(() => settings({ PUBLIC_ORIGIN: "ftp://nosh.example" })).toThrow(/PUBLIC_ORIGIN/);
  });
});

describe("the anti-forgery token is bound to the session", () => {
  let sealA: string;
  let sealB: string;
  beforeAll(async () => {
    const seal = (sid: string) => sealData({ userId: 1, version: 1, sid, createdAt: 1, seenAt: 1 }, { password: SECRET, ttl: 3600 });
    [sealA, sealB] = await Promise.all([seal("session-a"), seal("session-b")]);
  });
  const withCookies = (token: string, session?: string) => post({ cookie: `XSRF-TOKEN=${token}${session ? `; nosh_session=${session}` : ""}`, "xsrf-token": token });

  it("a token passes only for the session it was issued for", async () => {
    expect(await refusal(withCookies(mintXsrfToken(SECRET, "session-a"), sealA))).toBeNull();
    expect(await refusal(withCookies(mintXsrfToken(SECRET, "")))).toBeNull();
    // User A's token on user B's session, cookie and header both set by the attacker.
    expect(await refusal(withCookies(mintXsrfToken(SECRET, "session-a"), sealB))).toMatch(/anti-forgery/);
    // A token minted before login (anonymous) is refused once a session exists, and vice versa.
    expect(await refusal(withCookies(mintXsrfToken(SECRET, ""), sealA))).toMatch(/anti-forgery/);
    expect(await refusal(withCookies(mintXsrfToken(SECRET, "session-a")))).toMatch(/anti-forgery/);
  });

  it("an unsigned, foreign-secret or mismatched token is refused", async () => {
    expect(await refusal(withCookies("0".repeat(64), sealA))).toMatch(/anti-forgery/);
    expect(await refusal(withCookies(mintXsrfToken("another-secret-another-secret-0123456", "session-a"), sealA))).toMatch(/anti-forgery/);
    const token = mintXsrfToken(SECRET, "session-a");
    const mismatched = post({ cookie: `XSRF-TOKEN=${token}; nosh_session=${sealA}`, "xsrf-token": mintXsrfToken(SECRET, "session-a") });
    expect(await refusal(mismatched)).toMatch(/anti-forgery/);
  });

  it("an answer re-issues the token when it does not fit the session, bound to that session", async () => {
    const stale = new NextRequest("http://127.0.0.1:4411/api/auth/", { headers: { cookie: `XSRF-TOKEN=${mintXsrfToken(SECRET, "")}; nosh_session=${sealB}` } });
    const fresh = (await finishResponse(stale, NextResponse.json({}))).cookies.get("XSRF-TOKEN");
    expect(fresh).toMatchObject({ httpOnly: false, sameSite: "lax", path: "/" });
    expect(xsrfTokenFits(fresh!.value, SECRET, "session-b")).toBe(true);

    const fitting = new NextRequest("http://127.0.0.1:4411/api/auth/", {
      headers: { cookie: `XSRF-TOKEN=${mintXsrfToken(SECRET, "session-b")}; nosh_session=${sealB}` },
    });
    expect((await finishResponse(fitting, NextResponse.json({}))).cookies.get("XSRF-TOKEN")).toBeUndefined();
    // A handler that rotated the token (login, logout) keeps its own.
    expect((await finishResponse(stale, NextResponse.json({}), true)).cookies.get("XSRF-TOKEN")).toBeUndefined();
  });
});

describe("a shared answer is replayed with the cookies route() and the proxy would set, or not at all", () => {
  const read = (cookie?: string) => new NextRequest("http://127.0.0.1:4411/api/search?q=pho", { headers: cookie ? { cookie } : {} });
  /** What route() would add to the answer: the same two calls it makes. */
  async function cookiesSet(request: NextRequest): Promise<string[]> {
    const response = NextResponse.json({});
    await renewSession(request, response);
    await finishResponse(request, response);
    return response.cookies.getAll().map((c) => c.name);
  }
  const names = (setCookies: string[] | null) => setCookies && setCookies.map((c) => c.split("=")[0]);

  it("agrees with renewSession and finishResponse for every kind of request; a due renewal goes to Next.js", async () => {
    const now = nowSeconds();
    const seal = (seenAt: number) => sealData({ userId: 1, version: 1, sid: "s", createdAt: now - 60, seenAt }, { password: SECRET, ttl: 3600 });
    const [recent, due] = await Promise.all([seal(now - 10), seal(now - 20 * 60)]);
    const cases: [string, NextRequest, string[] | null][] = [
      ["no cookies", read(), ["XSRF-TOKEN"]],
      ["a forged token", read("XSRF-TOKEN=forged"), ["XSRF-TOKEN"]],
      ["an anonymous visitor's token", read(`XSRF-TOKEN=${mintXsrfToken(SECRET, "")}`), []],
      ["a signed-in user, session recently renewed", read(`XSRF-TOKEN=${mintXsrfToken(SECRET, "s")}; nosh_session=${recent}`), []],
      ["a signed-in user with the anonymous token", read(`XSRF-TOKEN=${mintXsrfToken(SECRET, "")}; nosh_session=${recent}`), ["XSRF-TOKEN"]],
      ["a signed-in user, session due for renewal", read(`XSRF-TOKEN=${mintXsrfToken(SECRET, "s")}; nosh_session=${due}`), null],
    ];
    for (const [name, request, expected] of cases) {
      expect({ name, cookies: names(await cookiesForReplay(request)) }).toEqual({ name, cookies: expected });
      if (expected) expect({ name, cookies: await cookiesSet(request) }).toEqual({ name, cookies: expected });
    }
    // The token set is bound to the request's session, as finishResponse binds it.
    const minted = (await cookiesForReplay(read(`nosh_session=${recent}`)))![0]!;
    expect(xsrfTokenFits(/XSRF-TOKEN=([^;]+)/.exec(minted)![1]!, SECRET, "s")).toBe(true);
  });
});
