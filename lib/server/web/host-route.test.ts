import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setUpTestDatabase } from "../platform/testing/db";
import { inEnglish } from "@/lib/contract/testing/in-english";

// The courier's position report as the host serves it (host-route.ts, without Next.js's router),
// over real HTTP against a real, migrated database: every check route() makes on a write, in the
// same order, with the same answers (the API contract's JSON errors), and what the route needs
// from the session (getCurrentUser's rules). e2e/couriers/api.spec.ts and the authorization
// matrix then run the same cases against the built server.

const test = setUpTestDatabase();
const { db } = await import("../platform/db");
const { config } = await import("../platform/config");
const { sealData } = await import("iron-session");
const { sealTtlSeconds, sessionCookieName } = await import("@/lib/edge/session-cookie");
const { mintXsrfToken, xsrfTokenFits } = await import("@/lib/edge/xsrf-token");
const { installHostRoutes, hostRouteKey } = await import("@/lib/shared/web/registries/host-routes.mjs");
const { offerHostRoutes } = await import("./host-routes");
const { TOO_OFTEN, OFF_SHIFT } = await import("../dispatch/positions");
const { NOT_A_COURIER } = await import("../dispatch/courier");

const routes = installHostRoutes();
offerHostRoutes();
const server = http.createServer((req, res) => {
  const own = routes.get(hostRouteKey(req.method, String(req.url)));
  if (own) void own(req, res);
  else res.writeHead(404).end();
});
let origin = "";
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** A signed-in person's cookies (as startSession seals them) and matching XSRF token. */
async function session(user: { id: number; sessionVersion: number }, sid: string) {
  const now = Math.floor(Date.now() / 1000);
  const { sessionSecret, session: lifetimes, secureCookies } = config();
  const seal = await sealData(
    { userId: user.id, version: user.sessionVersion, sid, createdAt: now, seenAt: now },
    { password: sessionSecret, ttl: sealTtlSeconds(lifetimes) },
  );
  const token = mintXsrfToken(sessionSecret, sid);
  return { cookie: `${sessionCookieName(secureCookies)}=${seal}; XSRF-TOKEN=${token}`, "xsrf-token": token };
}

const post = (headers: Record<string, string>, body: string, path = "/api/courier/position") =>
  fetch(`${origin}${path}`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body });
const point = (lat = 37.76) => JSON.stringify({ lat, lng: -122.41 });

async function courier(sid: string, onShift = true) {
  const user = await db.user.create({ data: { firstName: "Dev", courier: true } });
  await db.courierState.create({ data: { userId: user.id, onShift } });
  return { user, headers: await session(user, sid) };
}

describe("POST /api/courier/position served by the host", () => {
  it("stores a report and answers as route() does: the API's headers, a personal write's Cache-Control", async () => {
    const { user, headers } = await courier("host-ok");
    const response = await post({ ...headers, origin }, point(), "/api/courier/position/?from=app");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ accepted: 1, dropped: 0 });
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(response.headers.get("cache-control")).toBe("private, no-store, no-transform");
    expect(response.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    // The token fits the session: no new one.
    expect(response.headers.getSetCookie()).toEqual([]);
    expect(await db.courierPosition.count({ where: { courierId: user.id } })).toBe(1);
    // A second report within the second: 429 with Retry-After, nothing stored.
    const again = await post(headers, point(37.7601));
    expect(again.status).toBe(429);
    expect(again.headers.get("retry-after")).toBe("1");
    expect(await again.json()).toEqual({ message: inEnglish(TOO_OFTEN) });
    expect(await db.courierPosition.count({ where: { courierId: user.id } })).toBe(1);
  });

  it("refuses a cross-site write and one without the session's XSRF token (403) before anything else", async () => {
    const { user, headers } = await courier("host-csrf");
    const crossSite = await post({ ...headers, origin: "https://evil.example" }, point());
    expect(crossSite.status).toBe(403);
    expect(await crossSite.json()).toEqual({ message: "Cross-site request refused" });
    const fetchSite = await post({ ...headers, "sec-fetch-site": "cross-site" }, point());
    expect(fetchSite.status).toBe(403);
    const noHeader = await post({ cookie: headers.cookie }, point());
    expect(noHeader.status).toBe(403);
    // A token issued for another session does not fit this one; the answer sets one that does.
    const other = await session(user, "another-sid");
    const stale = await post({ cookie: headers.cookie.replace(/XSRF-TOKEN=.*/, `XSRF-TOKEN=${other["xsrf-token"]}`), "xsrf-token": other["xsrf-token"] }, point());
    expect(stale.status).toBe(403);
    const fresh = /XSRF-TOKEN=([^;]+)/.exec(stale.headers.getSetCookie().join())?.[1];
    expect(xsrfTokenFits(fresh ?? "", config().sessionSecret, "host-csrf")).toBe(true);
    expect(await db.courierPosition.count({ where: { courierId: user.id } })).toBe(0);
  });

  it("401 without a live session (none, logged out, version bumped), 403 for a suspended courier, 409 off shift", async () => {
    const anonymous = mintXsrfToken(config().sessionSecret, "");
    const none = await post({ cookie: `XSRF-TOKEN=${anonymous}`, "xsrf-token": anonymous }, point());
    expect(none.status).toBe(401);
    expect(await none.json()).toEqual({ message: expect.any(String) });

    const revoked = await courier("host-revoked");
    await test.db.revokedSession.create({ data: { sid: "host-revoked", expiresAt: new Date(Date.now() + 60_000) } });
    expect((await post(revoked.headers, point())).status).toBe(401);

    const bumped = await courier("host-bumped");
    await test.db.user.update({ where: { id: bumped.user.id }, data: { sessionVersion: { increment: 1 } } });
    expect((await post(bumped.headers, point())).status).toBe(401);

    const suspended = await courier("host-suspended");
    await test.db.user.update({ where: { id: suspended.user.id }, data: { courier: false } });
    const refused = await post(suspended.headers, point());
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ message: inEnglish(NOT_A_COURIER) });

    const offShift = await courier("host-off", false);
    const conflict = await post(offShift.headers, point());
    expect(conflict.status).toBe(409);
    expect(await conflict.json()).toEqual({ message: inEnglish(OFF_SHIFT) });
  });

  it("bad bodies: 400 naming the field, 400 for bad JSON, 413 past 64 KB; nothing stored", async () => {
    const { user, headers } = await courier("host-body");
    const field = await post(headers, JSON.stringify({ lat: 200, lng: -122.41 }));
    expect(field.status).toBe(400);
    expect(await field.json()).toMatchObject({ errors: { lat: expect.any(String) } });
    const broken = await post(headers, "{not json");
    expect(broken.status).toBe(400);
    expect(await broken.json()).toEqual({ message: "Request body must be valid JSON" });
    const huge = await post(headers, JSON.stringify({ points: [], pad: "x".repeat(70_000) }));
    expect(huge.status).toBe(413);
    expect(await huge.json()).toEqual({ message: "Request body is too large (at most 64 KB)" });
    expect(await db.courierPosition.count({ where: { courierId: user.id } })).toBe(0);
  });
});
