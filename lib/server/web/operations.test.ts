import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { setUpTestDatabase } from "../platform/testing/db";

// The host's operations routes over real HTTP, through the host's own pipeline
// (server/pipeline.mjs with server/ops.mjs and server/metrics.mjs), with the app's checks and
// figures (operations.ts) on a real, migrated database. A stand-in for Next.js answers the rest
// (it logs, and writes a notification, as a route would). The built server: e2e/platform/ops.api.spec.ts.

const test = setUpTestDatabase({ OUTBOX_STALL_SECONDS: "120" });
const { db } = await import("../platform/db");
const { plainSql } = await import("../platform/sql");
const { appLog } = await import("../platform/log");
const { notify } = await import("../notifications/outbox");
const { offerOperations } = await import("./operations");
const { requestListener } = await import("@/server/pipeline.mjs");
const { operations } = await import("@/server/ops.mjs");
const { workerMetrics } = await import("@/server/metrics.mjs");
const { routeMatcher, OWN_ROUTES } = await import("@/server/route-templates.mjs");
const { keptAnswers } = await import("@/server/kept-answers/store.mjs");
const { benchProbes } = await import("@/server/bench-probes.mjs");

const state = { heapFull: false };
let seen: Record<string, string | undefined> = {};
let userId = 0;

/** A server through the host's pipeline; METRICS_TOKEN as given; the bench's probes when given. */
function hostServer(token?: string, probes: ReturnType<typeof benchProbes> = null) {
  if (token) process.env.METRICS_TOKEN = token;
  else delete process.env.METRICS_TOKEN;
  const server: { http: http.Server | null } = { http: null };
  const ops = operations({
    metrics: workerMetrics(),
    heapFull: () => state.heapFull,
    accepting: () => Boolean(server.http?.listening),
    route: routeMatcher(["/", "/orders/[id]", "/notify", "/[...missing]", ...OWN_ROUTES]),
    probes,
  });
  const handle = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    seen = { header: req.headers["x-request-id"] as string | undefined };
    appLog.info("stand-in render", { path: req.url });
    if (req.url === "/notify") await notify(plainSql(), { to: { userId }, kind: "owner_review_received", cause: `ops-test:${Date.now()}`, payload: {} as never });
    res.writeHead(200, { "content-type": "text/plain" }).end("rendered");
  };
  server.http = http.createServer(
    requestListener({
      handle,
      twins: new Map(),
      shared: keptAnswers(),
      allowHandOff: () => {},
      maxBodyBytes: 1 << 20,
      routes: new Map(),
      ops,
      heapFull: () => state.heapFull,
    }),
  );
  return server.http;
}

const servers: http.Server[] = [];
async function listen(server: http.Server): Promise<string> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

// Vitest's forks pool runs this file in a child process whose IPC channel (process.send) leads to
// Vitest, which never answers the host's ask for the cluster primary's metric lines: each /metrics
// waited out that ask (2 s). Without process.send the host asks no primary (server/ops.mjs
// primaryLines), as a server started without the supervisor does; Vitest's worker keeps its own
// bound copy of process.send, and it is put back for the next file in this worker.
const vitestSend = process.send;

let origin = "";
beforeAll(async () => {
  process.send = undefined;
  userId = (await db.user.create({ data: { firstName: "Ops", email: "ops@example.com" } })).id;
  origin = await listen(hostServer());
});
afterAll(async () => {
  process.send = vitestSend;
  delete process.env.METRICS_TOKEN;
  for (const server of servers) await new Promise((resolve) => server.close(resolve));
});

const json = async (path: string) => {
  const answer = await fetch(`${origin}${path}`);
  return { status: answer.status, body: await answer.json(), headers: answer.headers };
};
/**
 * Past the host's one-second reuse of a readiness answer (server/ops.mjs READY_CACHE_MS, read from
 * Date.now()): the clock is moved on rather than waited out. Only Date is faked, and it keeps
 * running (shouldAdvanceTime); timers stay real.
 */
const pastReadyCache = () => {
  vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true });
  vi.setSystemTime(Date.now() + 1_100);
};
afterAll(() => {
  vi.useRealTimers();
});

