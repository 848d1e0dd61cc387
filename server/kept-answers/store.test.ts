import http from "node:http";
import vm from "node:vm";
import { gunzipSync, gzipSync } from "node:zlib";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SHARED_HEADER } from "@/lib/shared/web/host-contract.mjs";
import type { ReplayCheck } from "@/lib/shared/web/registries/kept-answers.mjs";
import { sessionHole } from "@/lib/shared/web/session-hole";
import { deflateSegmentAside, gzipOfPieces, inflateSegment } from "./gzip-pieces.mjs";
import { inlineStyles } from "../inline-styles.mjs";
import { paintFirst } from "../paint-first.mjs";
import { paintsFirst } from "../paint-first-whole.mjs";
import { keptAnswers, type KeptAnswers } from "./store.mjs";

// The host's keeper of shared answers (lib/server/web/kept-answers/index.ts has the app's side), in
// front of a stand-in for Next.js that counts what it answers: which answers are kept, which are
// not, and that memory stays within its bounds. e2e/search/api.spec.ts checks the real thing.

type Verdict = ReplayCheck["verdict"];
let shared: KeptAnswers;
/** The registry the app would fill in (lib/shared/web/registries/kept-answers.mjs), filled in here by the stand-in. */
const registry = () => shared.registry;

const answered = new Map<string, number>();
let verdict: Verdict = "fresh";
let server: http.Server;
let base: string;
/** The anonymous render the host asked for last (fill), to wait for. */
let filled: Promise<unknown> | undefined;
/** The signed-in stand-in's users: the `session` cookie names one (a user named "</script>" too). */
const users: Record<string, string> = { ann: '{"firstName":"Ann"}', bob: '{"firstName":"Bob</script><script>alert(1)</script>"}' };
const sessionOf = (cookie: string | undefined) => /(?:^|; )session=(\w+)/.exec(cookie ?? "")?.[1];

