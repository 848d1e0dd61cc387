import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestListener } from "../pipeline.mjs";
import { operations } from "../ops.mjs";
import { workerMetrics } from "../metrics.mjs";
import { routeMatcher } from "../route-templates.mjs";
import { keptAnswers, type KeptAnswers } from "./store.mjs";

// A page's render under way (server/kept-answers/underway.mjs) through the host's own pipeline
// (server/pipeline.mjs): requests for the page meanwhile wait for it, and a render whose client
// left before it began, or before it ended, never holds them; the next render of a page whose
// last one was cut off so is counted as such, not as a page that cannot be kept. Next.js answers nothing to a response already closed
// (pipe-readable.js: `if (errored || destroyed) return`), and so does the stand-in here.

let shared: KeptAnswers;
let origin = "";
let server: http.Server;
/** The page's mark is held until released (a busy database under the rush). */
let markGate: Promise<void> = Promise.resolve();
let renders = 0;
/** The rest of /restaurants/77 is held until released, its first part written (a slow part of a page under load). */
let restGate: Promise<void> = Promise.resolve();

beforeAll(async () => {
  shared = keptAnswers({ maxBytes: 1 << 20, maxEntryBytes: 1 << 19, maxEntries: 20 });
  shared.registry.check = async () => ({ verdict: "fresh", cookies: [] });
  shared.registry.pageKey = (url) => (url.startsWith("/restaurants/") ? { key: `page ${url}`, personal: false, anonymousCookie: "" } : null);
  shared.registry.pageMark = async () => {
    await markGate;
    return "7;";
  };
  const handle = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    renders++;
    if (res.destroyed) return; // as Next.js: nothing is written to a client gone
    const nonce = "n0nce";
    res.setHeader("content-security-policy", `script-src 'nonce-${nonce}'`);
    res.setHeader("content-type", "text/html; charset=utf-8");
    if (req.url !== "/restaurants/77") return void res.end(`<html><head><script nonce="${nonce}">1</script></head><body><p>menu</p></body></html>`);
    res.write(`<html><head><script nonce="${nonce}">1</script></head><body>`);
    await restGate;
    if (res.destroyed) return; // as Next.js: it stops writing to a client gone
    res.end("<p>menu</p></body></html>");
  };
  const ops = operations({ metrics: workerMetrics(), heapFull: () => false, accepting: () => true, route: routeMatcher(["/restaurants/[id]"]) });
  server = http.createServer(
    requestListener({ handle, twins: new Map(), shared, allowHandOff: () => {}, maxBodyBytes: 1 << 20, routes: new Map(), ops, heapFull: () => false }),
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const page = (path: string, signal?: AbortSignal) => fetch(`${origin}${path}`, { headers: { accept: "text/html", "accept-encoding": "gzip" }, signal });

describe("a page's render under way", () => {
  it("is waited for by a second request, which is replayed, not rendered again", async () => {
    let open = () => {};
    markGate = new Promise((resolve) => (open = resolve));
    renders = 0;
    const first = page("/restaurants/1");
    await new Promise((resolve) => setTimeout(resolve, 50));
    const second = page("/restaurants/1");
    await new Promise((resolve) => setTimeout(resolve, 50));
    open();
    const answers = await Promise.all([first, second]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(await answers[1].text()).toContain("menu");
    expect(renders).toBe(1);
  });

  it("whose client left before it began holds no one: the next request is answered at once", async () => {
    let open = () => {};
    markGate = new Promise((resolve) => (open = resolve));
    const leaving = new AbortController();
    const gone = page("/restaurants/52", leaving.signal).catch(() => "aborted");
    await new Promise((resolve) => setTimeout(resolve, 50));
    leaving.abort();
    expect(await gone).toBe("aborted");
    // The server has seen the client go (its response closed) before the mark is known.
    await new Promise((resolve) => setTimeout(resolve, 50));
    open();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const place = shared.placeOf({ method: "GET", url: "/restaurants/52", headers: { accept: "text/html" } } as http.IncomingMessage);
    expect(place).not.toBeNull();
    expect(shared.underway(place)).toBeUndefined();
    const next = await page("/restaurants/52");
    expect(next.status).toBe(200);
    expect(await next.text()).toContain("menu");
  });

  it("whose client left before it ended makes the next render count as cut off, not as a page that cannot be kept", async () => {
    let release = () => {};
    restGate = new Promise((resolve) => (release = resolve));
    const leaving = new AbortController();
    // Its first part arrived; then the client gives up (a request timed out under the rush).
    const cut = await page("/restaurants/77", leaving.signal);
    expect(cut.status).toBe(200);
    leaving.abort();
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const before = { ...shared.stats.pageRenders };
    const next = await page("/restaurants/77");
    expect(await next.text()).toContain("menu");
    expect(shared.stats.pageRenders["cut-off"] ?? 0).toBe((before["cut-off"] ?? 0) + 1);
    expect(shared.stats.pageRenders.unkeepable ?? 0).toBe(before.unkeepable ?? 0);
    // That render was kept: the next request is a replay.
    const replays = shared.stats.pageReplays;
    expect(await (await page("/restaurants/77")).text()).toContain("menu");
    expect(shared.stats.pageReplays).toBe(replays + 1);
  });
});
