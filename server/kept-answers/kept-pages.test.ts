import http from "node:http";
import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import type { ReplayCheck } from "@/lib/shared/host-registries/kept-answers.mjs";
import { keptDuring, keptLine, parseKept } from "../../bench/scenarios/rush/kept-pages.mjs";
import { workerMetrics } from "../metrics.mjs";
import { keptAnswers, type KeptAnswers } from "./store.mjs";
import { pageEntry } from "./entries.mjs";
import { gzipSync } from "node:zlib";

// The kept pages shaped for a city (docs/architecture/catalog-and-caching.md "Shared answers"): a
// page is kept from its second render on, so the distinct URLs of a city (searches, addresses,
// dishes asked once) cost only their render and push nothing out; a kept page is held compressed,
// so the budget holds the pages everyone asks for; every render is counted with why it happened.
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
  // As server/pipeline.mjs: a replay when kept and fresh, else the render, counted and kept as keeps() says.
  const server = http.createServer((req, res) => {
    const place = shared.placeOf(req);
    const kept = shared.find(place);
    const toNext = async () => {
      if (!shared.keeps(place)) return next(req, res);
      shared.capture(place, req, res, await shared.registry.pageMark!(String(req.url)));
      next(req, res);
    };
    if (kept && place) void shared.replay(kept, place, req, res).then((served) => (served ? undefined : toNext()));
    else {
      shared.missed(place);
      void toNext();
    }
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
  it("keeps a page from its second render, not its first: a URL asked once leaves the store as it was", async () => {
    const s = await store({ maxBytes: 4 * 1024 * 1024 });
    const once = Array.from({ length: 40 }, (_, i) => `/search?q=once-${i}&kb=20`);
    await visit(s, once);
    expect(s.shared.size).toMatchObject({ entries: 0, bytes: 0 });
    await s.get("/home?kb=20");
    await s.get("/home?kb=20");
    expect(s.shared.size.entries).toBe(1);
    for (let i = 0; i < 3; i++) await s.get("/home?kb=20");
    expect(s.renders("/home?kb=20")).toBe(2);
    expect(s.shared.stats).toMatchObject({ pageReplays: 3, pageRenders: { once: 41, keeping: 1 } });
  });

  it("counts a page whose render cannot be kept (it set a cookie) apart from one being kept", async () => {
    const s = await store({ maxBytes: 4 * 1024 * 1024 });
    for (let i = 0; i < 3; i++) await s.get("/home?cookie=yes&kb=20");
    expect(s.renders("/home?cookie=yes&kb=20")).toBe(3);
    expect(s.shared.stats.pageRenders).toEqual({ once: 1, keeping: 1, unkeepable: 1 });
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
    expect(pages.map(s.renders)).toEqual(pages.map(() => 2));
    expect(s.shared.stats.evictions).toBe(0);
  });

  it("keeps the pages everyone asks for resident while many times the budget of distinct first visits go by", async () => {
    // The rush's shape, scaled down: its page set kept, then distinct visits 8 at a time whose
    // pages, were each kept, would fill the budget four times over.
    const s = await store({ maxBytes: 1024 * 1024 });
    const pageSet = Array.from({ length: 40 }, (_, i) => `/menu-items/${i}?kb=60`);
    await visit(s, [...pageSet, ...pageSet]);
    const kept = s.shared.size;
    expect(kept.entries).toBe(40);
    await visit(
      s,
      Array.from({ length: 400 }, (_, i) => `/home?address=${i}-main-street&kb=60`),
    );
    expect(s.shared.size).toEqual(kept);
    await visit(s, pageSet);
    expect(pageSet.map(s.renders)).toEqual(pageSet.map(() => 2));
    expect(s.shared.stats.evictions).toBe(0);
  });

  it("evicts by bytes, the least recently used first, and counts each render with why: once, keeping, evicted, invalidated by which write, not replayable", async () => {
    let answer: ReplayCheck = { verdict: "fresh", cookies: [] };
    const s = await store({ maxBytes: 100 * 1024 }, () => answer);
    const pages = Array.from({ length: 8 }, (_, i) => `/restaurants/${i}?kb=200`);
    await visit(s, [...pages, ...pages], 1);
    expect(s.shared.stats.evictions).toBeGreaterThan(0);
    expect(s.shared.size.bytes).toBeLessThanOrEqual(100 * 1024);
    // The last kept is there; the first was pushed out and is rendered again, as evicted.
    await s.get(pages[7]!);
    await s.get(pages[0]!);
    expect([s.renders(pages[7]!), s.renders(pages[0]!)]).toEqual([2, 3]);
    answer = { verdict: "stale", by: "menu" };
    await s.get(pages[0]!);
    answer = { verdict: "fresh", cookies: [] };
    await s.get(pages[0]!);
    answer = { verdict: "next" };
    await s.get(pages[0]!);
    const { pageRenders, pageReplays } = s.shared.stats;
    expect(pageRenders).toEqual({ once: 8, keeping: 8, evicted: 1, "invalidated:menu": 1, "not-replayable": 1 });
    expect(pageReplays).toBe(2);

    // The same figures in /metrics, with the hit rate and the bytes against the budget.
    const metrics = workerMetrics();
    metrics.keptAnswers(() => ({ stats: s.shared.stats, size: s.shared.size }));
    const text = await metrics.registry.metrics();
    expect(text).toContain('nosh_kept_pages_total{outcome="rendered",reason="invalidated",by="menu"} 1');
    expect(text).toContain('nosh_kept_pages_total{outcome="rendered",reason="once",by=""} 8');
    expect(text).toContain('nosh_kept_pages_total{outcome="replayed",reason="",by=""} 2');
    expect(text).toMatch(/^nosh_kept_pages_hit_ratio 0\.095\d*$/m);
    expect(text).toMatch(/^nosh_kept_answers_evictions_total [1-9]/m);
    expect(text).toContain(`nosh_kept_answers_bytes{what="budget"} ${100 * 1024}`);

    // What the rush's bench reads of them (bench/scenarios/rush/kept-pages.mjs): the step's split and its reasons.
    const figures = parseKept(text);
    expect(figures).toMatchObject({ replays: 2, renders: pageRenders, budget: 100 * 1024 });
    const step = keptDuring([{ ...figures, replays: 0, renders: { once: 8 }, evictions: 0 }], [figures]);
    expect(step).toMatchObject({ replays: 2, renders: { once: 0, keeping: 8, "invalidated:menu": 1 }, servers: 1 });
    expect(keptLine(step)).toMatch(/^pages: 2 of 13 replayed \(15\.4%\), 11 rendered: second visits \(kept now\) 8 .*invalidated by a menu write 1/);
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
