import { expect, test } from "../fixtures";
import http from "node:http";
import zlib from "node:zlib";

// The app's JavaScript and CSS are compressed at build time (server/precompress.mjs: brotli quality 11
// and zopfli gzip beside each file) and served by the host (server/static-twins.mjs) with the headers Next.js sends for
// the file itself; anything else under /_next/static is Next.js's, as before (docs/log/performance.md
// "Page performance"). Sent with node:http: fetch and Playwright's request context decode the
// body and normalise `..` in paths, and both are what is under test here.

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** One request with its path sent exactly as given (no normalisation) and the body as it came. */
function raw(baseURL: string, path: string, headers: Record<string, string> = {}, method = "GET"): Promise<Answer> {
  const { hostname, port } = new URL(baseURL);
  return new Promise((resolve, reject) => {
    const request = http.request({ method, host: hostname, port, path, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on("error", reject);
    });
    request.on("error", reject);
    request.end();
  });
}

/** Headers that belong to the connection, the moment or the request, or that describe the bytes sent rather than the file. */
const PER_ANSWER = ["date", "connection", "keep-alive", "transfer-encoding", "content-length", "content-encoding", "accept-ranges", "x-request-id"];
const fileHeaders = (headers: http.IncomingHttpHeaders) => Object.fromEntries(Object.entries(headers).filter(([name]) => !PER_ANSWER.includes(name)));

let chunk: string; // the framework's largest chunk, as the page's <script> tag names it
let stylesheet: string;
let identity: Answer; // Next.js's own answer, uncompressed

test.beforeAll(async ({ baseURL }) => {
  const html = (await raw(baseURL!, "/about", { "accept-encoding": "identity" })).body.toString("utf8");
  const scripts = [...html.matchAll(/<script\b[^>]*\bsrc="(\/_next\/static\/[^"]+\.js)"/g)].map((m) => m[1]!);
  expect(scripts.length).toBeGreaterThan(0);
  const sizes = await Promise.all(
    scripts.map(async (src) => [src, Number((await raw(baseURL!, src, { "accept-encoding": "identity" }, "HEAD")).headers["content-length"])] as const),
  );
  chunk = sizes.sort((a, b) => b[1] - a[1])[0]![0];
  stylesheet = /<link\b[^>]*\bhref="(\/_next\/static\/[^"]+\.css)"/.exec(html)![1]!;
  identity = await raw(baseURL!, chunk, { "accept-encoding": "identity" });
  expect(identity.status).toBe(200);
  expect(identity.body.length).toBeGreaterThan(50_000);
});

test("the framework's largest chunk: brotli, zopfli gzip or identity as the client accepts, the same bytes each time", async ({ baseURL }) => {
  expect(identity.headers["content-encoding"]).toBeUndefined();
  expect(Number(identity.headers["content-length"])).toBe(identity.body.length);

  const br = await raw(baseURL!, chunk, { "accept-encoding": "gzip, deflate, br, zstd" });
  expect(br.status).toBe(200);
  expect(br.headers["content-encoding"]).toBe("br");
  expect(Number(br.headers["content-length"])).toBe(br.body.length);
  expect(zlib.brotliDecompressSync(br.body).equals(identity.body)).toBe(true);

  const gzip = await raw(baseURL!, chunk, { "accept-encoding": "gzip" });
  expect(gzip.headers["content-encoding"]).toBe("gzip");
  expect(Number(gzip.headers["content-length"])).toBe(gzip.body.length);
  expect(zlib.gunzipSync(gzip.body).equals(identity.body)).toBe(true);
  // The build's zopfli twin, not a gzip made for this request (Next.js's is level 6).
  expect(gzip.body.length).toBeLessThan(zlib.gzipSync(identity.body, { level: 9 }).length);
  expect(br.body.length).toBeLessThan(gzip.body.length);

  for (const answer of [br, gzip]) expect(answer.headers.vary).toBe("Accept-Encoding");
});

