import http from "node:http";
import { gunzipSync, gzipSync } from "node:zlib";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paintFirstPage } from "./paint-first.mjs";
import { paintFirstWhole } from "./paint-first-whole.mjs";

// A per-visitor page that paints first (/checkout, an order's page), held whole and gzipped by the
// host (server/paint-first-whole.mjs), in front of a stand-in for Next.js: the same bytes and
// headers as a gzip at level 6 on the main thread gave, made in zlib's thread pool.

const nonce = "n0nce+/=";
const page = [
  `<!DOCTYPE html><html><head><script src="/_next/static/chunks/one.js" async="" nonce="${nonce}"></script></head>`,
  `<body><main>${"<p>Your order from Noodle Bar: 2 dishes, $24.50</p>".repeat(800)}</main>`,
  `<script src="/_next/static/chunks/main.js" nonce="${nonce}" async=""></script></body></html>`,
].join("");
/** Whether the answer had ended when the stand-in's end() returned. */
const endedAtOnce: boolean[] = [];
let server: http.Server;
let base: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    paintFirstWhole(req, res);
    res.setHeader("content-security-policy", `script-src 'nonce-${nonce}' 'strict-dynamic'`);
    res.setHeader("content-type", "text/html; charset=utf-8");
    res.setHeader("vary", "rsc");
    res.writeHead(200);
    res.write(page.slice(0, 1000));
    res.end(page.slice(1000));
    endedAtOnce.push(res.writableEnded);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** The raw answer to GET /checkout (undici would unzip it). */
function get(encoding: string) {
  return new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(`${base}/checkout`, { headers: { accept: "text/html", "accept-encoding": encoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

describe("a per-visitor page gzipped by the host (paintFirstWhole)", () => {
  it("gzips it in zlib's thread pool: the answer ends after end() returned, with the bytes and headers of a level 6 gzip", async () => {
    const { headers, body } = await get("gzip, deflate, br");
    expect(endedAtOnce.at(-1)).toBe(false);
    const painted = Buffer.from(paintFirstPage(page, nonce), "latin1");
    expect(body.equals(gzipSync(painted, { level: 6 }))).toBe(true);
    expect(gunzipSync(body).equals(painted)).toBe(true);
    expect(headers).toMatchObject({ "content-encoding": "gzip", vary: "rsc, Accept-Encoding", "content-length": String(body.length) });
    expect(headers["transfer-encoding"]).toBeUndefined();
  });

  it("sends it unzipped, at once, to a client that does not take gzip", async () => {
    const { headers, body } = await get("identity");
    expect(endedAtOnce.at(-1)).toBe(true);
    expect(body.toString("latin1")).toBe(paintFirstPage(page, nonce));
    expect(headers["content-encoding"]).toBeUndefined();
    expect(headers).toMatchObject({ vary: "rsc, Accept-Encoding", "content-length": String(body.length) });
  });
});