describe("/healthz and /readyz", () => {
  it("/healthz answers 200 without a session while the worker runs; /readyz says starting until the app offers its checks", async () => {
    expect(await json("/healthz")).toMatchObject({ status: 200, body: { status: "alive", checks: { host: { ok: true }, worker: { ok: true } } } });
    const starting = await json("/readyz");
    expect(starting.status).toBe(503);
    expect(starting.body.checks.worker).toEqual({ ok: false, detail: "starting" });
  });

  it("/readyz is 200 with each check once the app is up: database, migrations, outbox, worker, heap", async () => {
    offerOperations();
    pastReadyCache();
    const ready = await json("/readyz");
    expect(ready.status).toBe(200);
    expect(ready.headers.get("cache-control")).toBe("no-store");
    expect(ready.body).toEqual({
      status: "ready",
      checks: { worker: { ok: true }, heap: { ok: true }, database: { ok: true }, migrations: { ok: true }, outbox: { ok: true } },
    });
  });

  it("/readyz is 503 past the heap budget, and when the outbox stops draining, naming the check", async () => {
    state.heapFull = true;
    pastReadyCache();
    const full = await json("/readyz");
    state.heapFull = false;
    expect(full.status).toBe(503);
    expect(full.body.checks.heap.ok).toBe(false);

    const stale = new Date(Date.now() - 10 * 60_000);
    const row = await db.notification.create({
      data: { userId, kind: "review_received", cause: "stale", channel: "email", payload: "{}", state: "pending", nextAttemptAt: stale },
    });
    pastReadyCache();
    const stalled = await json("/readyz");
    await db.notification.delete({ where: { id: row.id } });
    expect(stalled.status).toBe(503);
    expect(stalled.body.checks.outbox).toEqual({ ok: false, detail: expect.stringMatching(/^the oldest due notification has waited 6\d\d s \(over 120 s\)$/) });
  });

  it("reuses a readiness answer for a second: a probe every second costs one round of checks", async () => {
    const reads = async () => Number((await (await fetch(`${origin}/metrics`)).text()).match(/^nosh_db_query_duration_seconds_count\{kind="read"\} (\d+)$/m)?.[1] ?? 0);
    pastReadyCache();
    const before = await reads();
    const answers = await Promise.all(Array.from({ length: 20 }, () => json("/readyz")));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    // One round of readiness (4 reads) and the second scrape's own figures (4 reads), not 20 rounds.
    expect((await reads()) - before).toBeLessThanOrEqual(8);
  });
});

describe("request ids", () => {
  it("gives each request an id, passes it to the app, returns it, keeps a valid incoming one, and writes it on the lines and the outbox rows the request causes", async () => {
    const lines: string[] = [];
    const out = vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => (lines.push(String(chunk)), true));
    const fresh = await fetch(`${origin}/orders/12`);
    const kept = await fetch(`${origin}/notify`, { headers: { "x-request-id": "lb-0123456789abcdef" } });
    const refused = await fetch(`${origin}/orders/1`, { headers: { "x-request-id": "bad id <script>" } });
    out.mockRestore();
    expect(fresh.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(kept.headers.get("x-request-id")).toBe("lb-0123456789abcdef");
    expect(seen.header).toBe(refused.headers.get("x-request-id"));
    expect(refused.headers.get("x-request-id")).not.toContain("bad");
    const renders = lines.filter((line) => line.includes("stand-in render")).map((line) => JSON.parse(line) as { reqId?: string });
    expect(renders.map((line) => line.reqId)).toEqual([fresh.headers.get("x-request-id"), "lb-0123456789abcdef", refused.headers.get("x-request-id")]);
    const rows = await db.notification.findMany({ where: { userId, cause: { startsWith: "ops-test:" } }, select: { requestId: true } });
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.requestId === "lb-0123456789abcdef")).toBe(true);
  });
});

