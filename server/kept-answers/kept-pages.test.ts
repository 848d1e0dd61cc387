import http from "node:http";
import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import type { ReplayCheck } from "@/lib/shared/web/registries/kept-answers.mjs";
import { keptDuring, keptLine, parseKept } from "../../bench/scenarios/rush/kept-pages.mjs";
import { workerMetrics } from "../metrics.mjs";
import { keptAnswers, type KeptAnswers } from "./store.mjs";
import { pageEntry } from "./entries.mjs";
import { gzipSync } from "node:zlib";

// The kept pages shaped for a city (docs/architecture/catalog-and-caching.md "Shared answers"): a
// page is kept from its first render on, on trial until it is asked again, so the distinct URLs of
// a city (searches, addresses, dishes asked once) push out only each other; requests for a page
// being rendered to be kept wait for that render; a kept page is held compressed, so the budget
// holds the pages everyone asks for; every render is counted with why it happened.
// Against a stand-in for Next.js that renders catalog-like HTML and counts its renders, driven
// as server/pipeline.mjs drives the store.

/** A catalog-like page of about `kb` KB: cards with names, prices and photos, compressing about as a real one does. */
function catalogHtml(nonce: string, kb: number) {
  const cards: string[] = [];
  const words = randomBytes(6 * 2048).toString("base64url");
  for (let i = 0, length = 0; length < kb * 1024; i++, length += cards.at(-1)!.length) {
    const word = words.slice((i * 8) % (words.length - 8), ((i * 8) % (words.length - 8)) + 8);
    cards.push(
      `<article class="card rounded-lg shadow-sm"><a href="/menu-items/${i}"><img alt="${word}" loading="lazy" src="/images/food/${word}.webp?w=640&amp;q=75"/>` +
        `<h3 class="text-base font-semibold">${word} noodles</h3><p class="text-sm text-muted">$${(i % 40) + 5}.${i % 10}9 · ${i % 5}.${i % 9} ★</p></a></article>`,
    );
  }
  return `<!DOCTYPE html><html><head><script nonce="${nonce}">self.n=1</script></head><body class="b"><main>${cards.join("")}</main><script nonce="${nonce}">self.__next_f=[]</script></body></html>`;
}

type Store = { shared: KeptAnswers; get: (path: string) => Promise<string>; renders: (path: string) => number; close: () => Promise<void> };
const open: Store[] = [];
afterEach(async () => {
  for (const store of open.splice(0)) await store.close();
});