beforeAll(async () => {
  shared = keptAnswers({ maxBytes: 10_000, maxEntryBytes: 5_000, maxEntries: 20 });
  registry().check = async (_mark, url, cookie, personal) => {
    if (verdict !== "fresh") return { verdict };
    if (!personal) return { verdict, cookies: [] };
    const user = users[sessionOf(cookie) ?? ""];
    if (!user) return { verdict: "next" }; // a session that no longer holds
    if (url.includes("landing")) return { verdict, cookies: [], redirect: "/home" };
    return { verdict, cookies: [], hole: (nonce) => sessionHole(user, nonce) };
  };
  // A page (kept from its first render on, as every catalog page is).
  registry().pageKey = (url, cookie) => (url.startsWith("/page") ? { key: `page ${url}`, personal: sessionOf(cookie) !== undefined, anonymousCookie: "" } : null);
  registry().pageMark = async () => "7;";
  // The stand-in: ?size= bytes of "x", marked unless ?mark=no, setting a cookie if ?cookie=yes;
  // /page: an HTML page whose scripts carry the policy's nonce, compressed when asked, naming
  // the signed-in user when rendered for one.
  const next = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = new URL(req.url!, "http://x");
    answered.set(req.url!, (answered.get(req.url!) ?? 0) + 1);
    if (url.pathname === "/page" || url.pathname === "/page2") {
      const nonce = `n${Math.random().toString(36).slice(2)}`;
      res.setHeader("content-security-policy", `script-src 'nonce-${nonce}' 'strict-dynamic'`);
      res.setHeader("content-type", "text/html; charset=utf-8");
      const who = sessionOf(req.headers.cookie);
      // A landing page sends a signed-in visitor on (as `/` sends them to /home).
      if (who && url.searchParams.has("landing")) return void res.writeHead(307, { location: "/home" }).end();
      const html = `<html><head><script nonce="${nonce}">self.n="${nonce}"</script></head><body class="b"><p>${who ? `hello ${who}` : "y".repeat(2000)}</p></body></html>`;
      if (/gzip/.test(String(req.headers["accept-encoding"]))) {
        res.setHeader("content-encoding", "gzip");
        res.end(gzipSync(html));
      } else res.end(html);
      return;
    }
    if (url.searchParams.get("mark") !== "no") res.setHeader(SHARED_HEADER, "7;");
    if (url.searchParams.get("cookie") === "yes") res.setHeader("set-cookie", ["XSRF-TOKEN=t", "nosh_session=s"]);
    if (url.searchParams.get("cookie") === "xsrf") res.setHeader("set-cookie", "XSRF-TOKEN=t; Path=/; SameSite=lax");
    res.setHeader("content-type", "application/json");
    const size = Number(url.searchParams.get("size") ?? 100);
    res.write("x".repeat(Math.floor(size / 2)));
    res.end("x".repeat(size - Math.floor(size / 2)));
  };
  server = http.createServer((req, res) => {
    const place = shared.placeOf(req);
    const kept = shared.find(place);
    // As the host's toNext() (pipeline.mjs): a signed-in visitor's page is theirs alone, the anonymous one is asked for beside it.
    const toNext = async () => {
      if (place?.personal) {
        const keep = shared.keeps(place);
        res.once("finish", () => void (keep && (filled = shared.fill(place, req, res.statusCode))));
        return next(req, res);
      }
      if (!shared.keeps(place)) return next(req, res);
      shared.capture(place, req, res, place?.page ? await registry().pageMark!(String(req.url)) : null);
      next(req, res);
    };
    if (kept && place) void shared.replay(kept, place, req, res).then((served) => (served ? undefined : toNext()));
    else {
      shared.missed(place);
      void toNext();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  shared.listening(base);
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function get(path: string, encoding = "identity", cookie?: string) {
  const response = await fetch(base + path, { headers: { "accept-encoding": encoding, ...(cookie ? { cookie } : {}) }, redirect: "manual" });
  const body = await response.text();
  // A page it rendered is compressed off the main thread: kept once that is done.
  await shared.settled();
  return { response, body };
}
const times = (path: string) => answered.get(path) ?? 0;
/** The anonymous render asked for once a signed-in visitor's answer finished (fill), kept. */
async function fillDone() {
  for (let i = 0; i < 200 && !filled; i++) await new Promise((resolve) => setTimeout(resolve, 5));
  await filled;
  await shared.settled();
  filled = undefined;
}

describe("shared answers in the host", () => {
  it("replays a marked answer, bytes and headers, without the mark", async () => {
    const first = await get("/a?size=3000");
    const second = await get("/a?size=3000");
    expect(times("/a?size=3000")).toBe(1);
    expect(second.body).toBe(first.body);
    expect(second.response.headers.get("content-type")).toBe("application/json");
    expect(second.response.headers.get("content-length")).toBe("3000");
    for (const { response } of [first, second]) expect(response.headers.has(SHARED_HEADER)).toBe(false);
  });

  it("keeps a JSON answer per language (the app's apiLanguage): a Spanish reader's copy is never replayed to an English one", async () => {
    registry().apiLanguage = (cookie, acceptLanguage) => (/lang=es/.test(cookie ?? "") || acceptLanguage?.startsWith("es") ? "es" : "");
    const inLanguage = (language: string) =>
      fetch(`${base}/menu?size=100`, { headers: { "accept-encoding": "identity", "accept-language": language } }).then((response) => response.text());
    await inLanguage("es-MX");
    await inLanguage("es");
    expect(times("/menu?size=100")).toBe(1);
    await inLanguage("en-US");
    expect(times("/menu?size=100")).toBe(2);
    await get("/menu?size=100", "identity", "lang=es");
    await get("/menu?size=100");
    expect(times("/menu?size=100")).toBe(2);
    registry().apiLanguage = null;
  });

  it("keeps nothing unmarked, nothing that sets a cookie but the XSRF token, nothing over the per-answer bound", async () => {
    await get("/b?cookie=xsrf");
    const replayed = await get("/b?cookie=xsrf");
    expect(times("/b?cookie=xsrf")).toBe(1);
    expect(replayed.response.headers.get("set-cookie")).toBeNull(); // the replay sets what check() says: here nothing
    for (const path of ["/b?mark=no", "/b?cookie=yes", "/b?size=6000"]) {
      await get(path);
      await get(path);
      expect({ path, answered: times(path) }).toEqual({ path, answered: 2 });
    }
  });

  it("asks Next.js again when the check says stale or the request needs a cookie", async () => {
    await get("/c");
    verdict = "next";
    await get("/c");
    expect(times("/c")).toBe(2);
    verdict = "stale";
    await get("/c");
    verdict = "fresh";
    await get("/c");
    expect(times("/c")).toBe(3);
  });

  it("holds at most its byte budget, the least recently used answer going first", async () => {
    await get("/d1?size=4000");
    await get("/d2?size=4000");
    await get("/d1?size=4000"); // d1 used last: d2 is now the oldest
    await get("/d3?size=4000"); // 12,000 bytes > 10,000: d2 goes
    await get("/d1?size=4000");
    await get("/d3?size=4000");
    await get("/d2?size=4000");
    expect([times("/d1?size=4000"), times("/d2?size=4000"), times("/d3?size=4000")]).toEqual([1, 2, 1]);
  });

  it("holds at most its entries however small each answer (URLs are the visitor's), each counted with its key and headers", async () => {
    for (let i = 0; i < 60; i++) await get(`/e${i}?size=10`);
    // An eighth of the entries and bytes is kept for pages on trial (rendered once).
    expect(shared.size.entries).toBe(20 - Math.floor(20 / 8));
    expect(shared.size.bytes).toBeLessThanOrEqual(10_000 - 10_000 / 8);
    expect(shared.size.bytes).toBeGreaterThan(20 * (10 + "/e0?size=10".length + "content-type".length + "application/json".length));
    await get("/e59?size=10");
    await get("/e0?size=10");
    expect([times("/e59?size=10"), times("/e0?size=10")]).toEqual([1, 2]);
  });

  it("replays a page with a fresh nonce in its policy and its scripts, compressed or not as asked", async () => {
    const first = await get("/page", "gzip"); // kept from its first render
    const nonceOf = (policy: string | null) => /'nonce-([^']+)'/.exec(policy ?? "")![1]!;
    const seen = new Set([nonceOf(first.response.headers.get("content-security-policy"))]);
    for (const encoding of ["gzip", "identity", "gzip"]) {
      const { response, body } = await get("/page", encoding);
      const nonce = nonceOf(response.headers.get("content-security-policy"));
      expect(seen.has(nonce)).toBe(false);
      seen.add(nonce);
      expect(body).toBe(first.body.replaceAll(nonceOf(first.response.headers.get("content-security-policy")), nonce));
      expect(response.headers.get("content-encoding")).toBe(encoding === "gzip" ? "gzip" : null);
    }
    expect(times("/page")).toBe(1);
  });

  it("replays the anonymous page to signed-in visitors with their own session hole, renders it anonymously beside a first one", async () => {
    const nonceOf = (response: Response) => /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")![1]!;
    // Nothing kept yet: a signed-in visitor gets a render of their own; from the second on, the
    // anonymous render is asked for beside it.
    await get("/page2", "gzip", "session=ann");
    filled = undefined;
    const own = await get("/page2", "gzip", "session=ann");
    expect(own.body).toContain("hello ann");
    await fillDone();
    expect(times("/page2")).toBe(3);
    const anonymous = await get("/page2");
    const anonymousBody = anonymous.body.replaceAll(nonceOf(anonymous.response), "N");
    expect(anonymousBody).not.toContain("hello");
    for (const [name, encoding] of [
      ["ann", "gzip"],
      ["bob", "identity"],
    ] as const) {
      const { response, body } = await get("/page2", encoding, `session=${name}`);
      const nonce = nonceOf(response);
      // The kept bytes, the fresh nonce, and the hole in the body tag: nothing of anyone else.
      expect(body.replaceAll(nonce, "N")).toBe(anonymousBody.replace('<body class="b">', `<body class="b"${sessionHole(users[name]!, "N")}`));
      expect(body).toContain(`<script type="application/json" id="nosh-session" nonce="${nonce}">`);
      expect(response.headers.get("content-encoding")).toBe(encoding === "gzip" ? "gzip" : null);
    }
    // "<" is escaped: the JSON cannot close its script.
    const bob = (await get("/page2", "identity", "session=bob")).body;
    expect(bob.match(/<script/g)).toHaveLength(2);
    expect(bob).toContain("Bob\\u003c/script>\\u003cscript>");
    expect(times("/page2")).toBe(3);
    // A session that no longer holds goes to Next.js (its own render, nothing kept of it).
    const gone = await get("/page2", "identity", "session=eve");
    expect(gone.body).toContain("hello eve");
    expect(times("/page2")).toBe(4);
    expect((await get("/page2")).body).not.toContain("eve");
    expect(times("/page2")).toBe(4);
  });

  it("keeps a page from its first render: the second visit is replayed; a signed-in visitor's first render asks for no anonymous one", async () => {
    const first = await get("/page?search=twice");
    const second = await get("/page?search=twice");
    for (let i = 0; i < 3; i++) await get("/page?search=twice", "gzip");
    expect(times("/page?search=twice")).toBe(1);
    expect(second.body).toContain("y".repeat(2000));
    expect(second.response.headers.get("content-security-policy")).not.toBe(first.response.headers.get("content-security-policy"));
    // A signed-in visitor's first render asks for no anonymous one; their second does, and it is kept.
    await get("/page?search=signed-in", "identity", "session=ann");
    expect(times("/page?search=signed-in")).toBe(1);
    await get("/page?search=signed-in", "identity", "session=ann");
    await fillDone();
    expect(times("/page?search=signed-in")).toBe(3);
    expect((await get("/page?search=signed-in", "identity", "session=bob")).body).not.toContain("hello");
    expect(times("/page?search=signed-in")).toBe(3);
  });

  it("keeps a page only signed-in visitors ask for, which redirects them (as / does): from their second visit on, replayed redirects", async () => {
    const cookie = "session=ann";
    const first = await get("/page?landing&only-signed-in", "identity", cookie);
    expect(first.response.status).toBe(307);
    expect(times("/page?landing&only-signed-in")).toBe(1);
    filled = undefined;
    await get("/page?landing&only-signed-in", "identity", cookie);
    await fillDone();
    // Their own render, then the anonymous page asked for beside it, and kept.
    expect(times("/page?landing&only-signed-in")).toBe(3);
    for (let i = 0; i < 3; i++) {
      const { response } = await get("/page?landing&only-signed-in", "identity", cookie);
      expect([response.status, response.headers.get("location")]).toEqual([307, "/home"]);
    }
    expect(times("/page?landing&only-signed-in")).toBe(3);
  });

  it("answers a signed-in visitor's redirect without asking Next.js once the page is kept", async () => {
    const anonymous = await get("/page?landing");
    const { response, body } = await get("/page?landing", "identity", "session=ann");
    expect(response.status).toBe(307);
    // Its policy carries a nonce of its own too (none is ever sent twice).
    expect(response.headers.get("content-security-policy")).toMatch(/'nonce-[^']+'/);
    expect(response.headers.get("content-security-policy")).not.toBe(anonymous.response.headers.get("content-security-policy"));
    expect(response.headers.get("location")).toBe("/home");
    expect(body).toBe("");
    expect(times("/page?landing")).toBe(1);
  });
});

describe("a page's gzip from pieces compressed once (gzipOfPieces)", () => {
  it("keeps each deflated segment in memory of its own size (zlib's output is a view of a 16 KB chunk)", async () => {
    for (const segment of [Buffer.from("<p>"), Buffer.from("x".repeat(100_000))]) {
      const { deflated } = await deflateSegmentAside(segment);
      expect(deflated.buffer.byteLength).toBe(deflated.length);
    }
  });

  it("is one valid gzip member of exactly the joined bytes: deflated segments, stored pieces (past 64 KiB too), empty ones", async () => {
    const texts = [
      "<!DOCTYPE html><html><body".repeat(50),
      ' data-session="signed-in">',
      "",
      "",
      '<script nonce="'.repeat(30),
      "n".repeat(70_000) + "é",
      '">self.__next_f.push([1,"x"])</script></body></html>',
    ];
    const big = Buffer.from(texts[5]!);
    // Kept segments (deflated once, their raw bytes not kept) and bytes of one answer (sent stored), in turn.
    const pieces = await Promise.all(texts.map(async (text, i) => (i % 2 ? { bytes: Buffer.from(text) } : await deflateSegmentAside(Buffer.from(text)))));
    const joined = Buffer.from(texts.join(""));
    expect(gunzipSync(gzipOfPieces(pieces)).equals(joined)).toBe(true);
    // The same bytes again from the kept segments alone (an answer sent uncompressed).
    expect(Buffer.concat(pieces.map((piece) => ("bytes" in piece ? piece.bytes : inflateSegment(piece)))).equals(joined)).toBe(true);
    // Only what differs per answer is sent uncompressed: the static text still shrinks.
    expect(gzipOfPieces(pieces).length).toBeLessThan(big.length + 1_000);
  });
});

describe("kept pages paint first, then run their scripts (paintFirst)", () => {
  const nonce = "abc+/=";
  // The shape of Next.js 16's document: async chunks in <head> (one also preloaded), a nomodule
  // polyfill, the bootstrap script after the shell, the flight payload after it.
  const page = [
    `<!DOCTYPE html><html><head><link rel="stylesheet" href="/a.css" nonce="${nonce}"/>`,
    `<link rel="preload" as="script" fetchPriority="low" nonce="${nonce}" href="/_next/static/chunks/main.js"/>`,
    `<script src="/_next/static/chunks/one.js" async="" nonce="${nonce}"></script>`,
    `<script src="/_next/static/chunks/two.js" async="" nonce="${nonce}"></script>`,
    `<script src="/_next/static/chunks/poly.js" noModule="" nonce="${nonce}"></script></head>`,
    `<body><main>shell<img alt="first" loading="eager" fetchPriority="high" src="/p/1"/>`,
    `<img alt="below" loading="lazy" decoding="async" sizes="75vw" srcSet="/p/2?w=640&amp;q=75 640w" src="/p/2?w=640&amp;q=75"/></main>`,
    `<script nonce="${nonce}">(globalThis.TURBOPACK||=[]).push({})</script>`,
    `<script src="/_next/static/chunks/main.js" nonce="${nonce}" async=""></script>`,
    `<div hidden id="S:0"><img alt="streamed" loading="lazy" src="/p/3"/></div>`,
    `<script nonce="${nonce}">(self.__next_f=self.__next_f||[]).push([0])</script></body></html>`,
  ].join("");

  it("takes the async scripts and their preloads out, a marker where the last was, a loader of them all in order", () => {
    const out: string = paintFirst(page, nonce);
    expect(out).not.toMatch(/<script src="[^"]*"[^>]*async/);
    // Nothing downloads them before the loader does: not even Next.js's own preload of one.
    expect(out).not.toContain(`<link rel="preload" as="script"`);
    expect(out).toContain(`<link rel="stylesheet" href="/a.css" nonce="${nonce}"/>`);
    expect(out).toContain(`<script src="/_next/static/chunks/poly.js" noModule="" nonce="${nonce}"></script>`);
    expect(out).toContain(`push({})</script><script nonce="${nonce}">__noshScripts()</script><div hidden id="S:0">`);
    const loader = /<script nonce="[^"]*">(\(function\(\)\{var s=[\s\S]*?)<\/script><\/head>/.exec(out);
    expect(loader?.[1]).toContain(JSON.stringify(["one", "two", "main"].map((n) => `/_next/static/chunks/${n}.js`)));
    // Every script still carries the page's nonce (replaced on each replay).
    for (const tag of out.match(/<script\b[^>]*>/g)!) expect(tag).toContain(`nonce="${nonce}"`);
  });

  it("holds the shell's lazy photos back with the scripts: not the eager first ones, not what streams after the shell", () => {
    const out: string = paintFirst(page, nonce);
    expect(out).toContain(`<img alt="first" loading="eager" fetchPriority="high" src="/p/1"/>`);
    expect(out).toContain(
      `<img alt="below" loading="lazy" decoding="async" sizes="75vw" data-nosh-srcset="/p/2?w=640&amp;q=75 640w" data-nosh-src="/p/2?w=640&amp;q=75"/>`,
    );
    expect(out).toContain(`<img alt="streamed" loading="lazy" src="/p/3"/>`);
  });

  it("writes each stylesheet into the page, its link kept (React finds it) but matching no media (nothing waits for it)", () => {
    const sheets: Record<string, string | null> = { "/_next/static/chunks/a.css": ".a{color:red}", "/_next/static/chunks/b.css": null };
    const html = [
      `<head><link rel="stylesheet" href="/_next/static/chunks/a.css" nonce="${nonce}" data-precedence="next"/>`,
      `<link rel="stylesheet" href="/_next/static/chunks/b.css" nonce="${nonce}" data-precedence="next"/></head>`,
    ].join("");
    expect(inlineStyles(html, (href: string) => sheets[href] ?? null)).toBe(
      [
        `<head><style data-href="/_next/static/chunks/a.css">.a{color:red}</style>`,
        `<link rel="stylesheet" href="/_next/static/chunks/a.css" nonce="${nonce}" media="not all" data-precedence="next"/>`,
        // One it cannot read (or that would close its <style>) stays a stylesheet as it was.
        `<link rel="stylesheet" href="/_next/static/chunks/b.css" nonce="${nonce}" data-precedence="next"/></head>`,
      ].join(""),
    );
  });

  it("leaves a page without async scripts, or with scripts not under the page's nonce, as it is", () => {
    const plain = `<html><head><script nonce="${nonce}">self.x=1</script></head><body></body></html>`;
    expect(paintFirst(plain, nonce)).toBe(plain);
    expect(paintFirst(page, "other")).toBe(page);
  });

  type Photo = { complete: boolean; listeners: Record<string, () => void>; addEventListener: (type: string, fn: () => void) => void };
  /** The page's main photo in the stand-in browser: loaded already, or loading until its event. */
  const photo = (complete: boolean): Photo => {
    const listeners: Record<string, () => void> = {};
    return { complete, listeners, addEventListener: (type, fn) => void (listeners[type] = fn) };
  };

  type Img = {
    attributes: Map<string, string>;
    getAttribute: (n: string) => string | null;
    setAttribute: (n: string, v: string) => void;
    removeAttribute: (n: string) => void;
  };
  const img = (attributes: Record<string, string>): Img => {
    const map = new Map(Object.entries(attributes));
    return { attributes: map, getAttribute: (n) => map.get(n) ?? null, setAttribute: (n, v) => void map.set(n, v), removeAttribute: (n) => void map.delete(n) };
  };

  /** Runs the loader in a stand-in browser; returns what it appended and the callbacks it queued. */
  function load(visibility: "visible" | "hidden", mainPhoto: Photo | null = null, paints?: ((entries: { name: string }[]) => void)[]) {
    const loader = /<script nonce="[^"]*">(\(function\(\)\{var s=[\s\S]*?)<\/script><\/head>/.exec(paintFirst(page, nonce))![1]!;
    const appended: string[] = [];
    const frames: (() => void)[] = [];
    const timers: { fn: () => void; ms: number }[] = [];
    const held = img({ "data-nosh-srcset": "/p/2 640w", "data-nosh-src": "/p/2" });
    const context = {
      window: (paints
        ? {
            // A browser that reports paints: the loader's observer, called with the entries given to `paints`.
            PerformanceObserver: Object.assign(
              function (this: unknown, callback: (list: { getEntries: () => { name: string }[] }, observer: { disconnect: () => void }) => void) {
                return { observe: () => paints.push((entries) => callback({ getEntries: () => entries }, { disconnect: () => undefined })) };
              },
              { supportedEntryTypes: ["paint"] },
            ),
          }
        : {}) as { __noshScripts?: () => void },
      document: {
        visibilityState: visibility,
        querySelector: (selector: string) => (selector === 'img[fetchpriority="high"]' ? mainPhoto : null),
        querySelectorAll: (selector: string) => (selector === "img[data-nosh-src]" && held.attributes.has("data-nosh-src") ? [held] : []),
        createElement: () => ({ src: "", async: false }),
        head: { appendChild: (e: { src: string; async: boolean }) => appended.push(`${e.src}${e.async ? " async" : ""}`) },
      },
      requestAnimationFrame: (fn: () => void) => frames.push(fn),
      setTimeout: (fn: () => void, ms: number) => timers.push({ fn, ms }),
    };
    vm.runInNewContext(loader, context);
    /** Runs the frames and the zero-delay tasks queued so far, and those they queue. */
    const flush = () => {
      for (let queued = true; queued;) {
        queued = false;
        for (const frame of frames.splice(0)) {
          frame();
          queued = true;
        }
        for (const timer of timers.filter((t) => t.ms === 0)) {
          timers.splice(timers.indexOf(timer), 1);
          timer.fn();
          queued = true;
        }
      }
    };
    return { appended, frames, timers, flush, held, marker: () => context.window.__noshScripts!() };
  }

  it("adds the scripts once the first frame is painted and the shell parsed, in order, once", () => {
    const { appended, frames, timers, marker } = load("visible");
    marker(); // the shell is parsed, no frame yet
    expect(appended).toEqual([]);
    frames.shift()!(); // the first frame's requestAnimationFrame: queues a task after its paint
    expect(appended).toEqual([]);
    timers.find((t) => t.ms === 0)!.fn();
    expect(appended).toEqual(["one", "two", "main"].map((n) => `/_next/static/chunks/${n}.js async`));
    timers.find((t) => t.ms > 0)!.fn(); // the fallback timer later: nothing twice
    marker();
    expect(appended).toHaveLength(3);
  });

  it("where the browser reports paints, waits for the first contentful one, not a frame drawn before the content", () => {
    const paints: ((entries: { name: string }[]) => void)[] = [];
    const { appended, frames, timers, marker } = load("visible", null, paints);
    marker();
    expect(frames).toHaveLength(0); // no frame is taken for the paint
    paints[0]!([{ name: "first-paint" }]);
    expect(timers.filter((t) => t.ms === 0)).toHaveLength(0);
    paints[0]!([{ name: "first-contentful-paint" }]);
    timers.find((t) => t.ms === 0)!.fn();
    expect(appended).toEqual(["one", "two", "main"].map((n) => `/_next/static/chunks/${n}.js async`));
  });

  it("gives the held-back photos their sources as it adds the scripts", () => {
    const { appended, flush, held, marker } = load("visible");
    marker();
    expect(held.getAttribute("src")).toBeNull();
    flush();
    expect(appended).toHaveLength(3);
    expect(Object.fromEntries(held.attributes)).toEqual({ srcset: "/p/2 640w", src: "/p/2" });
  });

  it("waits for the page's main photo too: its load and the frame that paints it, or its failure", () => {
    for (const event of ["load", "error"]) {
      const main = photo(false);
      const { appended, flush, marker } = load("visible", main);
      marker();
      flush();
      expect(appended, event).toEqual([]);
      main.listeners[event]!();
      if (event === "load") expect(appended, "a frame after the load").toEqual([]);
      flush();
      expect(appended, event).toHaveLength(3);
    }
    // A photo already in: the frame that shows it is waited for.
    const ready = load("visible", photo(true));
    ready.marker();
    ready.flush();
    expect(ready.appended).toHaveLength(3);
  });

  it("waits for the photo at most half a second after the frame (one being encoded on first request, a stalled one)", () => {
    const { appended, frames, timers, marker } = load("visible", photo(false));
    marker();
    expect(timers.map((t) => t.ms)).toEqual([3000]);
    frames.shift()!();
    timers.find((t) => t.ms === 0)!.fn();
    expect(appended).toEqual([]);
    const cap = timers.find((t) => t.ms > 0 && t.ms < 3000)!;
    expect(cap.ms).toBe(500);
    cap.fn();
    expect(appended).toHaveLength(3);
  });

  it("does not wait for a frame or a photo that may not come: a hidden page at once, a visible one after the fallback", () => {
    const hidden = load("hidden");
    expect(hidden.frames).toHaveLength(0);
    hidden.marker();
    expect(hidden.appended).toHaveLength(3);
    const stuck = load("visible", photo(false));
    stuck.marker();
    const fallback = stuck.timers.find((t) => t.ms > 0)!;
    expect(fallback.ms).toBeLessThanOrEqual(3000);
    fallback.fn();
    expect(stuck.appended).toHaveLength(3);
  });
});

describe("per-visitor pages that paint first (paintsFirst)", () => {
  const asks = (url: string, headers: Record<string, string> = {}) => paintsFirst({ method: "GET", url, headers } as never);
  it("holds the document of /checkout and of an order's page, not their RSC answers nor other pages", () => {
    expect(asks("/checkout")).toBe(true);
    expect(asks("/orders/42?from=checkout")).toBe(true);
    expect(asks("/orders/42", { rsc: "1" })).toBe(false);
    expect(asks("/orders")).toBe(false);
    expect(asks("/orders/42/receipt")).toBe(false);
    expect(asks("/orders/abc")).toBe(false);
  });
});
