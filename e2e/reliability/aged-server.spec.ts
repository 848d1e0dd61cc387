import { expect, test } from "@playwright/test";
import { buildRoutes } from "../support/build-routes.mjs";
import { freshDataDir, inspectHeap, npmStartSettings, reliabilityPort, rssMb, startServer, workerPid, type Server } from "../support/reliability";

// A server that has run for a while is as good as new (docs/architecture/memory.md, "Framework
// realms"): after every route of the build was asked by an anonymous visitor and by each demo
// role, the worker's heap after a full GC has grown by the routes' code, not by a realm per
// route's manifest (Next.js kept one, 0.16-0.46 MB each: a long-running server's heap crossed the
// live streams' budget and refused every new stream), and a signed-in live stream still opens.
// A shortened form of the long-running check; `npm run bench -- --aged` measures the pages and
// the CPU at rest of a server aged the same way.

const NAME = "aged-server";
const INSPECT_PORT = reliabilityPort(32);
/** The code of 237 routes compiled, and the stores' first entries (measured: 37-45 MB; with a realm per route: 76 MB and more). */
const HEAP_GROWTH_MB = 55;
/** Demo accounts (prisma/seed-data.ts): an owner, a customer, a courier, the operator. */
const ROLES = [1, 3, 6, 9];

let server: Server;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  freshDataDir(NAME);
  const { nodeFlags, env } = npmStartSettings();
  server = await startServer({ name: NAME, port: reliabilityPort(31), nodeFlags: [...nodeFlags, `--inspect-port=${INSPECT_PORT}`], env });
});

test.afterAll(async () => {
  await server?.stop();
});

/** The Set-Cookie pairs of a response as a Cookie header's parts. */
const pairsOf = (response: Response) => Object.fromEntries(response.headers.getSetCookie().map((c) => c.split(";")[0]!.split(/=(.*)/s).slice(0, 2) as [string, string]));

/** Signs in as a demo user (POST /api/users/demo/{id}): its Cookie header. */
async function demoCookie(userId: number): Promise<string> {
  const first = await fetch(`${server.url}/api/auth/`);
  const xsrf = pairsOf(first)["XSRF-TOKEN"]!;
  const login = await fetch(`${server.url}/api/users/demo/${userId}`, {
    method: "POST",
    headers: { cookie: `XSRF-TOKEN=${xsrf}`, "XSRF-Token": decodeURIComponent(xsrf) },
  });
  expect(login.status, `demo login ${userId}`).toBeLessThan(300);
  return Object.entries(pairsOf(login))
    .map(([name, value]) => `${name}=${value}`)
    .join("; ");
}

/** GETs every URL with `cookie`, 4 at a time; the statuses, by status (5xx named by URL). */
async function visit(urls: string[], cookie: string): Promise<Record<string, number>> {
  const statuses: Record<string, number> = {};
  let next = 0;
  const lane = async () => {
    while (next < urls.length) {
      const url = urls[next++]!;
      const status = await fetch(server.url + url, { headers: { cookie, accept: "text/html" }, redirect: "manual", signal: AbortSignal.timeout(60_000) })
        .then(
          async (response) => (
            await response.arrayBuffer(),
            response.status >= 500 ? `${response.status} ${url}` : String(response.status >= 400 ? "4xx" : response.status < 300 ? "2xx" : "3xx")
          ),
        )
        .catch((error: Error) => `${error.name}: ${url}`);
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: 4 }, lane));
  return statuses;
}

/** A signed-in live stream's status and first bytes. */
async function openStream(cookie: string): Promise<{ status: number; first: string }> {
  const controller = new AbortController();
  const response = await fetch(`${server.url}/api/notifications/events`, { headers: { cookie }, signal: controller.signal });
  const chunk = response.ok ? await response.body!.getReader().read() : { value: new TextEncoder().encode(await response.text()) };
  controller.abort();
  return { status: response.status, first: new TextDecoder().decode(chunk.value) };
}

test("every route asked by every role leaves the worker's heap with its code, not a realm per route, and a live stream still opens", async () => {
  test.setTimeout(300_000);
  const worker = workerPid(server)!;
  process.kill(worker, "SIGUSR1"); // the worker's inspector, on INSPECT_PORT + 1
  const cookies = [""];
  for (const id of ROLES) cookies.push(await demoCookie(id));
  const routes = buildRoutes();
  expect(routes.length).toBeGreaterThan(100);
  // The home page once, so the heap is read after start-up's lazy work.
  expect((await fetch(`${server.url}/home`)).status).toBe(200);
  const heapBefore = (await inspectHeap(INSPECT_PORT + 1)).usedBytes / 1024 / 1024;
  const statuses: Record<string, number> = {};
  for (const cookie of cookies) for (const [status, n] of Object.entries(await visit(routes, cookie))) statuses[status] = (statuses[status] ?? 0) + n;
  const { usedBytes, limitBytes } = await inspectHeap(INSPECT_PORT + 1);
  const heapAfter = usedBytes / 1024 / 1024;
  const stream = await openStream(cookies[2]!);
  const summary = `heap after GC ${heapBefore.toFixed(1)} -> ${heapAfter.toFixed(1)} MB of ${(limitBytes / 1024 / 1024).toFixed(0)}, RSS ${rssMb(worker)} MB, ${routes.length} routes x ${cookies.length}: ${JSON.stringify(statuses)}, stream ${stream.status}`;
  console.log(`aged-server: ${summary}`);
  test.info().annotations.push({ type: "memory", description: summary });

  expect(workerPid(server), "the worker was replaced").toBe(worker);
  expect(
    Object.keys(statuses).filter((status) => !/^[234]xx$/.test(status)),
    summary,
  ).toEqual([]);
  expect(heapAfter - heapBefore, summary).toBeLessThan(HEAP_GROWTH_MB);
  expect(stream.status, stream.first).toBe(200);
  expect(stream.first).toContain("retry:");
});