/** A store with `budget`, in front of the stand-in; `verdict` is what the app's check says (and `by`, for a stale one). */
async function store(budget: { maxBytes: number; maxEntries?: number }, check: () => ReplayCheck = () => ({ verdict: "fresh", cookies: [] })): Promise<Store> {
  const shared = keptAnswers({ maxEntryBytes: 512 * 1024, maxEntries: 2_000, ...budget });
  const rendered = new Map<string, number>();
  shared.registry.check = async () => check();
  shared.registry.pageKey = (url) => ({ key: `page ${url}`, personal: false, anonymousCookie: "" });
  shared.registry.pageMark = async () => "7;";
  const next = (req: http.IncomingMessage, res: http.ServerResponse) => {
    rendered.set(req.url!, (rendered.get(req.url!) ?? 0) + 1);
    const nonce = randomBytes(12).toString("base64");
    res.setHeader("content-security-policy", `script-src 'nonce-${nonce}' 'strict-dynamic'`);
    res.setHeader("content-type", "text/html; charset=utf-8");
    if (req.url!.includes("cookie=yes")) res.setHeader("set-cookie", "nosh_session=s"); // an answer for this request only
    res.end(catalogHtml(nonce, Number(/kb=(\d+)/.exec(req.url!)?.[1] ?? 100)));
  };
  // As server/pipeline.mjs: a wait for a render of the page under way, then a replay when kept
  // and fresh, else the render (claimed before its mark), counted and kept as keeps() says.
  const fromStore = (place: ReturnType<typeof shared.placeOf>, req: http.IncomingMessage, res: http.ServerResponse) => {
    const kept = shared.find(place);
    const toNext = async () => {
      if (!shared.keeps(place)) return next(req, res);
      shared.claim(place);
      shared.capture(place, req, res, await shared.registry.pageMark!(String(req.url)));
      // Next.js's render takes a while (the requests meanwhile wait for it).
      setTimeout(() => next(req, res), 5);
    };
    if (kept && place) void shared.replay(kept, place, req, res).then((served) => (served ? undefined : toNext()));
    else {
      shared.missed(place);
      void toNext();
    }
  };
  const server = http.createServer((req, res) => {
    const place = shared.placeOf(req);
    const underway = shared.underway(place);
    if (underway) void underway.then(() => fromStore(place, req, res));
    else fromStore(place, req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const made: Store = {
    shared,
    get: async (path) => {
      const text = await (await fetch(base + path, { headers: { accept: "text/html", "accept-encoding": "gzip" } })).text();
      // The page it rendered is compressed off the main thread: kept once that is done.
      await shared.settled();
      return text;
    },
    renders: (path) => rendered.get(path) ?? 0,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  open.push(made);
  return made;
}

/** `paths` asked `at` at a time (the rush's anonymous visitors: 8). */
async function visit(s: Store, paths: string[], at = 8) {
  for (let i = 0; i < paths.length; i += at) await Promise.all(paths.slice(i, i + at).map((path) => s.get(path)));
}

describe("kept pages shaped for a city", () => {
  it("keeps a page from its first render: the second visit is replayed, byte for byte but its nonce", async () => {
    const s = await store({ maxBytes: 4 * 1024 * 1024 });
    const first = await s.get("/restaurants/1?kb=60");
    expect(s.shared.size).toMatchObject({ entries: 1, trial: 1 });
    const second = await s.get("/restaurants/1?kb=60");
    // Asked again: out of the trial, into the pages kept.
    expect(s.shared.size).toMatchObject({ entries: 1, trial: 0 });
    for (let i = 0; i < 3; i++) await s.get("/restaurants/1?kb=60");
    expect(s.renders("/restaurants/1?kb=60")).toBe(1);
    const nonceOf = (html: string) => /nonce="([^"]+)"/.exec(html)![1]!;
    expect(nonceOf(second)).not.toBe(nonceOf(first));
    expect(second.replaceAll(nonceOf(second), "N")).toBe(first.replaceAll(nonceOf(first), "N"));
    expect(s.shared.stats).toMatchObject({ pageReplays: 4, pageRenders: { once: 1 } });
  });

  it("renders a page once for the requests that come while its render is under way, and replays it to them", async () => {
    const s = await store({ maxBytes: 4 * 1024 * 1024 });
    const pages = await Promise.all(Array.from({ length: 12 }, () => s.get("/home?kb=60")));
    expect(s.renders("/home?kb=60")).toBe(1);
    expect(new Set(pages.map((html) => /nonce="([^"]+)"/.exec(html)![1])).size).toBe(12);
    expect(s.shared.stats).toMatchObject({ pageReplays: 11, pageRenders: { once: 1 } });
  });

  it("counts a page whose render cannot be kept (it set a cookie) apart from a first visit; those that waited for it render", async () => {
    const s = await store({ maxBytes: 4 * 1024 * 1024 });
    for (let i = 0; i < 3; i++) await s.get("/home?cookie=yes&kb=20");
    expect(s.renders("/home?cookie=yes&kb=20")).toBe(3);
    expect(s.shared.stats.pageRenders).toEqual({ once: 1, unkeepable: 2 });
    // Three at once: one render, then the two that waited for it, each its own (one of them beside the other's).
    await Promise.all(Array.from({ length: 3 }, () => s.get("/home?cookie=yes&kb=20")));
    expect(s.renders("/home?cookie=yes&kb=20")).toBe(6);
    expect(s.shared.stats.pageRenders).toEqual({ once: 1, unkeepable: 4, keeping: 1 });
  });

  it("holds a page compressed: a budget smaller than the pages' HTML holds them all, replayed byte for byte", async () => {
    // 12 pages of 120 KB of HTML (1.4 MB) in a 512 KB budget: kept raw, three would fit.
    const s = await store({ maxBytes: 512 * 1024 });
    const pages = Array.from({ length: 12 }, (_, i) => `/restaurants/${i}?kb=120`);
    const first = new Map<string, string>();
    for (const path of pages) {
      await s.get(path);
      first.set(path, await s.get(path));
    }
    expect(s.shared.size.entries).toBe(12);
    expect(s.shared.size.bytes).toBeLessThan(512 * 1024);
    expect(s.shared.size.bytes).toBeLessThan((12 * 120 * 1024) / 2);
    for (const path of pages) {
      const replay = await s.get(path);
      // The same page but for its nonce (replaced on every answer).
      const nonceOf = (html: string) => /nonce="([^"]+)"/.exec(html)![1]!;
      expect(replay.replaceAll(nonceOf(replay), "N"), path).toBe(first.get(path)!.replaceAll(nonceOf(first.get(path)!), "N"));
    }
    expect(pages.map(s.renders)).toEqual(pages.map(() => 1));
    expect(s.shared.stats.evictions).toBe(0);
  });

  it("keeps the pages everyone asks for resident while many times the budget of distinct first visits go by: those push out only each other", async () => {
    // The rush's shape, scaled down: its page set kept, then distinct visits 8 at a time whose
    // pages, were each kept for good, would fill the budget four times over.
    const s = await store({ maxBytes: 1024 * 1024 });
    const pageSet = Array.from({ length: 40 }, (_, i) => `/menu-items/${i}?kb=60`);
    await visit(s, [...pageSet, ...pageSet, ...pageSet]);
    expect(s.shared.size).toMatchObject({ entries: 40, trial: 0 });
    const rendered = pageSet.map(s.renders);
    const evictions = s.shared.stats.evictions;
    await visit(
      s,
      Array.from({ length: 400 }, (_, i) => `/home?address=${i}-main-street&kb=60`),
    );
    expect(s.shared.size.entries - s.shared.size.trial).toBe(40);
    expect(s.shared.size.trial).toBeGreaterThan(0);
    expect(s.shared.size.bytes).toBeLessThanOrEqual(1024 * 1024);
    expect(s.shared.stats.evictions - evictions).toBe(400 - s.shared.size.trial);
    await visit(s, pageSet);
    expect(pageSet.map(s.renders)).toEqual(rendered);
    // The last address asked is on trial, replayed if asked again; the first was pushed out by the others.
    const evicted = s.shared.stats.pageRenders.evicted ?? 0;
    await s.get("/home?address=399-main-street&kb=60");
    await s.get("/home?address=0-main-street&kb=60");
    expect([s.renders("/home?address=399-main-street&kb=60"), s.renders("/home?address=0-main-street&kb=60")]).toEqual([1, 2]);
    expect(s.shared.stats.pageRenders.evicted).toBe(evicted + 1);
  });

  it("evicts by bytes, the least recently used first, and counts each render with why: once, evicted, invalidated by which write, not replayable", async () => {
    let answer: ReplayCheck = { verdict: "fresh", cookies: [] };
    const s = await store({ maxBytes: 100 * 1024 }, () => answer);
    // Ten pages of about 11 KB compressed, each asked twice: replayed, so kept past the trial,
    // in the 87.5 KB left beside it.
    const pages = Array.from({ length: 10 }, (_, i) => `/restaurants/${i}?kb=120`);
    for (const path of pages) await visit(s, [path, path], 1);
    expect(s.shared.stats.evictions).toBeGreaterThan(0);
    expect(s.shared.size.bytes).toBeLessThanOrEqual(100 * 1024);
    // The last kept is there; the first was pushed out and is rendered again, as evicted.
    await s.get(pages[9]!);
    await s.get(pages[0]!);
    expect([s.renders(pages[9]!), s.renders(pages[0]!)]).toEqual([1, 2]);
    answer = { verdict: "stale", by: "menu" };
    await s.get(pages[0]!);
    answer = { verdict: "fresh", cookies: [] };
    await s.get(pages[0]!);
    answer = { verdict: "next" };
    await s.get(pages[0]!);
    const { pageRenders, pageReplays } = s.shared.stats;
    expect(pageRenders).toEqual({ once: 10, evicted: 1, "invalidated:menu": 1, "not-replayable": 1 });
    expect(pageReplays).toBe(12);

    // The same figures in /metrics, with the hit rate and the bytes against the budget.
    const metrics = workerMetrics();
    metrics.keptAnswers(() => ({ stats: s.shared.stats, size: s.shared.size }));
    const text = await metrics.registry.metrics();
    expect(text).toContain('nosh_kept_pages_total{outcome="rendered",reason="invalidated",by="menu"} 1');
    expect(text).toContain('nosh_kept_pages_total{outcome="rendered",reason="once",by=""} 10');
    expect(text).toContain('nosh_kept_pages_total{outcome="replayed",reason="",by=""} 12');
    expect(text).toMatch(/^nosh_kept_pages_hit_ratio 0\.48$/m);
    expect(text).toMatch(/^nosh_kept_answers_evictions_total [1-9]/m);
    expect(text).toContain(`nosh_kept_answers_bytes{what="budget"} ${100 * 1024}`);

    // What the rush's bench reads of them (bench/scenarios/rush/kept-pages.mjs): the step's split and its reasons.
    const figures = parseKept(text);
    expect(figures).toMatchObject({ replays: 12, renders: pageRenders, budget: 100 * 1024 });
    const step = keptDuring([{ ...figures, replays: 0, renders: { once: 10 }, evictions: 0 }], [figures]);
    expect(step).toMatchObject({ replays: 12, renders: { once: 0, evicted: 1, "invalidated:menu": 1 }, servers: 1 });
    expect(keptLine(step)).toMatch(/^pages: 12 of 15 replayed \(80\.0%\), 3 rendered: .*invalidated by a menu write 1/);
  });
});

describe("keeping a page and the event loop", () => {
  it("decodes and compresses a 200 KB page off the main thread: the loop runs before the entry is made", async () => {
    const nonce = randomBytes(12).toString("base64");
    const headers: Record<string, string> = {
      "content-security-policy": `script-src 'nonce-${nonce}' 'strict-dynamic'`,
      "content-type": "text/html; charset=utf-8",
      "content-encoding": "gzip",
    };
    // The answer as Next.js leaves it to the capture: its headers, and its body gzipped.
    const res = { getHeaders: () => headers, getHeader: (name: string) => headers[name] } as unknown as http.ServerResponse;
    const made = pageEntry(res, [gzipSync(catalogHtml(nonce, 200))], "7;");
    let turned = false;
    setImmediate(() => (turned = true));
    const entry = await made;
    expect(turned).toBe(true);
    expect(entry?.segments.length).toBeGreaterThan(1);
  });
});
