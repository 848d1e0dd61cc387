import { expect, test } from "@playwright/test";
import { freshDataDir, inspectHeap, npmStartSettings, reliabilityPort, startServer, workerPid, type Server } from "../support/reliability";

// The host's heap budget end to end (docs/architecture/memory.md, "The heap budget"; the decision
// and the recheck are unit-tested in server/heap-guard.test.ts and lib/shared/web/heap-recheck.test.ts):
// `npm start`'s server, its worker's heap taken past 80% of its limit (ballast put on it through
// the worker's inspector, then a full collection, as a burst's backlog would leave it), answers a
// request for the app 503 with Retry-After and the contract's JSON error before reading it, still
// serves its static files and kept pages, and stays up; once the ballast is garbage, a refusal's
// own full collection (server/heap-guard.mjs, lib/shared/web/heap-recheck.mjs) finds the heap back
// under budget, with no other collection needed, and the same request is answered again.

const NAME = "heap-guard";
const INSPECT_PORT = reliabilityPort(29);
/** Where the ballast takes the heap, as a share of its limit: past the host's 80%, under V8's old-space cap (91%). */
const TARGET_SHARE = 0.84;
const MB = 1024 * 1024;

let server: Server;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  freshDataDir(NAME);
  const { nodeFlags, env } = npmStartSettings();
  expect(nodeFlags, "npm start gives the worker gc() for the recheck").toContain("--expose-gc");
  server = await startServer({ name: NAME, port: reliabilityPort(28), nodeFlags: [...nodeFlags, `--inspect-port=${INSPECT_PORT}`], env });
});

test.afterAll(async () => {
  await server?.stop();
});

/** Evaluates `expression` in the worker (its inspector), then two full collections unless `collect` is false. */
const inWorker = (expression = "", collect = true) => inspectHeap(INSPECT_PORT + 1, expression, collect);

const get = (url: string, headers: Record<string, string> = {}) => fetch(server.url + url, { headers, redirect: "manual", signal: AbortSignal.timeout(30_000) });

test("past its heap budget the worker refuses what would reach the app, serves static files and kept pages, and takes requests again once the heap is back", async () => {
  test.setTimeout(180_000);
  const worker = workerPid(server)!;
  process.kill(worker, "SIGUSR1");
  // A catalog page kept by the host (an anonymous render, kept from its second; the app fills the
  // host's registry in on its first request), asked until it is replayed (its paint-first loader),
  // and one of its scripts.
  const page = "/home";
  const html = await (await get(page, { accept: "text/html", "accept-encoding": "br" })).text();
  let replayed = false;
  for (let attempt = 0; attempt < 5 && !replayed; attempt++)
    replayed = (await (await get(page, { accept: "text/html", "accept-encoding": "br" })).text()).includes("__noshScripts()");
  expect(replayed, "the page is kept").toBe(true);
  const script = /\/_next\/static\/chunks\/[^"]+\.js/.exec(html)?.[0];
  expect(script, "the page loads a script").toBeTruthy();
  const app = "/api/orders/open"; // the app's own answer every time (401 for a visitor), never kept
  expect((await get(app)).status).toBe(401);

  const before = await inWorker();
  const ballastMb = Math.ceil((TARGET_SHARE * before.limitBytes - before.usedBytes) / MB);
  expect(ballastMb, `the heap holds ${(before.usedBytes / MB).toFixed(0)} of ${(before.limitBytes / MB).toFixed(0)} MB at rest`).toBeGreaterThan(10);
  // Arrays of doubles: on V8's heap (a typed array's bytes are not), 1 MB each.
  const full = await inWorker(`globalThis.__heapGuardBallast = Array.from({ length: ${ballastMb} }, () => new Array(131072).fill(1.5)); ${ballastMb}`);
  const summary = `heap ${(before.usedBytes / MB).toFixed(0)} -> ${(full.usedBytes / MB).toFixed(0)} MB after ${ballastMb} MB of ballast, limit ${(full.limitBytes / MB).toFixed(0)} MB`;
  test.info().annotations.push({ type: "heap", description: summary });
  expect(full.usedBytes / full.limitBytes, summary).toBeGreaterThan(0.8);

  const refused = await get(app);
  expect(refused.status, summary).toBe(503);
  expect(refused.headers.get("retry-after")).toBe("1");
  expect(await refused.json()).toMatchObject({ message: "The service is busy. Please try again in a moment." });
  const kept = await get(page, { accept: "text/html", "accept-encoding": "br" });
  expect(kept.status, "a kept page is replayed").toBe(200);
  expect(await kept.text()).toContain("</html>");
  const asset = await get(script!, { "accept-encoding": "br" });
  expect(asset.status, "a static file is served").toBe(200);
  await asset.arrayBuffer();
  expect(workerPid(server), "the worker was not replaced").toBe(worker);

  // The ballast becomes garbage; nothing else collects it: the refusals' rechecks find the room.
  await inWorker("delete globalThis.__heapGuardBallast", false);
  // Within RECHECK_MS (2 s) and a retry of it; V8's own memory reducer would start one only some
  // 8 s after the last collection (measured without the recheck: 9 s).
  const releasedAt = Date.now();
  await expect.poll(async () => (await get(app)).status, { timeout: 5_000, intervals: [250] }).toBe(401);
  test.info().annotations.push({ type: "recovery", description: `answered again ${Date.now() - releasedAt} ms after the ballast was released` });
  console.log(`heap-guard: ${summary}; answered again ${Date.now() - releasedAt} ms after the ballast was released`);
  expect(workerPid(server), "the worker was not replaced").toBe(worker);
});
