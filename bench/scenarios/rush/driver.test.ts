import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Deliveries } from "./deliveries.mjs";
import { renewedCookie, renewedSessions, request, Tally } from "./http.mjs";
import { EventClock } from "./streams.mjs";

// The rush driver's client side (bench/scenarios/rush/http.mjs, streams.mjs, deliveries.mjs)
// against a small local HTTP server that answers as Nosh's would: a renewed session's cookie is
// kept as a browser keeps it, missing events are told by stage, and a two-order trip's offer is
// accepted once (its accept takes both jobs).

const calls: string[] = [];
let base = "";
const server = http.createServer((req: http.IncomingMessage, res: http.ServerResponse) => {
  calls.push(`${req.method} ${req.url} ${req.headers.cookie ?? ""}`);
  if (req.url === "/renews") {
    res.setHeader("set-cookie", ["nosh_session=fresh; Path=/; HttpOnly", "XSRF-TOKEN=t2; Path=/"]);
    return res.end("{}");
  }
  if (/^\/api\/courier\/jobs\/\d+\/accept$/.test(req.url ?? "")) {
    // The trip's first job answers; its partner is held now too (listed below), as the server moves both.
    return res.end(JSON.stringify({ job: { id: 11, orderId: 1, state: "assigned", restaurant: { lat: 0, lng: 0 }, dropoff: { lat: 0, lng: 0 } } }));
  }
  if (req.url === "/api/courier/jobs") {
    return res.end(
      JSON.stringify({
        jobs: [
          { id: 11, orderId: 1, state: "assigned", restaurant: { lat: 0, lng: 0 }, dropoff: { lat: 0, lng: 0 } },
          { id: 12, orderId: 2, state: "assigned", restaurant: { lat: 0, lng: 0 }, dropoff: { lat: 0, lng: 0 } },
        ],
      }),
    );
  }
  // Any courier step: refused, so the trip ends at its first stop.
  res.statusCode = 409;
  res.end(JSON.stringify({ message: "stop here" }));
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("the rush driver's sessions", () => {
  it("keeps the session cookie the server renewed, as a browser does, and remembers the renewal for the next step", async () => {
    const auth = { cookie: "XSRF-TOKEN=t1; nosh_session=stale", xsrf: "t1" };
    await request(base, "GET", "/renews", { auth });
    expect(auth).toEqual({ cookie: "XSRF-TOKEN=t2; nosh_session=fresh", xsrf: "t2" });
    expect(renewedSessions.get("stale")).toBe("fresh");
    await request(base, "GET", "/plain", { auth });
    expect(calls.at(-1)).toBe("GET /plain XSRF-TOKEN=t2; nosh_session=fresh");
  });

  it("hands a later step the newest cookie of a chain of renewals, and leaves others as they were", () => {
    const renewed = new Map([
      ["a", "b"],
      ["b", "c"],
    ]);
    expect(renewedCookie("XSRF-TOKEN=x; nosh_session=a", renewed)).toBe("XSRF-TOKEN=x; nosh_session=c");
    expect(renewedCookie("nosh_session=z; XSRF-TOKEN=x", renewed)).toBe("nosh_session=z; XSRF-TOKEN=x");
  });
});

describe("the rush driver's events and trips", () => {
  it("tells the events that never arrived by stage", () => {
    const clock = new EventClock();
    clock.expect(1, "ready", 0, 2);
    clock.expect(1, "delivered", 0, 2);
    clock.saw(1, "ready", 5);
    clock.saw(1, "delivered", 7);
    clock.saw(1, "delivered", 9);
    expect(clock.summary()).toMatchObject({ deliveries: 3, missing: 1, missingByStage: { ready: 1 } });
  });

  it("accepts a two-order trip once, through its first job's offer, and rides both of its jobs", async () => {
    calls.length = 0;
    const tally = new Tally();
    const deliveries = new Deliveries({ base, owners: [], restaurants: [], buyers: [] }, tally, new EventClock(), null, new Map());
    const courier = { id: 7, auth: { cookie: "nosh_session=c7", xsrf: "x" }, free: true, at: { lat: 0, lng: 0 }, lastReport: 0 };
    const batch = [11, 12];
    deliveries.offered(courier, { stage: "job_offered", orderId: 2, detail: { jobId: 12, batch } });
    deliveries.offered(courier, { stage: "job_offered", orderId: 1, detail: { jobId: 11, batch } });
    await deliveries.drain(20_000);
    const paths = calls.map((c) => c.split(" ").slice(0, 2).join(" "));
    expect(paths.filter((p) => p.endsWith("/accept"))).toEqual(["POST /api/courier/jobs/11/accept"]);
    expect(deliveries.stats.offers).toBe(1);
    // Both jobs ridden, one after the other: each reaches its first stop (refused here).
    expect(paths.filter((p) => p.endsWith("/arrived"))).toEqual(["POST /api/courier/jobs/11/arrived", "POST /api/courier/jobs/12/arrived"]);
  });
});
