import { expect, test } from "@playwright/test";
import { freshDataDir, inspectHeap, npmStartSettings, reliabilityPort, rssMb, SIZE, startServer, workerPid, type Server } from "../support/reliability";

// What anonymous visitors can make `npm start`'s server keep (three rounds of 3,000
// distinct URLs took its worker out of its 160 MB heap; the catalog cache kept each search's
// promise, and with it that whole request, and the host's kept pages held 16 KB zlib chunks for
// segments of a few bytes). Distinct searches, addresses and dish pages against one server:
// the worker is never replaced, every answer is a 200, and its heap after a full GC and its RSS
// end within the memory budget of the stores docs/deploying.md names ("Memory") of where they
// started. The heap is read through the worker's inspector (opened by SIGUSR1 on the port the
// primary's --inspect-port gives it: that port + 1), after two full collections
// (e2e/support/heap-after-gc.mjs).

const NAME = "visitor-memory";
const INSPECT_PORT = reliabilityPort(26);
/** What the stores that hold the heap may add (catalog 12 MB + search 6 MB + session checks 1 MB), and room for code the JIT compiles. */
const HEAP_MARGIN_MB = 26;
/** What the RSS may add: those, the host's kept answers (32 MB), Next.js's own bounded caches, and the allocator's slack. */
const RSS_MARGIN_MB = 90;
/** Requests at once, as the attack's visitors. */
const CONCURRENCY = 8;

let server: Server;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  freshDataDir(NAME);
  const { nodeFlags, env } = npmStartSettings();
  server = await startServer({ name: NAME, port: reliabilityPort(25), nodeFlags: [...nodeFlags, `--inspect-port=${INSPECT_PORT}`], env });
});

test.afterAll(async () => {
  await server?.stop();
});

/** The worker's heap after a full GC, in MB. */
const heapAfterGcMb = async () => (await inspectHeap(INSPECT_PORT + 1)).usedBytes / 1024 / 1024;

/** Asks for every URL, CONCURRENCY at a time; the statuses answered, by status. */
async function visit(urls: string[]): Promise<Record<string, number>> {
  const statuses: Record<string, number> = {};
  let next = 0;
  const lane = async () => {
    while (next < urls.length) {
      const url = urls[next++]!;
      const status = await fetch(server.url + url, {
        headers: { accept: "text/html", "accept-encoding": "gzip, br" },
        redirect: "manual",
        signal: AbortSignal.timeout(60_000),
      })
        .then(async (response) => (await response.arrayBuffer(), String(response.status)))
        .catch((error: Error) => `${error.name}: ${url}`);
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, lane));
  return statuses;
}

test("thousands of distinct searches, addresses and dish pages leave the worker's heap and RSS within the stated budget", async () => {
  test.setTimeout(300_000);
  const { restaurants } = (await (await fetch(`${server.url}/api/restaurants/`)).json()) as { restaurants: { id: number }[] };
  const dishes = ((await (await fetch(`${server.url}/api/menu-items?limit=100`)).json()) as { id: number }[]).map((dish) => dish.id);
  expect(restaurants.length).toBeGreaterThan(0);
  expect(dishes.length).toBeGreaterThan(0);
  // Every kind of visit, each URL its own: a search's words, an address, a dish page's query.
  const urls = (from: number, count: number) =>
    Array.from({ length: count }, (_, n) => {
      const i = from + n;
      return [
        `/search?q=pizza${i}`,
        `/search?q=${["noodle", "taco", "curry"][i % 3]}+${i}&sort=rating`,
        `/home?address=${encodeURIComponent(`${100 + i} Market Street, San Francisco, CA 94103`)}`,
        `/menu-items/${dishes[i % dishes.length]}?from=${i}`,
      ];
    }).flat();

  const worker = workerPid(server)!;
  const kill = (signal: NodeJS.Signals) => process.kill(worker, signal);
  kill("SIGUSR1");
  // Warm up: the routes' modules loaded and compiled, a few of each answer kept.
  expect(await visit(urls(1_000_000, 20))).toEqual({ "200": 80 });
  const heapBefore = await heapAfterGcMb();
  const rssBefore = rssMb(worker);

  const statuses = await visit(urls(0, SIZE.visitorRounds));
  const heapAfter = await heapAfterGcMb();
  const rssAfter = rssMb(worker);
  const summary = `heap after GC ${heapBefore.toFixed(1)} -> ${heapAfter.toFixed(1)} MB, RSS ${rssBefore} -> ${rssAfter} MB, ${SIZE.visitorRounds * 4} visits: ${JSON.stringify(statuses)}`;
  console.log(`visitor-memory: ${summary}`);
  test.info().annotations.push({ type: "memory", description: summary });

  expect(workerPid(server), "the worker was replaced").toBe(worker);
  expect(statuses).toEqual({ "200": SIZE.visitorRounds * 4 });
  expect(heapAfter - heapBefore, summary).toBeLessThan(HEAP_MARGIN_MB);
  expect(rssAfter - rssBefore, summary).toBeLessThan(RSS_MARGIN_MB);
});
