import { afterEach, describe, expect, it, vi } from "vitest";
import { CENSOR, levelOf, logger, pinoLogger, readableLine, scrub } from "./log.mjs";
import { bearerMatches, metricsAccess, requestIdOf } from "./ops.mjs";
import { routeMatcher } from "./route-templates.mjs";

// The host's operations pieces (server/log.mjs, server/ops.mjs, server/route-templates.mjs):
// what a log line may never hold, the request id, who may read /metrics, and the route label.
// Over HTTP with the app's checks: lib/server/web/operations.test.ts; against the built server:
// e2e/platform/ops.api.spec.ts.

const CARD = "4242 4242 4242 4242";
const SECRETS = {
  password: "hunter2-Correct-Horse",
  card: "4000000000000002",
  seal: "Fe26.2**0cdd607945dd1dffb7da0b0bf5f1a7daa6218cbae14cac51dcbd91fb077aeb5b*aOZLCKLhCt0D5IU1qLTtYw*g0ilNDlQ3TsdFUqJCqAm9i",
  address: "1234 Lakeshore Drive",
  token: "metrics-token-0123456789",
  email: "ana.lopez@example.com",
};

/** What a logger writes while `work` runs (stdout and stderr). */
function written(work: () => void): string {
  const lines: string[] = [];
  const spies = [
    vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => (lines.push(String(chunk)), true)),
    vi.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array) => (lines.push(String(chunk)), true)),
  ];
  try {
    work();
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
  return lines.join("");
}

afterEach(() => vi.restoreAllMocks());

describe("the log's scrubber", () => {
  it("replaces card numbers (Luhn-valid only), session seals, bearer tokens, cookies, secret pairs, emails and street addresses", () => {
    expect(scrub(`card ${CARD} and 4000-0000-0000-0002`)).toBe("card [card] and [card]");
    // A 13-digit millisecond time is not a card number.
    expect(scrub("at 1795831462971")).toBe("at 1795831462971");
    expect(scrub(`cookie: nosh_session=${SECRETS.seal}`)).not.toContain("Fe26.2");
    expect(scrub(`session ${SECRETS.seal} refused`)).toBe("session [sealed] refused");
    expect(scrub(`Authorization: Bearer ${SECRETS.token}`)).not.toContain(SECRETS.token);
    expect(scrub(`{"email":"x","password":"${SECRETS.password}"}`)).not.toContain(SECRETS.password);
    expect(scrub(`password=${SECRETS.password}&next=/`)).toBe(`password=${CENSOR}&next=/`);
    expect(scrub(`mail to ${SECRETS.email} failed`)).toBe("mail to [email] failed");
    expect(scrub(`deliver to ${SECRETS.address}, Chicago`)).toBe("deliver to [address], Chicago");
  });
});

describe.each([
  ["the worker's (pino)", async () => (await pinoLogger("debug")).pino],
  ["the primary's (hand-written)", async () => logger],
])("%s logger", (_name, make) => {
  it("writes one JSON line an event with its level, time and message", async () => {
    const log = await make();
    const out = written(() => log.warn({ job: "x.y" }, "something slow"));
    const lines = out.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: 40, msg: "something slow", job: "x.y", pid: process.pid });
  });

  it("never writes a password, card number, session cookie, token, email or address, in fields or in the message", async () => {
    const log = await make();
    const out = written(() => {
      log.error(
        { password: SECRETS.password, cardNumber: SECRETS.card, headers: { cookie: `nosh_session=${SECRETS.seal}`, authorization: `Bearer ${SECRETS.token}` } },
        "login failed",
      );
      log.error({ body: { address: SECRETS.address, email: SECRETS.email, number: SECRETS.card } }, "checkout failed");
      log.error({ err: new Error(`card ${SECRETS.card} declined for ${SECRETS.email} at ${SECRETS.address}`) }, `retrying with password=${SECRETS.password}`);
      log.info(`cookie: nosh_session=${SECRETS.seal}; XSRF-TOKEN=abc`);
    });
    expect(out.trim().split("\n")).toHaveLength(4);
    for (const secret of Object.values(SECRETS)) expect(out).not.toContain(secret);
    expect(out).toContain(CENSOR);
  });
});

describe("LOG_LEVEL and the readable format", () => {
  it("reads the level's name, info otherwise", () => {
    expect(levelOf("DEBUG")).toBe("debug");
    expect(levelOf("error")).toBe("error");
    expect(levelOf("loud")).toBe("info");
    expect(levelOf(undefined)).toBe("info");
  });
  it("leaves out what is below the level", async () => {
    const { pino } = await pinoLogger("warn");
    expect(written(() => pino.info("quiet"))).toBe("");
    expect(written(() => pino.error("loud"))).toContain('"msg":"loud"');
  });
  it("shows a JSON line as time, level, request id and message under npm run dev", () => {
    const line = readableLine(`{"level":50,"time":0,"pid":1,"reqId":"abcd-1234","msg":"unhandled error","job":"a.b"}`);
    expect(line).toBe(`00:00:00.000 ERROR [nosh] (abcd-1234) unhandled error {"job":"a.b"}\n`);
  });
});

