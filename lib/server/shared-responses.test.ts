import http from "node:http";
import { gzipSync } from "node:zlib";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// @ts-expect-error: server.mjs is plain JavaScript without types.
import { sharedResponses } from "../../server.mjs";

// server.mjs's keeper of shared answers (lib/server/shared-responses.ts has the contract), in
// front of a stand-in for Next.js that counts what it answers: which answers are kept, which are
// not, and that memory stays within its bounds. e2e/api/search.spec.ts checks the real thing.

type Verdict = "fresh" | "stale" | "next";
type Registry = {
  header: string;
  check: (mark: string) => Promise<{ verdict: Verdict; cookies?: string[] }>;
  pageKey: (url: string) => string | null;
  pageMark: () => Promise<string>;
};
const registry = () => (globalThis as unknown as { __noshSharedResponses: Registry }).__noshSharedResponses;

const answered = new Map<string, number>();
let verdict: Verdict = "fresh";
let server: http.Server;
let base: string;

beforeAll(async () => {
  const shared = sharedResponses({ maxBytes: 10_000, maxEntryBytes: 5_000 });
  registry().check = async () => (verdict === "fresh" ? { verdict, cookies: [] } : { verdict });
  registry().pageKey = (url) => (url.startsWith("/page") ? `page ${url}` : null);
  registry().pageMark = async () => "7;";
  // The stand-in: ?size= bytes of "x", marked unless ?mark=no, setting a cookie if ?cookie=yes;
  // /page: an HTML page whose scripts carry the policy's nonce, compressed when asked.
  const next = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = new URL(req.url!, "http://x");
    answered.set(req.url!, (answered.get(req.url!) ?? 0) + 1);
    if (url.pathname === "/page") {
      const nonce = `n${Math.random().toString(36).slice(2)}`;
      res.setHeader("content-security-policy", `script-src 'nonce-${nonce}' 'strict-dynamic'`);
      res.setHeader("content-type", "text/html; charset=utf-8");
      const html = `<html><script nonce="${nonce}">self.n="${nonce}"</script><p>${"y".repeat(2000)}</p></html>`;
      if (/gzip/.test(String(req.headers["accept-encoding"]))) {
        res.setHeader("content-encoding", "gzip");
        res.end(gzipSync(html));
      } else res.end(html);
      return;
    }
    if (url.searchParams.get("mark") !== "no") res.setHeader(registry().header, "7;");
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
    const toNext = async () => {
      shared.capture(place, req, res, place?.page ? await registry().pageMark() : null);
      next(req, res);
    };
    if (kept) shared.replay(kept, place, req, res).then((served: boolean) => served || toNext());
    else void toNext();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function get(path: string, encoding = "identity") {
  const response = await fetch(base + path, { headers: { "accept-encoding": encoding } });
  return { response, body: await response.text() };
}
const times = (path: string) => answered.get(path) ?? 0;

describe("shared answers in server.mjs", () => {
  it("replays a marked answer, bytes and headers, without the mark", async () => {
    const first = await get("/a?size=3000");
    const second = await get("/a?size=3000");
    expect(times("/a?size=3000")).toBe(1);
    expect(second.body).toBe(first.body);
    expect(second.response.headers.get("content-type")).toBe("application/json");
    expect(second.response.headers.get("content-length")).toBe("3000");
    for (const { response } of [first, second]) expect(response.headers.has(registry().header)).toBe(false);
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

  it("replays a page with a fresh nonce in its policy and its scripts, compressed or not as asked", async () => {
    const first = await get("/page", "gzip");
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
});