describe("/metrics", () => {
  it("counts requests by route template, method, status and what answered; the outbox, payments, dispatch, database time; and reads open without a token outside production", async () => {
    const payment = (state: string, n: number) => ({ userId, provider: "test", intentId: `pi_ops${state}${n}`, brand: "Visa", last4: "4242", amountCents: 1000, state });
    await db.payment.createMany({ data: [payment("authorized", 1), payment("authorized", 2), payment("captured", 1)] });
    for (let i = 1; i <= 5; i++) await (await fetch(`${origin}/orders/${i * 1000}`)).text();
    await (await fetch(`${origin}/orders/1`, { method: "PROPFIND" })).text();
    const answer = await fetch(`${origin}/metrics`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await answer.text();
    const count = text.match(/^nosh_http_request_duration_seconds_count\{route="\/orders\/\[id\]",method="GET",status="200",served="next"\} (\d+)$/m);
    expect(Number(count?.[1])).toBeGreaterThanOrEqual(5);
    expect(text).not.toMatch(/route="\/orders\/\d/);
    expect(text).toMatch(/^nosh_http_request_duration_seconds_count\{route="\/orders\/\[id\]",method="other",status="405",served="host"\} 1$/m);
    expect(text).toMatch(/^nosh_outbox_depth \d+$/m);
    expect(text).toMatch(/^nosh_dispatch_unassigned_jobs 0$/m);
    expect(text).toMatch(/^nosh_event_streams_open 0$/m);
    expect(text).toMatch(/^nosh_db_query_duration_seconds_count\{kind="(read|statement)"\} [1-9]/m);
    expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
    expect(text).toMatch(/^nosh_payments\{state="authorized"\} 2$/m);
    expect(text).toMatch(/^nosh_payments\{state="captured"\} 1$/m);
  });

  it("counts requests refused for the heap", async () => {
    state.heapFull = true;
    const refused = await fetch(`${origin}/orders/5`);
    state.heapFull = false;
    expect(refused.status).toBe(503);
    const text = await (await fetch(`${origin}/metrics`)).text();
    expect(text).toMatch(/^nosh_heap_refusals_total\{what="requests"\} 1$/m);
    expect(text).toMatch(/^nosh_http_request_duration_seconds_count\{route="\/orders\/\[id\]",method="GET",status="503",served="host"\} 1$/m);
  });

  it("with METRICS_TOKEN set: 401 without the bearer token or with another, 200 with it", async () => {
    const guarded = await listen(hostServer("scrape-token-123"));
    expect((await fetch(`${guarded}/metrics`)).status).toBe(401);
    expect((await fetch(`${guarded}/metrics`, { headers: { authorization: "Bearer nope" } })).status).toBe(401);
    const ok = await fetch(`${guarded}/metrics`, { headers: { authorization: "Bearer scrape-token-123" } });
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain("nosh_http_request_duration_seconds");
    // Health stays open: the token guards the figures only.
    expect((await fetch(`${guarded}/healthz`)).status).toBe(200);
  });
});

describe("/bench/probes", () => {
  it("is the app's path without the bench's probes; with them, behind the metrics token, the statements the app ran counted by text", async () => {
    expect(await (await fetch(`${origin}/bench/probes`)).text()).toBe("rendered");
    const probes = benchProbes({ NOSH_BENCH_PROBES: "1" })!;
    try {
      const probed = await listen(hostServer("scrape-token-456", probes));
      expect((await fetch(`${probed}/bench/probes`)).status).toBe(401);
      const read = async () => {
        const answer = await fetch(`${probed}/bench/probes`, { headers: { authorization: "Bearer scrape-token-456" } });
        expect(answer.status).toBe(200);
        return (await answer.json()) as ReturnType<typeof probes.snapshot>;
      };
      const before = await read();
      await db.user.count({ where: { email: "ops@example.com" } });
      const after = await read();
      expect(after.statements.total).toBeGreaterThan(before.statements.total);
      const counted = Object.entries(after.statements.byText).filter(([text, n]) => /FROM .*\bUser\b/.test(text) && n > (before.statements.byText[text] ?? 0));
      expect(counted.length).toBeGreaterThan(0);
    } finally {
      probes.stop();
    }
  });
});

void test;