describe("request ids", () => {
  it("keeps a valid incoming X-Request-Id and replaces anything else with a new one", () => {
    expect(requestIdOf("edge-7f3a9c2e-41")).toBe("edge-7f3a9c2e-41");
    for (const bad of [undefined, "", "short", "has space 123456", "x".repeat(65), "a\nb-12345678", ["two", "ids"]]) {
      expect(requestIdOf(bad as string)).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});

describe("who may read /metrics", () => {
  it("is open without a token outside production, needs the token when one is set, and is hidden in production without one", () => {
    expect(metricsAccess({ token: undefined, production: false })).toBe("open");
    expect(metricsAccess({ token: "t", production: false })).toBe("token");
    expect(metricsAccess({ token: "t", production: true })).toBe("token");
    expect(metricsAccess({ token: undefined, production: true })).toBe("hidden");
  });
  it("takes only the exact bearer token", () => {
    expect(bearerMatches(`Bearer ${SECRETS.token}`, SECRETS.token)).toBe(true);
    expect(bearerMatches(SECRETS.token, SECRETS.token)).toBe(false);
    expect(bearerMatches(`Bearer ${SECRETS.token}x`, SECRETS.token)).toBe(false);
    expect(bearerMatches(undefined, SECRETS.token)).toBe(false);
  });
});

describe("the route label", () => {
  const route = routeMatcher(["/", "/orders", "/orders/[id]", "/orders/new", "/api/orders/[id]/events", "/docs/[[...slug]]", "/[...missing]"]);
  it("is the route's template, never the URL: a fixed segment before a parameter, a parameter before a catch-all", () => {
    expect(route("/orders/12?tab=1")).toBe("/orders/[id]");
    expect(route("/orders/new")).toBe("/orders/new");
    expect(route("/orders/")).toBe("/orders");
    expect(route("/api/orders/9/events")).toBe("/api/orders/[id]/events");
    expect(route("/docs")).toBe("/docs/[[...slug]]");
    expect(route("/docs/a/b")).toBe("/docs/[[...slug]]");
    expect(route("/no/such/page/123")).toBe("/[...missing]");
    expect(route("/_next/static/chunks/abc.js")).toBe("/_next/static/*");
    expect(route("/")).toBe("/");
  });
  it("has as many values as there are templates, whatever the URLs", () => {
    const labels = new Set(Array.from({ length: 500 }, (_, i) => route(`/${i % 2 ? "orders" : "x"}/${i}/${i * 7}`)));
    expect(labels.size).toBeLessThanOrEqual(2);
    expect(routeMatcher([])("/anything/1")).toBe("unmatched");
  });
});

describe("the Grafana dashboard (deploy/grafana-dashboard.json)", () => {
  it("queries only metrics a scrape has (the worker's registry and the primary's lines)", async () => {
    const { readFileSync } = await import("node:fs");
    const { workerMetrics } = await import("./metrics.mjs");
    const { primaryMetrics } = await import("./supervisor.mjs");
    const scrape = `${await workerMetrics().registry.metrics()}${primaryMetrics({ restarts: 0, startedAt: 0 })}`;
    const names = new Set(
      [...scrape.matchAll(/^# TYPE (\w+) (\w+)$/gm)].flatMap(([, name, type]) => (type === "histogram" ? [`${name}_bucket`, `${name}_count`, `${name}_sum`] : [name!])),
    );
    const dashboard = readFileSync(new URL("../deploy/grafana-dashboard.json", import.meta.url), "utf8");
    const queried = new Set([...dashboard.matchAll(/\b((?:nosh|process|nodejs)_\w+)/g)].map(([, name]) => name!));
    expect(queried.size).toBeGreaterThan(10);
    expect([...queried].filter((name) => !names.has(name))).toEqual([]);
  });
});

describe("a kept answer replayed to another request", () => {
  it("does not keep the request id of the request it was kept from", async () => {
    const http = await import("node:http");
    const { apiEntry } = await import("./kept-answers/entries.mjs");
    const res = new http.ServerResponse(new http.IncomingMessage(new (await import("node:net")).Socket()));
    res.setHeader("X-Request-Id", "first-request-0001");
    res.setHeader("Content-Type", "application/json");
    const entry = apiEntry(res, [Buffer.from("{}")], "mark");
    expect(entry.headers).toEqual({ "content-type": "application/json" });
  });
});