test("a pre-compressed answer carries the headers Next.js sends for the same file", async ({ baseURL }) => {
  // Next.js's own gzip answer: a conditional request is left to it (its `send` answers 304s).
  const nextGzip = await raw(baseURL!, chunk, { "accept-encoding": "gzip", "if-none-match": '"not-this-one"' });
  expect(nextGzip.status).toBe(200);
  expect(nextGzip.headers["content-encoding"]).toBe("gzip");
  const br = await raw(baseURL!, chunk, { "accept-encoding": "br" });
  const gzip = await raw(baseURL!, chunk, { "accept-encoding": "gzip" });
  expect(br.headers["content-encoding"]).toBe("br");
  expect(gzip.body.length).toBeLessThan(nextGzip.body.length); // the twin, not Next.js's level 6
  for (const answer of [br, gzip]) {
    expect(fileHeaders(answer.headers)).toEqual(fileHeaders(identity.headers));
    expect(fileHeaders(answer.headers)).toEqual(fileHeaders(nextGzip.headers));
  }
  // What those are (next.config.mjs headers(), Next.js's router and `send`):
  expect(br.headers["content-type"]).toBe("application/javascript; charset=UTF-8");
  expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect(br.headers["x-content-type-options"]).toBe("nosniff");
  expect(br.headers["x-frame-options"]).toBe("DENY");
  expect(br.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(br.headers["permissions-policy"]).toBe("camera=(), microphone=(), geolocation=(self)");
  expect(br.headers.etag).toMatch(/^W\/"[0-9a-f]+-[0-9a-f]+"$/);
  expect(br.headers["last-modified"]).toBe(identity.headers["last-modified"]);
  // A conditional request with the file's ETag is Next.js's 304, as before.
  expect((await raw(baseURL!, chunk, { "accept-encoding": "br", "if-none-match": String(br.headers.etag) })).status).toBe(304);
});

test("HEAD answers the headers of the GET, without a body", async ({ baseURL }) => {
  const get = await raw(baseURL!, chunk, { "accept-encoding": "br" });
  const head = await raw(baseURL!, chunk, { "accept-encoding": "br" }, "HEAD");
  expect(head.status).toBe(200);
  expect(head.body.length).toBe(0);
  expect(head.headers["content-encoding"]).toBe("br");
  expect(head.headers["content-length"]).toBe(get.headers["content-length"]);
  expect(fileHeaders(head.headers)).toEqual(fileHeaders(get.headers));
});

test("Accept-Encoding is honoured: q=0 refuses a coding, identity or no header gets the file as it is", async ({ baseURL }) => {
  const encodingFor = async (accept?: string) => (await raw(baseURL!, chunk, accept === undefined ? {} : { "accept-encoding": accept })).headers["content-encoding"];
  expect(await encodingFor("br;q=0, gzip")).toBe("gzip");
  expect(await encodingFor("gzip;q=0.5, br;q=0.4")).toBe("gzip");
  expect(await encodingFor("*")).toBe("br");
  expect(await encodingFor("*, br;q=0")).toBe("gzip");
  expect(await encodingFor("br;q=0, gzip;q=0")).toBeUndefined();
  expect(await encodingFor("identity")).toBeUndefined();
  expect(await encodingFor()).toBeUndefined();
  // A range of the file is Next.js's answer, over the uncompressed bytes.
  const range = await raw(baseURL!, chunk, { "accept-encoding": "br", range: "bytes=0-99" });
  expect(range.status).toBe(206);
  expect(range.headers["content-encoding"]).toBeUndefined();
  expect(range.body.equals(identity.body.subarray(0, 100))).toBe(true);
});

test("stylesheets are served the same way", async ({ baseURL }) => {
  const plain = await raw(baseURL!, stylesheet, { "accept-encoding": "identity" });
  const br = await raw(baseURL!, stylesheet, { "accept-encoding": "br" });
  expect(br.headers["content-encoding"]).toBe("br");
  expect(br.headers["content-type"]).toBe("text/css; charset=UTF-8");
  expect(zlib.brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
  expect(fileHeaders(br.headers)).toEqual(fileHeaders(plain.headers));
});

test("no path leaves .next/static; a missing file is Next.js's 404", async ({ baseURL }) => {
  const file = chunk.slice(chunk.lastIndexOf("/") + 1);
  for (const path of [
    "/_next/static/../../package.json",
    "/_next/static/%2e%2e/%2e%2e/package.json",
    "/_next/static/chunks/%2e%2e/%2e%2e/%2e%2e/package.json",
    "/_next/static/chunks/..%2f..%2f..%2fpackage.json",
    "/_next/static/chunks/..%5c..%5c..%5cpackage.json",
    "/_next/static/%2e%2e/server/app/about.html",
    "/_next/static/chunks/%00.js",
  ]) {
    const answer = await raw(baseURL!, path, { "accept-encoding": "br, gzip" });
    expect([400, 404], path).toContain(answer.status);
    expect(answer.headers["content-encoding"] ?? "", path).not.toBe("br");
    expect(answer.body.toString("latin1"), path).not.toContain('"name": "nosh"');
  }
  // A twin reached through `..` is not looked up (Next.js answers it, as it would without the twins).
  const around = await raw(baseURL!, `/_next/static/chunks/../chunks/${file}`, { "accept-encoding": "br" });
  expect(around.headers["content-encoding"]).not.toBe("br");

  const missing = await raw(baseURL!, "/_next/static/chunks/no-such-chunk.js", { "accept-encoding": "br, gzip" });
  const missingPlain = await raw(baseURL!, "/_next/static/chunks/no-such-chunk.js", { "accept-encoding": "identity" });
  expect(missing.status).toBe(404);
  expect(missingPlain.status).toBe(404);
  expect(missing.headers["content-type"]).toBe(missingPlain.headers["content-type"]);
  // The twins themselves are plain files of the build (what a CDN would serve too), never the way out.
  expect((await raw(baseURL!, `${chunk}.br/../../../package.json`, { "accept-encoding": "br" })).body.toString("latin1")).not.toContain('"name": "nosh"');
});
